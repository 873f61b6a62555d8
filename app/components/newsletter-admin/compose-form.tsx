import { useRef, useState, useSyncExternalStore } from "react";
import { Form, useNavigation } from "react-router";
import { FieldLabel } from "#app/components/forms/field.tsx";
import { RichTextField } from "#app/components/rich-text/index.tsx";
import { Alert, AlertTitle } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "#app/components/ui/dialog.tsx";
import { Eye, LoaderCircle, Send, SendHorizontal } from "#app/components/ui/icons.tsx";
import { Input } from "#app/components/ui/input.tsx";
import type { Answer } from "#kernel/answers.ts";
import { CAMPAIGN_SUBJECT_MAX, NEWSLETTER_ADMIN_TEXT } from "#kernel/schemas/newsletter-admin.ts";

/** What the page's action answered to the compose form (a refusal carries Conform's result with the typed values). */
export type ComposeAnswer = Answer<{ ok: true; intent: string; title?: string; message?: string }> | null;

const noSubscription = () => () => {};
const plural = (n: number) => (n === 1 ? "1 subscriber" : `${n.toLocaleString("en-US")} subscribers`);

/**
 * Compose a newsletter: subject and rich-text content, then Preview (the sanitized issue below the form), Send test
 * to me (to the administrator's own address) or Send (after a confirmation naming how many subscribers get it).
 * A plain form posting to the page's action, so it works without JavaScript (Send then posts at once); refused
 * input comes back with what was typed and the spec's 'Subject and content are required.'.
 */
export function NewsletterComposeForm({
  subscribers,
  adminEmail,
  answer,
}: {
  subscribers: number;
  adminEmail: string;
  answer: ComposeAnswer;
}) {
  const navigation = useNavigation();
  const busyIntent = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const formRef = useRef<HTMLFormElement>(null);
  const [confirming, setConfirming] = useState(false);
  const interactive = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const refusal = answer?.ok === false ? answer : null;
  const typed = refusal?.result?.initialValue ?? null;
  const errors = [...new Set(Object.values(refusal?.result?.error ?? {}).flatMap((e) => e ?? []))];
  const refused = refusal && errors.length === 0 ? refusal : null;
  const canSend = subscribers > 0;

  return (
    <Form method="post" ref={formRef} id="newsletter-compose" className="grid gap-5" aria-describedby="compose-help">
      <p id="compose-help" className="text-sm text-muted-foreground">
        Goes to {plural(subscribers)} who confirmed their address. Every copy carries its own one-click unsubscribe
        link.
      </p>
      {errors.length > 0 ? (
        <Alert variant="destructive" id="compose-errors" role="alert">
          <AlertTitle>{errors[0]}</AlertTitle>
          {errors.slice(1).map((e) => (
            <p key={e}>{e}</p>
          ))}
        </Alert>
      ) : null}
      {refused ? (
        <Alert variant="destructive" role="alert">
          <AlertTitle>{refused.title}</AlertTitle>
          <p>{refused.message}</p>
        </Alert>
      ) : null}
      <div className="grid gap-1.5">
        <FieldLabel htmlFor="newsletter-subject">Subject</FieldLabel>
        <Input
          id="newsletter-subject"
          name="subject"
          maxLength={CAMPAIGN_SUBJECT_MAX}
          defaultValue={typeof typed?.subject === "string" ? typed.subject : ""}
          aria-invalid={errors.length > 0 && !typed?.subject ? true : undefined}
          aria-describedby={errors.length > 0 ? "compose-errors" : undefined}
          autoComplete="off"
        />
      </div>
      <RichTextField
        name="content"
        id="newsletter-content"
        label="Content"
        defaultValue={typeof typed?.content === "string" ? typed.content : ""}
        hint="Headings, lists, links and images. Scripts and styles are removed before anything is sent."
      />
      <div className="flex flex-col-reverse gap-3 border-t border-border pt-5 sm:flex-row sm:flex-wrap sm:items-center sm:justify-end">
        <Button type="submit" name="intent" value="preview" variant="outline" formNoValidate>
          <Eye aria-hidden="true" />
          {busyIntent === "preview" ? "Preparing preview…" : "Preview"}
        </Button>
        <Button type="submit" name="intent" value="send-test" variant="outline" formNoValidate>
          {busyIntent === "send-test" ? (
            <LoaderCircle className="motion-safe:animate-spin" aria-hidden="true" />
          ) : (
            <SendHorizontal aria-hidden="true" />
          )}
          Send test to me<span className="sr-only"> ({adminEmail})</span>
        </Button>
        <Button
          type="submit"
          name="intent"
          value="send-campaign"
          variant="gold"
          disabled={!canSend || busyIntent === "send-campaign"}
          aria-describedby={canSend ? undefined : "compose-no-subscribers"}
          onClick={(e) => {
            if (!interactive) return;
            e.preventDefault();
            setConfirming(true);
          }}
        >
          {busyIntent === "send-campaign" ? (
            <LoaderCircle className="motion-safe:animate-spin" aria-hidden="true" />
          ) : (
            <Send aria-hidden="true" />
          )}
          {busyIntent === "send-campaign" ? "Starting…" : "Send newsletter"}
        </Button>
      </div>
      {canSend ? null : (
        <p id="compose-no-subscribers" className="text-sm text-muted-foreground sm:text-right">
          {NEWSLETTER_ADMIN_TEXT.sendDisabled}
        </p>
      )}
      <Dialog open={confirming} onOpenChange={setConfirming}>
        <DialogContent className="sm:max-w-[480px]" role="alertdialog">
          <DialogHeader>
            <DialogTitle>Send this newsletter to {plural(subscribers)}?</DialogTitle>
            <DialogDescription>
              It goes out at once, in batches, and cannot be recalled. You can follow the delivery on the next page.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline" autoFocus>
                Cancel
              </Button>
            </DialogClose>
            <Button
              type="button"
              variant="gold"
              onClick={() => {
                const form = formRef.current;
                if (!form) return;
                setConfirming(false);
                // The Send button's click only opened this dialog: post its intent now (the submit reads the form
                // at once, so the hidden field can go straight after).
                const intent = document.createElement("input");
                intent.type = "hidden";
                intent.name = "intent";
                intent.value = "send-campaign";
                form.append(intent);
                form.requestSubmit();
                intent.remove();
              }}
            >
              <Send aria-hidden="true" />
              Send to {plural(subscribers)}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </Form>
  );
}

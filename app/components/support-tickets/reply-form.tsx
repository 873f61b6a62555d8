import { useEffect, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { FieldErrorList, FieldHint, FieldLabel } from "#app/components/forms/field.tsx";
import { Alert, AlertTitle } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { LoaderCircle, Send } from "#app/components/ui/icons.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import type { Refusal } from "#kernel/answers.ts";
import { isSendable, TICKET_REPLY_MAX, TICKET_TEXT } from "#kernel/schemas/support.ts";
import { useHydrated } from "./use-ticket-updates.ts";

/**
 * The reply box under a thread. It posts to the page's own action (a plain form: works without JavaScript), which
 * redirects back to the thread with 'Reply posted'. The send control stays disabled while the message is blank
 * or whitespace only. A refused reply keeps its text and shows why, under 'Error posting reply'.
 */
export function ReplyForm({
  ticketId,
  action,
  label,
  hint,
  refusal,
}: {
  ticketId: string;
  /** The page that takes the post. */
  action: string;
  label: string;
  hint?: string;
  refusal: Refusal | null;
}) {
  const kept = refusal?.result?.initialValue?.message;
  const [text, setText] = useState(typeof kept === "string" ? kept : "");
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const sent = useRef(false);
  const busy =
    navigation.state !== "idle" && navigation.formData?.get("intent") === "reply" && navigation.formMethod === "POST";

  // After our own post: a success (the redirect back) empties the box; a refusal keeps the text.
  useEffect(() => {
    if (navigation.state !== "idle" || !sent.current) return;
    sent.current = false;
    if (!refusal) setText("");
  }, [navigation.state, refusal]);

  const id = `reply-${ticketId}`;
  const fieldErrors = refusal?.result?.error?.message ?? [];
  const formError = refusal && fieldErrors.length === 0 ? (refusal.message ?? null) : null;
  return (
    <Form
      method="post"
      action={action}
      preventScrollReset
      className="grid gap-3"
      onSubmit={(e) => {
        if (!isSendable(text)) e.preventDefault();
        else sent.current = true;
      }}
    >
      {formError ? (
        <Alert variant="destructive">
          <AlertTitle>{TICKET_TEXT.errorPostingReply}</AlertTitle>
          <p>{formError}</p>
        </Alert>
      ) : null}
      <input type="hidden" name="intent" value="reply" />
      <input type="hidden" name="ticketId" value={ticketId} />
      <div className="grid gap-1.5">
        <FieldLabel htmlFor={id}>{label}</FieldLabel>
        <Textarea
          id={id}
          name="message"
          rows={4}
          maxLength={TICKET_REPLY_MAX}
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-invalid={fieldErrors.length > 0 || undefined}
          aria-describedby={
            [fieldErrors.length ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ") ||
            undefined
          }
          placeholder="Write your message…"
        />
        <FieldHint id={`${id}-hint`}>{hint}</FieldHint>
        {fieldErrors.length ? (
          <div role="alert">
            <p className="sr-only">{TICKET_TEXT.errorPostingReply}</p>
            <FieldErrorList id={`${id}-error`} errors={fieldErrors} />
          </div>
        ) : null}
      </div>
      <div className="flex justify-end">
        <Button
          type="submit"
          variant="gold"
          disabled={hydrated && (!isSendable(text) || busy)}
          aria-busy={busy || undefined}
        >
          {busy ? (
            <>
              <LoaderCircle className="motion-safe:animate-spin" aria-hidden="true" />
              Sending…
            </>
          ) : (
            <>
              <Send aria-hidden="true" />
              Send Reply
            </>
          )}
        </Button>
      </div>
    </Form>
  );
}

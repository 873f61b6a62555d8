import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation, useRouteLoaderData } from "react-router";
import { FormErrors } from "#app/components/forms/text-field.tsx";
import { TextareaField } from "#app/components/forms/textarea-field.tsx";
import { Alert, AlertTitle } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { LoaderCircle } from "#app/components/ui/icons.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { Select } from "#app/components/ui/select.tsx";
import type { Refusal } from "#kernel/answers.ts";
import type { ContactStatus } from "#kernel/enums.ts";
import {
  CONTACT_STATUS_OPTIONS,
  CONTACTS_TEXT,
  type ContactNotesData,
  contactNotesSchema,
} from "#kernel/schemas/contacts-admin.ts";

function useBusy(intent: string) {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
}

/**
 * The contact's notes: a plain form posting to the page's own action, so it works without JavaScript; the page
 * comes back with 'Notes saved'. A refusal keeps the typed text and says why under the field. Blank clears them.
 */
export function ContactNotesForm({
  contactId,
  notes,
  refusal,
}: {
  contactId: string;
  notes: string | null;
  refusal: Refusal | null;
}) {
  const busy = useBusy("save-notes");
  const [form, fields] = useForm<{ intent: string; id: string; notes?: string }, ContactNotesData>({
    id: `notes-${contactId}`,
    lastResult: refusal?.result ?? null,
    defaultValue: { notes: notes ?? "" },
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: contactNotesSchema }),
  });
  return (
    <Form method="post" preventScrollReset {...getFormProps(form)} noValidate className="grid gap-3">
      {refusal && !refusal.result?.error?.notes ? (
        <Alert variant="destructive">
          <AlertTitle>{refusal.title ?? CONTACTS_TEXT.errorSavingNotes}</AlertTitle>
          {refusal.message ? <p>{refusal.message}</p> : null}
        </Alert>
      ) : null}
      <FormErrors id={form.errorId} errors={form.errors} />
      <input type="hidden" name="intent" value="save-notes" />
      <input type="hidden" name="id" value={contactId} />
      <TextareaField
        meta={fields.notes}
        label="Notes"
        rows={6}
        hint="Calls, quotes, objections, next steps. Only administrators see them."
      />
      <div>
        <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
          {busy ? (
            <>
              <LoaderCircle className="motion-safe:animate-spin" aria-hidden="true" /> Saving…
            </>
          ) : (
            "Save Notes"
          )}
        </Button>
      </div>
    </Form>
  );
}

/** The pipeline status: any status may be set directly. A plain form (works without JavaScript). */
export function ContactStatusForm({
  contactId,
  status,
  refusal,
}: {
  contactId: string;
  status: ContactStatus;
  refusal: Refusal | null;
}) {
  const busy = useBusy("move-contact");
  const id = `status-${contactId}`;
  return (
    <Form method="post" preventScrollReset className="grid gap-3">
      {refusal ? (
        <Alert variant="destructive">
          <AlertTitle>{CONTACTS_TEXT.errorMoving}</AlertTitle>
          <p>{refusal.message}</p>
        </Alert>
      ) : null}
      <input type="hidden" name="intent" value="move-contact" />
      <input type="hidden" name="id" value={contactId} />
      <div className="grid gap-1.5">
        <Label htmlFor={id}>Pipeline status</Label>
        {/* Keyed by the status: after a change (or another administrator's) it shows what is stored. */}
        <Select key={status} id={id} name="status" defaultValue={status}>
          {CONTACT_STATUS_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </Select>
      </div>
      <Button type="submit" variant="outline" disabled={busy} aria-busy={busy || undefined}>
        {busy ? (
          <>
            <LoaderCircle className="motion-safe:animate-spin" aria-hidden="true" /> Updating…
          </>
        ) : (
          "Update Status"
        )}
      </Button>
    </Form>
  );
}

type RootData = { toast?: { type: string; title: string; description?: string } | null };

/**
 * The toast of the last redirect back to this page ('Notes saved', 'Status updated') also shown on the page, where
 * it is seen without JavaScript too. It goes with the next navigation or refresh.
 */
export function ContactFlashNotice({ titles }: { titles: readonly string[] }) {
  const toast = (useRouteLoaderData("root") as RootData | undefined)?.toast;
  if (toast?.type !== "success" || !titles.includes(toast.title)) return null;
  return (
    <Alert variant="success" data-testid="contact-notice">
      <AlertTitle>{toast.title}</AlertTitle>
      {toast.description ? <p>{toast.description}</p> : null}
    </Alert>
  );
}

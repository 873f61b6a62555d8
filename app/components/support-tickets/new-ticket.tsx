import { type FieldMetadata, getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type FormEvent, useState } from "react";
import { Form, Link, useNavigate } from "react-router";
import { SelectField } from "#app/components/forms/select-field.tsx";
import { SubmitPressGuard } from "#app/components/forms/submit-press-guard.tsx";
import { FormErrors, TextField } from "#app/components/forms/text-field.tsx";
import { TextareaField } from "#app/components/forms/textarea-field.tsx";
import { useDialogFetcher } from "#app/components/forms/use-dialog-fetcher.ts";
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
import { LoaderCircle, Plus } from "#app/components/ui/icons.tsx";
import { toast } from "#app/components/ui/toast.ts";
import type { Answer, Refusal, Success } from "#kernel/answers.ts";
import { TICKET_PRIORITIES } from "#kernel/enums.ts";
import {
  DEFAULT_TICKET_PRIORITY,
  isSendable,
  newTicketSchema,
  TICKET_PRIORITY_LABELS,
  TICKET_TEXT,
} from "#kernel/schemas/support.ts";

type NewTicketFields = { intent: string; subject: string; description: string; priority: string };

/** What the page's action answers to the dialog. */
export type NewTicketAnswer = Answer<Success<{ ticketId: string }>>;

const PRIORITY_OPTIONS = TICKET_PRIORITIES.map((p) => ({ value: p, label: TICKET_PRIORITY_LABELS[p] }));

export const NEW_TICKET_TITLE = "New support ticket";
const NEW_TICKET_DESCRIPTION = "Tell us what you need. Our support team replies here and by email.";

function Fields({ fields }: { fields: { [K in keyof NewTicketFields]: FieldMetadata<string | undefined> } }) {
  return (
    <>
      <TextField meta={fields.subject} label="Subject" />
      <TextareaField meta={fields.description} label="Description" rows={6} />
      <SelectField meta={fields.priority} label="Priority" options={PRIORITY_OPTIONS} />
    </>
  );
}

/** Subject and description both filled: only then is the create control enabled. */
function filled(form: HTMLFormElement): boolean {
  const value = (name: string) => {
    const el = form.elements.namedItem(name);
    return el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement ? el.value : "";
  };
  return isSendable(value("subject")) && isSendable(value("description"));
}

function useNewTicketForm(
  id: string,
  lastResult: SubmissionResult<string[]> | null | undefined,
  onSubmit?: (f: FormData) => void,
) {
  return useForm<NewTicketFields>({
    id,
    lastResult,
    defaultValue: { priority: DEFAULT_TICKET_PRIORITY },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: newTicketSchema }),
    onSubmit: onSubmit
      ? (event, { formData }) => {
          event.preventDefault();
          onSubmit(formData);
        }
      : undefined,
  });
}

function SubmitButton({ ready, submitting }: { ready: boolean; submitting: boolean }) {
  return (
    <Button type="submit" variant="gold" disabled={!ready || submitting} aria-busy={submitting || undefined}>
      {submitting ? (
        <>
          <LoaderCircle className="motion-safe:animate-spin" aria-hidden="true" />
          Submitting…
        </>
      ) : (
        "Submit Ticket"
      )}
    </Button>
  );
}

function DialogBody({
  lastResult,
  submitting,
  onSubmit,
}: {
  lastResult: SubmissionResult<string[]> | null;
  submitting: boolean;
  onSubmit: (formData: FormData) => void;
}) {
  const [ready, setReady] = useState(false);
  const [form, fields] = useNewTicketForm("new-ticket-dialog", lastResult, onSubmit);
  return (
    <>
      <DialogHeader>
        <DialogTitle>{NEW_TICKET_TITLE}</DialogTitle>
        <DialogDescription>{NEW_TICKET_DESCRIPTION}</DialogDescription>
      </DialogHeader>
      <form
        method="post"
        {...getFormProps(form)}
        className="grid gap-4"
        onInput={(e: FormEvent<HTMLFormElement>) => setReady(filled(e.currentTarget))}
      >
        <input type="hidden" name="intent" value="create" />
        <SubmitPressGuard />
        <FormErrors id={form.errorId} errors={form.errors} />
        <Fields fields={fields} />
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="outline">
              Cancel
            </Button>
          </DialogClose>
          <SubmitButton ready={ready} submitting={submitting} />
        </DialogFooter>
      </form>
    </>
  );
}

/**
 * The 'New Ticket' button. With JavaScript it opens the dialog (priority medium unless changed; the create control
 * stays disabled until subject and description are filled); on success it toasts 'Ticket Created' and opens the
 * new ticket's thread. Without JavaScript it is a link to the page's inline form (`?new=1`).
 */
export function NewTicketButton({ action, className }: { action: string; className?: string }) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const { session, submit, submitting, lastResult } = useDialogFetcher<NewTicketAnswer>(open, (data) => {
    toast.success(data.title, { description: data.message });
    setOpen(false);
    navigate(`${action}?ticket=${data.ticketId}`, { preventScrollReset: true });
  });
  return (
    <>
      <Button asChild variant="gold" className={className}>
        <Link
          to={`${action}?new=1`}
          aria-haspopup="dialog"
          onClick={(e) => {
            e.preventDefault();
            setOpen(true);
          }}
        >
          <Plus aria-hidden="true" />
          New Ticket
        </Link>
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="sm:max-w-[600px]">
          <DialogBody
            key={session}
            lastResult={lastResult}
            submitting={submitting}
            onSubmit={(formData) => submit(formData, action)}
          />
        </DialogContent>
      </Dialog>
    </>
  );
}

/**
 * The same form on the page (`?new=1`), for browsers without JavaScript: a plain post that comes back to the new
 * ticket's thread, or with each field's message and the typed text kept.
 */
export function NewTicketInlineForm({
  action,
  lastResult,
  refusal,
}: {
  action: string;
  lastResult: SubmissionResult<string[]> | null;
  refusal: Refusal | null;
}) {
  const [form, fields] = useNewTicketForm("new-ticket", lastResult);
  return (
    <Form method="post" action={`${action}?new=1`} {...getFormProps(form)} className="grid gap-4">
      <input type="hidden" name="intent" value="create" />
      <input type="hidden" name="page" value="1" />
      {refusal?.message && !lastResult?.error ? (
        <FormErrors errors={[`${TICKET_TEXT.errorCreating}: ${refusal.message}`]} />
      ) : null}
      <FormErrors id={form.errorId} errors={form.errors} />
      <Fields fields={fields} />
      <div className="flex flex-wrap justify-end gap-2">
        <Button asChild variant="outline">
          <Link to={action}>Cancel</Link>
        </Button>
        <SubmitButton ready submitting={false} />
      </div>
    </Form>
  );
}

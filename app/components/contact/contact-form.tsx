import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { FormKey } from "#app/components/forms/form-key.tsx";
import { Honeypot } from "#app/components/forms/honeypot.tsx";
import { FormErrors, TextField } from "#app/components/forms/text-field.tsx";
import { TextareaField } from "#app/components/forms/textarea-field.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Send } from "#app/components/ui/icons.tsx";
import type { Refusal } from "#kernel/answers.ts";
import { CONTACT_FAILED_TITLE, CONTACT_SENT, contactSchema } from "#kernel/schemas/contact.ts";
import { FormRefusalNotice, FormSentNotice, usePageFlash, useRefusalToast } from "./form-feedback.tsx";

/** The form's fields as typed (optional ones may be left blank). */
type ContactFields = {
  name: string;
  email: string;
  phone?: string;
  company?: string;
  subject?: string;
  message: string;
};

export type ContactFormProps = {
  /** The action's answer to the last submission (field errors and typed values), if it refused. */
  result?: SubmissionResult<string[]> | null;
  /** A refusal that is not about single fields (rate limit, spam guard). */
  refusal: Refusal | null;
  /** The subject line the page was opened with (?subject= or ?service=). */
  subject: string;
};

/** The public contact form: works without JavaScript; validates in the browser with the server's schema. */
export function ContactForm({ result, refusal, subject }: ContactFormProps) {
  const sent = usePageFlash([CONTACT_SENT.title]);
  useRefusalToast(refusal, CONTACT_FAILED_TITLE);
  // A new form after each message sent: the flash toast's id changes.
  return <ContactFormBody key={sent?.id ?? "form"} result={result} refusal={refusal} subject={subject} sent={!!sent} />;
}

function ContactFormBody({ result, refusal, subject, sent }: ContactFormProps & { sent: boolean }) {
  const submitting = useNavigation().state === "submitting";
  const [form, fields] = useForm<ContactFields>({
    id: "contact",
    lastResult: result,
    defaultValue: { subject },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: contactSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="relative grid gap-5" noValidate>
      {sent ? <FormSentNotice title={CONTACT_SENT.title} message={CONTACT_SENT.message} /> : null}
      {refusal ? <FormRefusalNotice title={CONTACT_FAILED_TITLE} message={refusal.message} /> : null}
      <FormErrors id={form.errorId} errors={form.errors} />
      <Honeypot />
      <FormKey slot="contact" sent={sent} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField meta={fields.name} label="Name" autoComplete="name" />
        <TextField meta={fields.email} label="Email" type="email" autoComplete="email" />
        <TextField meta={fields.phone} label="Phone" type="tel" autoComplete="tel" optional />
        <TextField meta={fields.company} label="Company" autoComplete="organization" optional />
      </div>
      <TextField meta={fields.subject} label="Subject" optional />
      <TextareaField
        meta={fields.message}
        label="Message"
        rows={6}
        placeholder="Which #Code, vanity number or territory are you interested in, and how can we help?"
      />
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-xs leading-relaxed text-muted-foreground sm:max-w-sm">
          We use your details only to answer this message. We never sell or share them.
        </p>
        <Button type="submit" variant="gold" size="lg" disabled={submitting} className="sm:min-w-44">
          <Send aria-hidden="true" />
          {submitting ? "Sending…" : "Send Message"}
        </Button>
      </div>
    </Form>
  );
}

import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { type FocusEvent, useEffect, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { FormKey } from "#app/components/forms/form-key.tsx";
import { Honeypot } from "#app/components/forms/honeypot.tsx";
import { FormErrors, TextField } from "#app/components/forms/text-field.tsx";
import { TextareaField } from "#app/components/forms/textarea-field.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Send } from "#app/components/ui/icons.tsx";
import { loadOnce } from "#app/lib/load-once.ts";
import type { Refusal } from "#kernel/answers.ts";
import { CONTACT_FAILED_TITLE, CONTACT_SENT } from "#kernel/schemas/contact-strings.ts";
import { FormRefusalNotice, FormSentNotice, usePageFlash, useRefusalToast } from "./form-feedback.tsx";

const FIELD_NAMES = ["name", "email", "phone", "company", "subject", "message"] as const;

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

/**
 * The check in the browser (zod and Conform's parsing under it) loads on first focus, not with the page. Until it has
 * loaded, or should it fail to, the form posts and the server checks it with the same schema and the same messages.
 */
const validation = loadOnce(() => import("./contact-validation.ts"));

/** The public contact form: works without JavaScript; validates in the browser with the server's schema. */
export function ContactForm({ result, refusal, subject }: ContactFormProps) {
  const sent = usePageFlash([CONTACT_SENT.title]);
  useRefusalToast(refusal, CONTACT_FAILED_TITLE);
  // A new form after each message sent: the flash toast's id changes.
  return <ContactFormBody key={sent?.id ?? "form"} result={result} refusal={refusal} subject={subject} sent={!!sent} />;
}

function ContactFormBody({ result, refusal, subject, sent }: ContactFormProps & { sent: boolean }) {
  const submitting = useNavigation().state === "submitting";
  const [check, setCheck] = useState(validation.current);
  // The fields left while the check was loading, checked as soon as it is in place.
  const leftEarly = useRef(new Set<string>());
  const loadCheck = () => {
    if (!check) void validation.load().then((module) => module && setCheck(module));
  };
  const noteLeft = (event: FocusEvent<HTMLFormElement>) => {
    const field: EventTarget = event.target;
    const name = field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement ? field.name : "";
    if (!check && (FIELD_NAMES as readonly string[]).includes(name)) leftEarly.current.add(name);
  };
  const [form, fields] = useForm<ContactFields>({
    id: "contact",
    lastResult: result,
    defaultValue: { subject },
    // Without the check a field left would be posted to the server to be checked: until it loads, only a send posts.
    shouldValidate: check ? "onBlur" : "onSubmit",
    shouldRevalidate: check ? "onInput" : "onSubmit",
    onValidate: check ? ({ formData }) => check.validateContact(formData) : undefined,
  });
  useEffect(() => {
    if (!check) return;
    for (const name of leftEarly.current) form.validate({ name });
    leftEarly.current.clear();
  }, [check, form]);
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      onFocus={loadCheck}
      onBlur={noteLeft}
      className="relative grid gap-5"
      noValidate
    >
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

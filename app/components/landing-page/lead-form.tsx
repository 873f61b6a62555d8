import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Send } from "lucide-react";
import { Form, useNavigation } from "react-router";
import {
  type FormRefusal,
  FormRefusalNotice,
  FormSentNotice,
  usePageFlash,
  useRefusalToast,
} from "#app/components/contact/form-feedback.tsx";
import { Honeypot } from "#app/components/forms/honeypot.tsx";
import { FormErrors, TextField } from "#app/components/forms/text-field.tsx";
import { TextareaField } from "#app/components/forms/textarea-field.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { LEAD_FAILED_TITLE, LEAD_SENT, leadSchema } from "#kernel/schemas/landing-page.ts";

type LeadFields = { name: string; email: string; phone: string; message?: string };

export type LeadFormProps = {
  businessName: string;
  /** Law firms get the usual note that a message creates no attorney-client relationship. */
  legal: boolean;
  result?: SubmissionResult<string[]> | null;
  refusal: FormRefusal | null;
};

/** The landing page's lead form; a message goes to the licensee (their portal and their inbox). */
export function LeadForm(props: LeadFormProps) {
  const sent = usePageFlash([LEAD_SENT.title]);
  useRefusalToast(props.refusal, LEAD_FAILED_TITLE);
  return <LeadFormBody key={sent?.id ?? "form"} {...props} sent={!!sent} />;
}

function LeadFormBody({ businessName, legal, result, refusal, sent }: LeadFormProps & { sent: boolean }) {
  const submitting = useNavigation().state === "submitting";
  const [form, fields] = useForm<LeadFields>({
    id: "lead",
    lastResult: result,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: leadSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="relative grid gap-4" noValidate>
      {sent ? <FormSentNotice title={LEAD_SENT.title} message={LEAD_SENT.message} /> : null}
      {refusal ? <FormRefusalNotice title={LEAD_FAILED_TITLE} message={refusal.message} /> : null}
      <FormErrors id={form.errorId} errors={form.errors} />
      <Honeypot />
      <TextField meta={fields.name} label="Name" autoComplete="name" />
      <TextField meta={fields.email} label="Email" type="email" autoComplete="email" />
      <TextField meta={fields.phone} label="Phone" type="tel" autoComplete="tel" />
      <TextareaField
        meta={fields.message}
        label="How can we help?"
        optional
        rows={4}
        placeholder="A few words about what happened and the best time to reach you."
      />
      <Button type="submit" variant="gold" size="lg" disabled={submitting}>
        <Send aria-hidden="true" />
        {submitting ? "Sending…" : "Send Message"}
      </Button>
      <p className="text-xs leading-relaxed text-muted-foreground">
        Your message goes directly to {businessName}.
        {legal
          ? " Sending it does not create an attorney-client relationship; please do not include confidential details."
          : ""}
      </p>
    </Form>
  );
}

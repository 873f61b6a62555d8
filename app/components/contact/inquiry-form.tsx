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
import { INQUIRY_FAILED_TITLE, INQUIRY_SENT, inquirySchema } from "#kernel/schemas/contact.ts";
import { FormRefusalNotice, FormSentNotice, usePageFlash, useRefusalToast } from "./form-feedback.tsx";

type InquiryFields = { name: string; email: string; company?: string; message?: string };

export type InquiryFormProps = {
  result?: SubmissionResult<string[]> | null;
  refusal: Refusal | null;
};

/** The Instant Caller Data Enrich pricing inquiry: name and email required, company and message optional. */
export function InquiryForm({ result, refusal }: InquiryFormProps) {
  const sent = usePageFlash([INQUIRY_SENT.title]);
  useRefusalToast(refusal, INQUIRY_FAILED_TITLE);
  return <InquiryFormBody key={sent?.id ?? "form"} result={result} refusal={refusal} sent={!!sent} />;
}

function InquiryFormBody({ result, refusal, sent }: InquiryFormProps & { sent: boolean }) {
  const submitting = useNavigation().state === "submitting";
  const [form, fields] = useForm<InquiryFields>({
    id: "inquiry",
    lastResult: result,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: inquirySchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="relative grid gap-5" noValidate>
      {sent ? <FormSentNotice title={INQUIRY_SENT.title} message={INQUIRY_SENT.message} /> : null}
      {refusal ? <FormRefusalNotice title={INQUIRY_FAILED_TITLE} message={refusal.message} /> : null}
      <FormErrors id={form.errorId} errors={form.errors} />
      <Honeypot />
      <FormKey slot="inquiry" sent={sent} />
      <TextField meta={fields.name} label="Name" autoComplete="name" />
      <TextField meta={fields.email} label="Work email" type="email" autoComplete="email" />
      <TextField meta={fields.company} label="Company" autoComplete="organization" optional />
      <TextareaField
        meta={fields.message}
        label="Message"
        optional
        rows={4}
        placeholder="Roughly how many inbound calls do you receive a month, and where should caller details go?"
      />
      <Button type="submit" variant="gold" size="lg" disabled={submitting}>
        <Send aria-hidden="true" />
        {submitting ? "Sending…" : "Request Pricing"}
      </Button>
      <p className="text-xs leading-relaxed text-muted-foreground">
        A specialist replies within one business day with a quote based on your call volume.
      </p>
    </Form>
  );
}

import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect } from "react";
import { Form, useNavigation } from "react-router";
import { CheckboxField } from "#app/components/forms/checkbox-field.tsx";
import { FormErrors, TextField } from "#app/components/forms/text-field.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { PenLine } from "#app/components/ui/icons.tsx";
import { toast } from "#app/components/ui/toast.ts";
import type { Refusal } from "#kernel/answers.ts";
import { SIGN_CONSENT_TEXT, signAgreementSchema } from "#kernel/schemas/agreements.ts";

type SignFields = { signerName: string; consent: boolean; documentSha256: string };

/**
 * Type your full name, consent, sign. The name field starts empty: typing it is the signature, so the page never
 * types it for the signer. Works without JavaScript (a plain POST; refusals come back inline with the name kept).
 * The hidden fingerprint is the loader's, never a kept value: after 'Agreement Updated' the form carries the new
 * document's hash.
 */
export function SignAgreementForm({
  documentSha256,
  result,
  refusal,
}: {
  documentSha256: string;
  result?: SubmissionResult<string[]> | null;
  refusal: Refusal | null;
}) {
  const submitting = useNavigation().state === "submitting";
  const [form, fields] = useForm<SignFields>({
    id: "sign-agreement",
    lastResult: result,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: signAgreementSchema }),
  });
  useEffect(() => {
    if (refusal && refusal.code !== "invalid_input") toast.error(refusal.title, { description: refusal.message });
  }, [refusal]);
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-5" noValidate>
      <FormErrors id={form.errorId} errors={form.errors} />
      <input type="hidden" name="documentSha256" value={documentSha256} />
      <TextField
        meta={fields.signerName}
        label="Your full name"
        autoComplete="name"
        hint="Typing your name is your signature."
      />
      <CheckboxField meta={fields.consent} label={SIGN_CONSENT_TEXT} />
      <Button type="submit" variant="gold" size="lg" disabled={submitting} className="w-full">
        <PenLine aria-hidden="true" />
        {submitting ? "Signing…" : "Sign Agreement"}
      </Button>
      <p className="text-xs leading-relaxed text-muted-foreground">
        We record your name, the time, your network address, your browser and the SHA-256 fingerprint of the document
        above, and add them to the PDF as a signature certificate page.
      </p>
    </Form>
  );
}

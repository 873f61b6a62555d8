/**
 * A licensee's form for the text of one of their landing pages. It starts from the page as it is, with their
 * waiting proposal laid over it, and posts to /dashboard/page-content (intent propose); a refused field keeps what
 * was typed. Works without JavaScript.
 */
import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { FormErrors } from "#app/components/forms/text-field.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { type ProposableField, proposePageSchema } from "#kernel/schemas/dynamic-pages.ts";
import { PageTextFields, type TextFieldsMeta } from "./text-fields.tsx";

export type ProposalDefaults = Record<ProposableField, string>;

export function ProposalForm({
  pageId,
  pageName,
  defaults,
  lastResult,
  replacing,
}: {
  pageId: string;
  pageName: string;
  defaults: Record<ProposableField, string>;
  lastResult?: SubmissionResult<string[]> | null;
  /** A proposal waits: submitting replaces it. */
  replacing: boolean;
}) {
  const [form, fields] = useForm({
    id: `page-content-${pageId}`,
    lastResult,
    defaultValue: defaults,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: proposePageSchema }) as never,
  });
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formData?.get("pageId") === pageId;
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-5" noValidate>
      <input type="hidden" name="intent" value="propose" />
      <input type="hidden" name="pageId" value={pageId} />
      <FormErrors id={form.errorId} errors={form.errors} />
      <PageTextFields fields={fields as unknown as TextFieldsMeta} />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" variant="gold" disabled={sending} aria-busy={sending || undefined}>
          {sending ? "Submitting…" : replacing ? "Submit New Changes" : "Submit for Approval"}
          <span className="sr-only"> for {pageName}</span>
        </Button>
        <p className="text-sm text-muted-foreground">
          {replacing
            ? "Your new changes replace the ones waiting for approval."
            : "Our team reviews your changes before they go live."}
        </p>
      </div>
    </Form>
  );
}

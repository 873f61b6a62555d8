/**
 * The administrator's form of one landing page: every field (page-fields.tsx), the logo as a URL. It posts to the
 * page's own action (intent save-page) and keeps what was typed when a field is refused.
 */
import { type FieldMetadata, getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { FormErrors, TextField } from "#app/components/forms/text-field.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { PAGE_FIELD_LABELS, savePageSchema } from "#kernel/schemas/dynamic-pages.ts";
import { PageFields, type PageFormValues } from "./page-fields.tsx";

export { pageFormValues } from "./page-fields.tsx";

export function DynamicPageForm({
  action,
  defaults,
  lastResult,
}: {
  action: string;
  defaults: PageFormValues;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const [form, fields] = useForm<PageFormValues>({
    id: "dynamic-page",
    lastResult,
    defaultValue: defaults,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: savePageSchema }) as never,
  });
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === "save-page";

  return (
    <Form method="post" action={action} {...getFormProps(form)} className="grid gap-6" noValidate>
      <input type="hidden" name="intent" value="save-page" />
      <FormErrors id={form.errorId} errors={form.errors} />
      <PageFields
        form={form}
        fields={fields}
        editor="admin"
        logo={
          <TextField
            meta={fields.lawFirmLogoUrl as FieldMetadata<string | undefined>}
            label={PAGE_FIELD_LABELS.lawFirmLogoUrl}
            optional
            type="url"
            hint="Blank shows the licensee's company logo."
          />
        }
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" variant="gold" disabled={saving} aria-busy={saving || undefined}>
          {saving ? "Saving…" : "Save Page"}
        </Button>
        <p className="text-sm text-muted-foreground">Saved changes are live on the public page at once.</p>
      </div>
    </Form>
  );
}

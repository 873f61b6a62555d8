import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { TitleSlugFields } from "#app/components/blog-admin/title-slug-fields.tsx";
import { CheckboxField } from "#app/components/forms/checkbox-field.tsx";
import { FormErrors } from "#app/components/forms/field.tsx";
import { TextField } from "#app/components/forms/text-field.tsx";
import { TextareaField } from "#app/components/forms/textarea-field.tsx";
import { RichTextField } from "#app/components/rich-text/index.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Save } from "#app/components/ui/icons.tsx";
import {
  type SupportTopicFields,
  supportTopicFormSchema,
  TOPIC_ADMIN_TEXT,
  topicSlug,
} from "#kernel/schemas/support-topics-admin.ts";

export type TopicFormValues = {
  id?: string;
  title: string;
  slug: string;
  category: string;
  summary: string;
  content: string;
  keywords: string;
  published: boolean;
};

/**
 * The support topic form (create and edit) on its own page: title and slug (auto while creating, locked when
 * editing), category, summary, keywords split on commas, the content in the rich-text editor, and Published.
 * Works without JavaScript (the editor is then a plain HTML textarea).
 */
export function TopicForm({
  defaultValue,
  result,
}: {
  defaultValue: TopicFormValues;
  result?: SubmissionResult<string[]> | null;
}) {
  const editing = Boolean(defaultValue.id);
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "save-topic";
  const [form, fields] = useForm<SupportTopicFields, ReturnType<typeof supportTopicFormSchema.parse>>({
    id: "support-topic",
    lastResult: result,
    defaultValue,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: supportTopicFormSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-8" noValidate>
      <input type="hidden" name="intent" value="save-topic" />
      {defaultValue.id ? <input type="hidden" name="id" value={defaultValue.id} /> : null}
      <FormErrors id={form.errorId} errors={form.errors} />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="grid gap-6 rounded-xl border border-border bg-card p-5 shadow-card sm:grid-cols-2 sm:p-6">
          <TitleSlugFields
            form={form}
            title={fields.title}
            slug={fields.slug}
            editing={editing}
            toSlug={topicSlug}
            pathPrefix="/support-topics/"
            slugHint={TOPIC_ADMIN_TEXT.slugHint}
            lockedHint={TOPIC_ADMIN_TEXT.slugLocked}
          />
          <TextareaField
            meta={fields.summary}
            label="Summary"
            optional
            rows={2}
            hint="One or two sentences for the topic's card. Without one, the start of the content is used."
            className="sm:col-span-2"
          />
          <RichTextField
            name={fields.content.name}
            id={fields.content.id}
            label="Content"
            defaultValue={defaultValue.content}
            errors={fields.content.errors}
            className="sm:col-span-2"
          />
        </div>
        <aside className="grid gap-6 rounded-xl border border-border bg-card p-5 shadow-card sm:p-6">
          <CheckboxField meta={fields.published} label="Published" hint={TOPIC_ADMIN_TEXT.publishedHint} />
          <TextField meta={fields.category} label="Category" optional hint="e.g. Billing, Dashboard, Licensing." />
          <TextField meta={fields.keywords} label="Keywords" optional hint={TOPIC_ADMIN_TEXT.keywordsHint} />
        </aside>
      </div>
      <div className="flex flex-col-reverse gap-3 border-t border-border pt-6 sm:flex-row sm:justify-end">
        <Button type="submit" variant="gold" size="lg" disabled={saving} className="sm:min-w-40">
          <Save aria-hidden="true" />
          {saving ? "Saving…" : editing ? "Save Changes" : "Create Topic"}
        </Button>
      </div>
    </Form>
  );
}

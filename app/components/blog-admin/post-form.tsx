import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useId, useRef, useState, useSyncExternalStore } from "react";
import { Form, useNavigation } from "react-router";
import { z } from "zod";
import { Field, FormErrors } from "#app/components/forms/field.tsx";
import { SelectField } from "#app/components/forms/select-field.tsx";
import { TextField } from "#app/components/forms/text-field.tsx";
import { TextareaField } from "#app/components/forms/textarea-field.tsx";
import { RichTextField } from "#app/components/rich-text/index.tsx";
import { EDITOR_IMAGE_ACCEPT, uploadEditorImage } from "#app/components/rich-text/upload.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Eye, ImageUp, LoaderCircle, Save } from "#app/components/ui/icons.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { BLOG_POST_STATUSES } from "#kernel/enums.ts";
import {
  BLOG_ADMIN_TEXT,
  BLOG_STATUS_LABELS,
  type BlogPostFields,
  blogPostFormSchema,
  postSlug,
} from "#kernel/schemas/blog-admin.ts";
import { TitleSlugFields } from "./title-slug-fields.tsx";

export type PostFormValues = {
  id?: string;
  title: string;
  slug: string;
  excerpt: string;
  content: string;
  imageUrl: string;
  tags: string;
  status: string;
  authorName: string;
};

/**
 * The post form (create and edit) on its own page: title and slug (auto while creating, locked when editing),
 * excerpt, the content in the rich-text editor, a featured image (uploaded or a web address), tags split on
 * commas, status and author. Save posts `intent=save-post`; Preview posts the same fields as
 * `intent=preview-post` and the page shows the sanitized result. Works without JavaScript (the editor is then a
 * plain HTML textarea and the image is given by its address).
 */
export function PostForm({
  defaultValue,
  result,
}: {
  defaultValue: PostFormValues;
  /** The action's answer to the last submission, if it refused. */
  result?: SubmissionResult<string[]> | null;
}) {
  const editing = Boolean(defaultValue.id);
  const navigation = useNavigation();
  const busyIntent = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const [form, fields] = useForm<BlogPostFields, z.output<typeof clientSchema>>({
    id: "blog-post",
    lastResult: result,
    defaultValue,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: clientSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-8" noValidate>
      {defaultValue.id ? <input type="hidden" name="id" value={defaultValue.id} /> : null}
      <FormErrors id={form.errorId} errors={form.errors} />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="grid gap-6 rounded-xl border border-border bg-card p-5 shadow-card sm:grid-cols-2 sm:p-6">
          <TitleSlugFields
            form={form}
            title={fields.title}
            slug={fields.slug}
            editing={editing}
            toSlug={postSlug}
            pathPrefix="/blog/"
            slugHint={BLOG_ADMIN_TEXT.slugHint}
            lockedHint={BLOG_ADMIN_TEXT.slugLocked}
          />
          <TextareaField
            meta={fields.excerpt}
            label="Excerpt"
            optional
            rows={3}
            hint="Shown on the blog's cards and in link previews. Without one, the start of the post is used."
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
          <SelectField
            meta={fields.status}
            label="Status"
            options={BLOG_POST_STATUSES.map((s) => ({ value: s, label: BLOG_STATUS_LABELS[s] }))}
            hint={BLOG_ADMIN_TEXT.publishHint}
          />
          <TextField meta={fields.authorName} label="Author" optional autoComplete="name" />
          <TextField meta={fields.tags} label="Tags" optional hint={BLOG_ADMIN_TEXT.tagsHint} />
          <FeaturedImageField form={form} meta={fields.imageUrl} />
        </aside>
      </div>
      <div className="flex flex-col-reverse gap-3 border-t border-border pt-6 sm:flex-row sm:justify-end">
        <Button
          type="submit"
          name="intent"
          value="preview-post"
          variant="outline"
          size="lg"
          disabled={busyIntent === "preview-post"}
        >
          <Eye aria-hidden="true" />
          {busyIntent === "preview-post" ? "Preparing preview…" : "Preview"}
        </Button>
        <Button
          type="submit"
          name="intent"
          value="save-post"
          variant="gold"
          size="lg"
          disabled={busyIntent === "save-post"}
          className="sm:min-w-40"
        >
          <Save aria-hidden="true" />
          {busyIntent === "save-post" ? "Saving…" : editing ? "Save Changes" : "Create Post"}
        </Button>
      </div>
    </Form>
  );
}

/** The browser checks the fields; which button was pressed (save or preview) is the server's business. */
const clientSchema = blogPostFormSchema.extend({ intent: z.string().optional() });
const noSubscription = () => () => {};

function FeaturedImageField({
  form,
  meta,
}: {
  // biome-ignore lint/suspicious/noExplicitAny: the post form
  form: ReturnType<typeof useForm<any>>[0];
  meta: ReturnType<typeof useForm<BlogPostFields>>[1]["imageUrl"];
}) {
  const id = useId();
  const file = useRef<HTMLInputElement>(null);
  const [url, setUrl] = useState<string>(meta.initialValue ?? "");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const interactive = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const { key, ...props } = getInputProps(meta, { type: "text", ariaAttributes: false });
  const errors = [...(meta.errors ?? []), ...(error ? [error] : [])];
  return (
    <Field
      id={meta.id}
      errorId={meta.errorId}
      errors={errors}
      label="Featured image"
      optional
      hint="Upload an image, or paste the address of one."
    >
      {(control) => (
        <div className="grid gap-3">
          {url ? (
            <img src={url} alt="" className="aspect-video w-full rounded-lg border border-border object-cover" />
          ) : null}
          <Input
            key={key}
            {...props}
            {...control}
            onChange={(e) => setUrl(e.target.value.trim())}
            autoComplete="off"
            spellCheck={false}
          />
          <input
            ref={file}
            id={`${id}-file`}
            type="file"
            accept={EDITOR_IMAGE_ACCEPT}
            className="sr-only"
            tabIndex={-1}
            aria-hidden="true"
            onChange={async (e) => {
              const chosen = e.target.files?.[0];
              e.target.value = "";
              if (!chosen) return;
              setBusy(true);
              setError(null);
              try {
                const src = await uploadEditorImage(chosen);
                form.update({ name: meta.name, value: src });
                setUrl(src);
              } catch (err) {
                setError((err as Error).message);
              } finally {
                setBusy(false);
              }
            }}
          />
          <Button
            type="button"
            variant="outline"
            onClick={() => file.current?.click()}
            disabled={busy || !interactive}
            aria-busy={busy || undefined}
          >
            {busy ? (
              <LoaderCircle className="motion-safe:animate-spin" aria-hidden="true" />
            ) : (
              <ImageUp aria-hidden="true" />
            )}
            {busy ? "Uploading…" : "Upload image"}
          </Button>
        </div>
      )}
    </Field>
  );
}

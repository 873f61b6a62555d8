import { type FieldMetadata, type FormMetadata, getInputProps } from "@conform-to/react";
import { useState } from "react";
import { Field } from "#app/components/forms/field.tsx";
import { Lock } from "#app/components/ui/icons.tsx";
import { Input } from "#app/components/ui/input.tsx";

/**
 * A title and its slug (spec 2 §5): while creating, the slug follows the title (lower case, hyphens, a–z and 0–9
 * only) until it is edited by hand; when editing, the slug is shown read-only with why it is locked. The server
 * keeps a stored slug whatever is posted.
 */
export function TitleSlugFields({
  form,
  title,
  slug,
  editing,
  toSlug,
  pathPrefix,
  slugHint,
  lockedHint,
}: {
  // biome-ignore lint/suspicious/noExplicitAny: any form holding these two fields
  form: FormMetadata<any, string[]>;
  title: FieldMetadata<string | undefined>;
  slug: FieldMetadata<string | undefined>;
  editing: boolean;
  toSlug: (title: string) => string;
  /** The public address before the slug, e.g. "/blog/". */
  pathPrefix: string;
  slugHint: string;
  lockedHint: string;
}) {
  const [slugTouched, setSlugTouched] = useState(editing);
  const { key: titleKey, ...titleProps } = getInputProps(title, { type: "text", ariaAttributes: false });
  const { key: slugKey, ...slugProps } = getInputProps(slug, { type: "text", ariaAttributes: false });
  return (
    <>
      <Field id={title.id} errorId={title.errorId} errors={title.errors} label="Title" className="sm:col-span-2">
        {(control) => (
          <Input
            key={titleKey}
            {...titleProps}
            {...control}
            onChange={(e) => {
              if (!slugTouched) form.update({ name: slug.name, value: toSlug(e.target.value) });
            }}
          />
        )}
      </Field>
      <Field
        id={slug.id}
        errorId={slug.errorId}
        errors={slug.errors}
        label="Slug"
        hint={
          editing ? (
            <span className="inline-flex items-center gap-1.5">
              <Lock className="size-3.5" aria-hidden="true" />
              {lockedHint}
            </span>
          ) : (
            `${slugHint} Address: ${pathPrefix}…`
          )
        }
        className="sm:col-span-2"
      >
        {(control) => (
          <div className="flex items-stretch">
            <span
              aria-hidden="true"
              className="inline-flex shrink-0 items-center rounded-l-md border border-r-0 border-input bg-muted px-3 text-sm whitespace-nowrap text-muted-foreground"
            >
              {pathPrefix}
            </span>
            <Input
              key={slugKey}
              {...slugProps}
              {...control}
              readOnly={editing}
              className={editing ? "rounded-l-none bg-muted/60 text-muted-foreground" : "rounded-l-none"}
              onInput={() => setSlugTouched(true)}
              autoComplete="off"
              spellCheck={false}
            />
          </div>
        )}
      </Field>
    </>
  );
}

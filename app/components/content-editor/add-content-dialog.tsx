import { type FieldMetadata, getInputProps } from "@conform-to/react";
import { FormDialogButton } from "#app/components/data-table/form-dialog-button.tsx";
import { Field } from "#app/components/forms/field.tsx";
import { TextField } from "#app/components/forms/text-field.tsx";
import { TextareaField } from "#app/components/forms/textarea-field.tsx";
import { Plus } from "#app/components/ui/icons.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { CONTENT_TEXT, contentCreateSchema, forceContentKey } from "#kernel/schemas/content-editor.ts";
import { CONTENT_EDITOR_ACTION, type ContentAnswer, type NewContentFields } from "./types.ts";

/** The key field: whatever is typed becomes lower-case snake case on the spot (spec 2 §5). */
function ContentKeyField({ meta }: { meta: FieldMetadata<string | undefined> }) {
  const { key, ...props } = getInputProps(meta, { type: "text", ariaAttributes: false });
  return (
    <Field id={meta.id} errorId={meta.errorId} errors={meta.errors} label="Content Key" hint={CONTENT_TEXT.keyHint}>
      {(control) => (
        <Input
          key={key}
          {...props}
          {...control}
          autoComplete="off"
          spellCheck={false}
          className="font-mono"
          placeholder="e.g. home_hero_title"
          onInput={(e) => {
            const input = e.currentTarget;
            const forced = forceContentKey(input.value);
            if (forced !== input.value) input.value = forced;
          }}
        />
      )}
    </Field>
  );
}

/** The page field, offering the pages that already have content. */
function PageField({ meta, pages }: { meta: FieldMetadata<string | undefined>; pages: readonly string[] }) {
  const { key, ...props } = getInputProps(meta, { type: "text", ariaAttributes: false });
  const listId = `${meta.id}-pages`;
  return (
    <Field
      id={meta.id}
      errorId={meta.errorId}
      errors={meta.errors}
      label="Page"
      optional
      hint="The page it belongs to, for the page filter: one of the pages listed, or a new one."
    >
      {(control) => (
        <>
          <Input key={key} {...props} {...control} list={listId} autoComplete="off" placeholder="e.g. home" />
          <datalist id={listId}>
            {pages.map((p) => (
              <option key={p} value={p} />
            ))}
          </datalist>
        </>
      )}
    </Field>
  );
}

/** 'Add New Content Item': key, first value, page and description. */
export function AddContentItemButton({ pages, defaultPage }: { pages: readonly string[]; defaultPage?: string }) {
  return (
    <FormDialogButton<ContentAnswer, NewContentFields>
      trigger={
        <>
          <Plus aria-hidden="true" />
          Add New Content Item
        </>
      }
      action={CONTENT_EDITOR_ACTION}
      schema={contentCreateSchema}
      hidden={{ intent: "create-content" }}
      defaultValue={defaultPage ? { pageSlug: defaultPage } : undefined}
      title="Add New Content Item"
      description="A new piece of site text. The site finds it by its key, which cannot be changed afterwards."
      submitLabel="Create Item"
      pendingLabel="Creating…"
    >
      {(fields) => (
        <>
          <ContentKeyField meta={fields.contentKey} />
          <TextareaField meta={fields.contentValue} label="Value" rows={5} />
          <div className="grid gap-4 sm:grid-cols-2">
            <PageField meta={fields.pageSlug} pages={pages} />
            <TextField
              meta={fields.description}
              label="Description"
              optional
              hint="Where the text appears, for the next editor."
            />
          </div>
        </>
      )}
    </FormDialogButton>
  );
}

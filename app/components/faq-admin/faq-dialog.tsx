import { type FieldMetadata, getInputProps } from "@conform-to/react";
import { FormDialogButton } from "#app/components/data-table/form-dialog-button.tsx";
import { CheckboxField } from "#app/components/forms/checkbox-field.tsx";
import { Field } from "#app/components/forms/field.tsx";
import { TextField } from "#app/components/forms/text-field.tsx";
import { TextareaField } from "#app/components/forms/textarea-field.tsx";
import { Pencil, Plus } from "#app/components/ui/icons.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { FAQ_DEFAULT_CATEGORY } from "#kernel/content.ts";
import { faqFormSchema } from "#kernel/schemas/faq-admin.ts";
import { FAQ_ACTION, type FaqAnswer, type FaqFields, type FaqItemData } from "./types.ts";

/** The category field, offering the categories in use. */
function CategoryField({
  meta,
  categories,
}: {
  meta: FieldMetadata<string | undefined>;
  categories: readonly string[];
}) {
  const { key, ...props } = getInputProps(meta, { type: "text", ariaAttributes: false });
  const listId = `${meta.id}-categories`;
  return (
    <Field
      id={meta.id}
      errorId={meta.errorId}
      errors={meta.errors}
      label="Category"
      optional
      hint={`Visitors filter by it. Blank is ${FAQ_DEFAULT_CATEGORY}.`}
    >
      {(control) => (
        <>
          <Input key={key} {...props} {...control} list={listId} autoComplete="off" />
          <datalist id={listId}>
            {categories.map((c) => (
              <option key={c} value={c} />
            ))}
          </datalist>
        </>
      )}
    </Field>
  );
}

/** The add or edit dialog of a FAQ item (spec 2 §2: a dialog form). */
export function FaqDialogButton({ item, categories }: { item?: FaqItemData; categories: readonly string[] }) {
  return (
    <FormDialogButton<FaqAnswer, FaqFields>
      trigger={
        item ? (
          <>
            <Pencil aria-hidden="true" /> Edit<span className="sr-only"> “{item.question}”</span>
          </>
        ) : (
          <>
            <Plus aria-hidden="true" /> Add FAQ
          </>
        )
      }
      triggerVariant={item ? "outline" : "gold"}
      triggerSize={item ? "sm" : undefined}
      action={FAQ_ACTION}
      schema={faqFormSchema}
      hidden={item ? { intent: "save-faq", id: item.id } : { intent: "save-faq" }}
      defaultValue={
        item
          ? {
              question: item.question,
              answer: item.answer,
              category: item.category ?? "",
              displayOrder: String(item.displayOrder),
              isPublished: item.isPublished,
            }
          : { displayOrder: "0", isPublished: true }
      }
      title={item ? "Edit FAQ" : "Add FAQ"}
      description="Published questions appear on the FAQ page by category, lowest display order first."
      submitLabel={item ? "Save Changes" : "Add FAQ"}
      pendingLabel="Saving…"
    >
      {(fields) => (
        <>
          <TextField meta={fields.question} label="Question" />
          <TextareaField
            meta={fields.answer}
            label="Answer"
            rows={6}
            hint="Plain text: a blank line starts a new paragraph. Simple HTML (bold, links, lists) is kept; anything unsafe is removed."
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <CategoryField meta={fields.category} categories={categories} />
            <TextField
              meta={fields.displayOrder}
              label="Display order"
              type="number"
              hint="Whole number; 0 by default."
            />
          </div>
          <CheckboxField
            meta={fields.isPublished}
            label="Published (shown on the FAQ page)"
            hint="Leave unticked to keep it as a draft."
          />
        </>
      )}
    </FormDialogButton>
  );
}

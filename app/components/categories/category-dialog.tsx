import { FormDialogButton } from "#app/components/data-table/form-dialog-button.tsx";
import { Pencil, Plus } from "#app/components/ui/icons.tsx";
import { categoryFormSchema } from "#kernel/schemas/categories.ts";
import { CategoryFormFields } from "./category-fields.tsx";
import { numberText } from "./number-input.ts";
import { CATEGORIES_ACTION, type CategoryAnswer, type CategoryCardData, type CategoryFields } from "./types.ts";

/** "Add Category": the category dialog, empty, a standard #Code to start with. */
export function AddCategoryButton() {
  return (
    <FormDialogButton<CategoryAnswer, CategoryFields>
      trigger={
        <>
          <Plus aria-hidden="true" />
          Add Category
        </>
      }
      action={CATEGORIES_ACTION}
      schema={categoryFormSchema}
      hidden={{ intent: "save-category" }}
      defaultValue={{ categoryType: "standard" }}
      title="Add Category"
      description="A #Code or a keyword group, offered in every territory."
      submitLabel="Save Category"
      pendingLabel="Saving…"
    >
      {(fields) => <CategoryFormFields fields={fields} editing={false} />}
    </FormDialogButton>
  );
}

/** "Edit" on a card: the category dialog with the category's values; the slug is locked. */
export function EditCategoryButton({ category }: { category: CategoryCardData }) {
  return (
    <FormDialogButton<CategoryAnswer, CategoryFields>
      trigger={
        <>
          <Pencil aria-hidden="true" />
          Edit<span className="sr-only"> {category.name}</span>
        </>
      }
      triggerVariant="outline"
      triggerSize="sm"
      action={CATEGORIES_ACTION}
      schema={categoryFormSchema}
      hidden={{ intent: "save-category", id: category.id }}
      defaultValue={{
        name: category.name,
        slug: category.slug,
        description: category.description ?? "",
        categoryType: category.categoryType,
        feePercentageOfBase: numberText(category.feePercentageOfBase),
        keywordBaseMultiplier: numberText(category.keywordBaseMultiplier),
      }}
      title={`Edit ${category.name}`}
      description="Changes show on public pages and in new price quotes at once."
      submitLabel="Save Changes"
      pendingLabel="Saving…"
    >
      {(fields) => <CategoryFormFields fields={fields} editing />}
    </FormDialogButton>
  );
}

import { FormDialogButton } from "#app/components/data-table/form-dialog-button.tsx";
import { CheckboxField } from "#app/components/forms/checkbox-field.tsx";
import { SelectField } from "#app/components/forms/select-field.tsx";
import { TextField } from "#app/components/forms/text-field.tsx";
import { TextareaField } from "#app/components/forms/textarea-field.tsx";
import { Pencil, Plus } from "#app/components/ui/icons.tsx";
import { FEATURED_NUMBER_TYPES } from "#kernel/enums.ts";
import { FEATURED_TYPE_LABELS, featuredFormSchema } from "#kernel/schemas/numbers-admin.ts";
import type { FeaturedFields, FeaturedRowData, NumbersAnswer } from "./types.ts";

export const FEATURED_ACTION = "/admin/featured-numbers";
const TYPE_OPTIONS = FEATURED_NUMBER_TYPES.map((value) => ({ value, label: FEATURED_TYPE_LABELS[value] }));

/** The add or edit dialog of a featured number. */
export function FeaturedDialogButton({ number }: { number?: FeaturedRowData }) {
  const editing = Boolean(number);
  return (
    <FormDialogButton<NumbersAnswer, FeaturedFields>
      trigger={
        editing ? (
          <>
            <Pencil aria-hidden="true" /> Edit<span className="sr-only"> {number?.numberText}</span>
          </>
        ) : (
          <>
            <Plus aria-hidden="true" /> Add Featured Number
          </>
        )
      }
      triggerVariant={editing ? "outline" : "gold"}
      triggerSize={editing ? "sm" : undefined}
      action={FEATURED_ACTION}
      schema={featuredFormSchema}
      hidden={number ? { intent: "save-featured", id: number.id } : { intent: "save-featured" }}
      defaultValue={
        number
          ? {
              numberText: number.numberText,
              description: number.description ?? "",
              numberIdLink: number.numberIdLink ?? "",
              type: number.type,
              displayOrder: String(number.displayOrder),
              isActive: number.isActive,
            }
          : { type: "poundcode", displayOrder: "0", isActive: true }
      }
      title={editing ? `Edit ${number?.numberText}` : "Add Featured Number"}
      description="Featured numbers appear on the All Numbers page, lowest display order first."
      submitLabel={editing ? "Save Changes" : "Add Number"}
      pendingLabel="Saving…"
    >
      {(fields) => (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField meta={fields.numberText} label="Number" hint="e.g. #4LAW or 1-800-LAW-HELP." />
            <SelectField meta={fields.type} label="Type" options={TYPE_OPTIONS} />
            <TextField
              meta={fields.numberIdLink}
              label="Link"
              optional
              hint="The number's page: hash-4law, 800-law-help, or a path."
            />
            <TextField
              meta={fields.displayOrder}
              label="Display order"
              type="number"
              hint="Whole number; 0 by default."
            />
          </div>
          <TextareaField meta={fields.description} label="Description" optional rows={2} />
          <CheckboxField meta={fields.isActive} label="Active (shown on the All Numbers page)" />
        </>
      )}
    </FormDialogButton>
  );
}

import { FormDialogButton } from "#app/components/data-table/form-dialog-button.tsx";
import { SelectField } from "#app/components/forms/select-field.tsx";
import { TextField } from "#app/components/forms/text-field.tsx";
import { TextareaField } from "#app/components/forms/textarea-field.tsx";
import { Pencil, Plus } from "#app/components/ui/icons.tsx";
import type { Choice } from "#kernel/forms.ts";
import { NONE, VANITY_SALE_LABELS, VANITY_SALE_STATES, vanityFormSchema } from "#kernel/schemas/numbers-admin.ts";
import { MoneyField } from "./money-field.tsx";
import type { NumbersAnswer, VanityFields, VanityRowData } from "./types.ts";

export const VANITY_ACTION = "/admin/vanity-numbers";

const SALE_OPTIONS = VANITY_SALE_STATES.map((value) => ({ value, label: VANITY_SALE_LABELS[value] }));
const dollars = (cents: number | null) => (cents === null ? "" : (cents / 100).toFixed(2));

/**
 * The add or edit dialog of a vanity number: the number itself (its per-territory statuses are not edited
 * here). Fees are dollars with cents; a licensee or territory of None clears the primary assignment.
 */
export function VanityDialogButton({
  number,
  licensees,
  territories,
  action = VANITY_ACTION,
}: {
  number?: VanityRowData;
  licensees: Choice[];
  territories: Choice[];
  action?: string;
}) {
  const editing = Boolean(number);
  return (
    <FormDialogButton<NumbersAnswer, VanityFields>
      trigger={
        editing ? (
          <>
            <Pencil aria-hidden="true" /> Edit<span className="sr-only"> {number?.numberText}</span>
          </>
        ) : (
          <>
            <Plus aria-hidden="true" /> Add Vanity Number
          </>
        )
      }
      triggerVariant={editing ? "outline" : "gold"}
      triggerSize={editing ? "sm" : undefined}
      action={action}
      schema={vanityFormSchema}
      hidden={number ? { intent: "save-vanity", id: number.id } : { intent: "save-vanity" }}
      defaultValue={
        number
          ? {
              numberText: number.numberText,
              slug: number.slug,
              status: number.saleState,
              associatedPoundCode: number.associatedPoundCode ?? "",
              monthlyFee: dollars(number.monthlyFeeCents),
              setupFee: dollars(number.setupFeeCents),
              licenseeId: number.licenseeId ?? NONE,
              territoryId: number.territoryId ?? NONE,
              description: number.description ?? "",
              notes: number.notes ?? "",
            }
          : { status: "available", licenseeId: NONE, territoryId: NONE }
      }
      title={editing ? `Edit ${number?.numberText}` : "Add Vanity Number"}
      description="The number, its fees and whether it is on sale. Territory statuses change through reservations and licenses."
      submitLabel={editing ? "Save Changes" : "Add Number"}
      pendingLabel="Saving…"
    >
      {(fields) => (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField meta={fields.numberText} label="Number" hint="As shown, e.g. 1-800-LAW-HELP." />
            <TextField
              meta={fields.slug}
              label="Slug"
              optional
              hint="Its page is /number/{slug}; blank derives it from the number."
            />
            <MoneyField meta={fields.monthlyFee} label="Monthly fee" optional />
            <MoneyField meta={fields.setupFee} label="Setup fee" optional />
            <SelectField meta={fields.status} label="Status" options={SALE_OPTIONS} />
            <TextField meta={fields.associatedPoundCode} label="Associated #Code" optional />
            <SelectField
              meta={fields.licenseeId}
              label="Licensee"
              options={[{ value: NONE, label: "None" }, ...licensees]}
            />
            <SelectField
              meta={fields.territoryId}
              label="Territory"
              options={[{ value: NONE, label: "None" }, ...territories]}
            />
          </div>
          <TextareaField meta={fields.description} label="Description" optional rows={2} />
          <TextareaField meta={fields.notes} label="Notes" optional rows={2} />
        </>
      )}
    </FormDialogButton>
  );
}

import type { FieldMetadata } from "@conform-to/react";
import { useState } from "react";
import { ConfirmDeleteButton } from "#app/components/data-table/confirm-delete.tsx";
import { FormDialogButton } from "#app/components/data-table/form-dialog-button.tsx";
import { Field } from "#app/components/forms/field.tsx";
import { TextField } from "#app/components/forms/text-field.tsx";
import { TextareaField } from "#app/components/forms/textarea-field.tsx";
import { Pencil, Plus } from "#app/components/ui/icons.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { type AdminKeyword, KEYWORD_TEXT, keywordFormSchema, MULTIPLIER_STEP } from "#kernel/schemas/categories.ts";
import { clampTyped, numberText } from "./number-input.ts";
import { CATEGORIES_ACTION, type CategoryAnswer, type KeywordFields } from "./types.ts";

type Fields = { [K in keyof KeywordFields]-?: FieldMetadata<KeywordFields[K], KeywordFields, string[]> };

function KeywordFormFields({ fields }: { fields: Fields }) {
  const [multiplier, setMultiplier] = useState(
    typeof fields.multiplier.initialValue === "string" ? fields.multiplier.initialValue : "",
  );
  return (
    <>
      <TextField
        meta={fields.keywordText}
        label="Keyword"
        autoComplete="off"
        hint="Stored in lower case; letters, digits, spaces, ' & and - only."
      />
      <Field
        id={fields.multiplier.id}
        errorId={fields.multiplier.errorId}
        errors={fields.multiplier.errors}
        label="Multiplier"
        hint="Applied to the keyword add-on of a license, e.g. 1.4."
      >
        {(control) => (
          <Input
            {...control}
            name={fields.multiplier.name}
            type="number"
            inputMode="decimal"
            min={0}
            step={MULTIPLIER_STEP}
            value={multiplier}
            onChange={(e) => setMultiplier(clampTyped(e.target.value))}
          />
        )}
      </Field>
      <TextareaField meta={fields.description} label="Description" optional rows={2} />
    </>
  );
}

function KeywordDialog({ keyword }: { keyword?: AdminKeyword }) {
  return (
    <FormDialogButton<CategoryAnswer, KeywordFields>
      trigger={
        keyword ? (
          <>
            <Pencil aria-hidden="true" />
            Edit<span className="sr-only"> {keyword.keywordText}</span>
          </>
        ) : (
          <>
            <Plus aria-hidden="true" />
            Add Keyword
          </>
        )
      }
      triggerVariant="outline"
      triggerSize={keyword ? "sm" : "default"}
      action={CATEGORIES_ACTION}
      schema={keywordFormSchema}
      hidden={keyword ? { intent: "save-keyword", id: keyword.id } : { intent: "save-keyword" }}
      defaultValue={
        keyword
          ? {
              keywordText: keyword.keywordText,
              multiplier: numberText(keyword.multiplier),
              description: keyword.description ?? "",
            }
          : undefined
      }
      title={keyword ? `Edit “${keyword.keywordText}”` : "Add Keyword"}
      description="A search or ad keyword whose licenses cost more, by a multiplier."
      submitLabel={keyword ? "Save Changes" : "Save Keyword"}
      pendingLabel="Saving…"
    >
      {(fields) => <KeywordFormFields fields={fields} />}
    </FormDialogButton>
  );
}

/** The special pricing keywords: a table (a stack of rows on phones) with Add, Edit and Delete. */
export function KeywordList({ keywords }: { keywords: readonly AdminKeyword[] }) {
  return (
    <section aria-labelledby="keywords-heading" className="grid min-w-0 grid-cols-1 gap-5">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="keywords-heading" className="text-2xl font-semibold tracking-tight">
            {KEYWORD_TEXT.heading}
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            Keywords that raise the keyword add-on of a license. The keyword CSV on Pricing Upload updates them in bulk.
          </p>
        </div>
        <KeywordDialog />
      </div>
      {keywords.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border px-6 py-10 text-center text-muted-foreground">
          {KEYWORD_TEXT.empty}
        </p>
      ) : (
        <div className="overflow-hidden rounded-xl border border-border bg-card shadow-card">
          <table className="w-full text-sm">
            <caption className="sr-only">{KEYWORD_TEXT.heading}</caption>
            <thead className="hidden bg-muted/60 text-left text-xs font-semibold tracking-wide text-muted-foreground uppercase sm:table-header-group">
              <tr>
                <th scope="col" className="px-5 py-3">
                  Keyword
                </th>
                <th scope="col" className="px-5 py-3 text-right">
                  Multiplier
                </th>
                <th scope="col" className="px-5 py-3">
                  Description
                </th>
                <th scope="col" className="px-5 py-3 text-right">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {keywords.map((k) => (
                <tr key={k.id} className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 px-5 py-4 sm:table-row sm:p-0">
                  <th scope="row" className="text-left font-semibold sm:px-5 sm:py-3">
                    {k.keywordText}
                  </th>
                  <td className="text-right font-semibold text-accent-text tabular-nums sm:px-5 sm:py-3">
                    ×{k.multiplier.toLocaleString("en-US")}
                  </td>
                  <td className="col-span-2 text-muted-foreground sm:px-5 sm:py-3">
                    {k.description ?? <span className="italic">No description.</span>}
                  </td>
                  <td className="col-span-2 sm:px-5 sm:py-3">
                    <div className="flex justify-end gap-2">
                      <KeywordDialog keyword={k} />
                      <ConfirmDeleteButton
                        intent="delete-keyword"
                        id={k.id}
                        itemName={`the keyword ${k.keywordText}`}
                        title={`Delete “${k.keywordText}”?`}
                        warning={KEYWORD_TEXT.deleteWarning}
                      />
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

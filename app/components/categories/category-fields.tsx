import type { FieldMetadata } from "@conform-to/react";
import { useState } from "react";
import { Field } from "#app/components/forms/field.tsx";
import { TextareaField } from "#app/components/forms/textarea-field.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Select } from "#app/components/ui/select.tsx";
import { CATEGORY_TYPES, type CategoryType } from "#kernel/enums.ts";
import {
  CATEGORY_TEXT,
  CATEGORY_TYPE_LABELS,
  categorySlug,
  FEE_PERCENTAGE_STEP,
  MULTIPLIER_STEP,
} from "#kernel/schemas/categories.ts";
import { clampTyped, typedSlug } from "./number-input.ts";
import type { CategoryFields as Values } from "./types.ts";

type Fields = { [K in keyof Values]-?: FieldMetadata<Values[K], Values, string[]> };

const initial = (meta: FieldMetadata<string, Values, string[]>) =>
  typeof meta.initialValue === "string" ? meta.initialValue : "";

/**
 * The fields of the category dialog. While adding, the slug follows the name (until the slug is typed in
 * itself); while editing it is read-only. The type decides the pricing field: a fee percentage for a standard
 * category, a keyword multiplier for a keyword group; switching to standard clears the multiplier.
 */
export function CategoryFormFields({ fields, editing }: { fields: Fields; editing: boolean }) {
  const [name, setName] = useState(initial(fields.name));
  const [slug, setSlug] = useState(initial(fields.slug));
  const [slugTyped, setSlugTyped] = useState(editing);
  const [type, setType] = useState<CategoryType>(
    initial(fields.categoryType) === "keyword_group" ? "keyword_group" : "standard",
  );
  const [fee, setFee] = useState(initial(fields.feePercentageOfBase));
  const [multiplier, setMultiplier] = useState(initial(fields.keywordBaseMultiplier));

  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          id={fields.categoryType.id}
          errorId={fields.categoryType.errorId}
          errors={fields.categoryType.errors}
          label="Type"
          className="sm:col-span-2"
        >
          {(control) => (
            <Select
              {...control}
              name={fields.categoryType.name}
              value={type}
              onChange={(e) => {
                const next = e.target.value === "keyword_group" ? "keyword_group" : "standard";
                setType(next);
                if (next === "standard") setMultiplier("");
              }}
            >
              {CATEGORY_TYPES.map((t) => (
                <option key={t} value={t}>
                  {CATEGORY_TYPE_LABELS[t]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field
          id={fields.name.id}
          errorId={fields.name.errorId}
          errors={fields.name.errors}
          label="Name"
          hint={type === "standard" ? "A #Code begins with #, e.g. #4LAW." : "e.g. Legal Keywords."}
        >
          {(control) => (
            <Input
              {...control}
              name={fields.name.name}
              value={name}
              autoComplete="off"
              onChange={(e) => {
                setName(e.target.value);
                if (!slugTyped) setSlug(categorySlug(e.target.value));
              }}
            />
          )}
        </Field>
        <Field
          id={fields.slug.id}
          errorId={fields.slug.errorId}
          errors={fields.slug.errors}
          label="Slug"
          hint={editing ? CATEGORY_TEXT.slugLocked : "Made from the name: lower case, dashes for spaces."}
        >
          {(control) => (
            <Input
              {...control}
              name={fields.slug.name}
              value={slug}
              readOnly={editing}
              autoComplete="off"
              spellCheck={false}
              className="font-mono read-only:cursor-not-allowed read-only:bg-muted read-only:text-muted-foreground"
              onChange={(e) => {
                setSlugTyped(true);
                setSlug(typedSlug(e.target.value));
              }}
            />
          )}
        </Field>
      </div>
      {type === "standard" ? (
        <Field
          id={fields.feePercentageOfBase.id}
          errorId={fields.feePercentageOfBase.errorId}
          errors={fields.feePercentageOfBase.errors}
          label="Fee percentage of base"
          optional
          hint="Of the territory's base monthly fee, e.g. 125 for 125%. Empty when not set."
        >
          {(control) => (
            <Input
              {...control}
              name={fields.feePercentageOfBase.name}
              type="number"
              inputMode="decimal"
              min={0}
              step={FEE_PERCENTAGE_STEP}
              value={fee}
              onChange={(e) => setFee(clampTyped(e.target.value))}
            />
          )}
        </Field>
      ) : (
        <Field
          id={fields.keywordBaseMultiplier.id}
          errorId={fields.keywordBaseMultiplier.errorId}
          errors={fields.keywordBaseMultiplier.errors}
          label="Keyword multiplier"
          optional
          hint="Applied to the license's keyword add-on, e.g. 1.25. Empty when not set."
        >
          {(control) => (
            <Input
              {...control}
              name={fields.keywordBaseMultiplier.name}
              type="number"
              inputMode="decimal"
              min={0}
              step={MULTIPLIER_STEP}
              value={multiplier}
              onChange={(e) => setMultiplier(clampTyped(e.target.value))}
            />
          )}
        </Field>
      )}
      <TextareaField meta={fields.description} label="Description" optional rows={3} />
    </>
  );
}

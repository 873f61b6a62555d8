import type { FieldMetadata } from "@conform-to/react";
import { TextField } from "#app/components/forms/text-field.tsx";
import { TextareaField } from "#app/components/forms/textarea-field.tsx";
import { PAGE_FIELD_LABELS } from "#kernel/schemas/dynamic-pages.ts";

const TEXT_FIELDS = [
  "pageTitle",
  "businessNameOnPage",
  "companyDescription",
  "services",
  "areasOfLaw",
  "lawFirmHighlights",
] as const;
export type TextFieldsMeta = Record<(typeof TEXT_FIELDS)[number], FieldMetadata<string | undefined>>;

/** Who is editing: an administrator edits a licensee's page; a licensee edits their own. */
export type PageEditor = "admin" | "licensee";

/** The stored text values as the form shows them: lists one item per line, null as blank. */
export function textFormValues(v: {
  pageTitle: string | null;
  businessNameOnPage: string | null;
  companyDescription: string | null;
  services: string[];
  areasOfLaw: string[];
  lawFirmHighlights: string | null;
}): Record<(typeof TEXT_FIELDS)[number], string> {
  return {
    pageTitle: v.pageTitle ?? "",
    businessNameOnPage: v.businessNameOnPage ?? "",
    companyDescription: v.companyDescription ?? "",
    services: v.services.join("\n"),
    areasOfLaw: v.areasOfLaw.join("\n"),
    lawFirmHighlights: v.lawFirmHighlights ?? "",
  };
}

const RICH_HINT = "Plain text; leave a blank line between paragraphs. Simple formatting in HTML is kept, cleaned.";

/** The page's text fields (the first section of both editors). */
export function PageTextFields({ fields, editor }: { fields: TextFieldsMeta; editor: PageEditor }) {
  return (
    <div className="grid gap-4">
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <TextField meta={fields.pageTitle} label={PAGE_FIELD_LABELS.pageTitle} optional />
        <TextField
          meta={fields.businessNameOnPage}
          label={PAGE_FIELD_LABELS.businessNameOnPage}
          optional
          hint={
            editor === "licensee"
              ? "Blank shows the company name on your profile."
              : "Blank shows the licensee's company name."
          }
        />
      </div>
      <TextareaField
        meta={fields.companyDescription}
        label={PAGE_FIELD_LABELS.companyDescription}
        optional
        rows={6}
        hint={RICH_HINT}
      />
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <TextareaField
          meta={fields.services}
          label={PAGE_FIELD_LABELS.services}
          optional
          rows={5}
          hint="One per line."
        />
        <TextareaField
          meta={fields.areasOfLaw}
          label={PAGE_FIELD_LABELS.areasOfLaw}
          optional
          rows={5}
          hint="One per line."
        />
      </div>
      <TextareaField
        meta={fields.lawFirmHighlights}
        label={PAGE_FIELD_LABELS.lawFirmHighlights}
        optional
        rows={4}
        hint={RICH_HINT}
      />
    </div>
  );
}

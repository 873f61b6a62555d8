/**
 * Every field of a landing page, in sections, as both editors show them: the administrator's (/admin/dynamic-pages/:id)
 * and the firm's own (/dashboard/page-content). Office locations, partners and reviews are repeatable groups (one
 * blank row is always offered, so the form works without JavaScript; with JavaScript rows are added and removed in
 * place). The logo differs by editor (a URL for administrators, an upload for the firm), so it comes as a slot.
 */
import type { FieldMetadata, FormMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { TextField } from "#app/components/forms/text-field.tsx";
import { TextareaField } from "#app/components/forms/textarea-field.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { Plus, X } from "#app/components/ui/icons.tsx";
import { DEFAULT_LANDING_ACCENT, LANDING_ACCENT_KEYS, LANDING_ACCENTS } from "#kernel/landing-accents.ts";
import {
  GROUP_MAX_ITEMS,
  PAGE_FIELD_LABELS,
  type PageContentData,
  SOCIAL_NETWORK_LABELS,
  SOCIAL_NETWORKS,
} from "#kernel/schemas/dynamic-pages.ts";
import { type PageEditor, PageTextFields, type TextFieldsMeta, textFormValues } from "./text-fields.tsx";

const blankOffice = { name: "", address: "", city: "", phone: "", hours: "" };
const blankPartner = { name: "", description: "" };
const blankReview = { quote: "", author: "" };

/** The stored page as the form's starting values, with one blank row per group. */
export function pageFormValues(c: PageContentData) {
  return {
    ...textFormValues(c),
    yearsInBusiness: c.yearsInBusiness === null ? "" : String(c.yearsInBusiness),
    accent: c.accent ?? "",
    lawFirmLogoUrl: c.lawFirmLogoUrl ?? "",
    testimonialLink: c.testimonialLink ?? "",
    attorneyDirectoryUrl: c.attorneyDirectoryUrl ?? "",
    officeLocations: [...c.officeLocations.map((o) => ({ ...blankOffice, ...o })), blankOffice],
    partnersInfo: [...c.partnersInfo, blankPartner],
    reviews: [...c.reviews, blankReview],
    socialMediaLinks: Object.fromEntries(SOCIAL_NETWORKS.map((n) => [n, c.socialMediaLinks[n] ?? ""])),
    contactInfo: {
      phone: c.contactInfo.phone ?? "",
      email: c.contactInfo.email ?? "",
      address: c.contactInfo.address ?? "",
    },
  };
}
export type PageFormValues = ReturnType<typeof pageFormValues>;
type Meta = FieldMetadata<string | undefined>;
type GroupName = "officeLocations" | "partnersInfo" | "reviews";

export function Section({ title, children, hint }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle as="h2">{title}</CardTitle>
        {hint ? <p className="text-sm text-muted-foreground">{hint}</p> : null}
      </CardHeader>
      <CardContent className="grid gap-4">{children}</CardContent>
    </Card>
  );
}

/** The accent palette as radio buttons with their swatches (every color is contrast-checked). */
function AccentPicker({ meta }: { meta: Meta }) {
  const chosen = (meta.initialValue as string | undefined) || DEFAULT_LANDING_ACCENT;
  return (
    <fieldset className="grid gap-2" aria-describedby={`${meta.id}-hint`}>
      <legend className="text-sm font-medium">{PAGE_FIELD_LABELS.accent}</legend>
      <p id={`${meta.id}-hint`} className="text-sm text-muted-foreground">
        The color of your call button, your #Code and the page's highlights. Every choice is readable in light and dark
        themes.
      </p>
      <div className="flex flex-wrap gap-2">
        {LANDING_ACCENT_KEYS.map((key) => {
          const a = LANDING_ACCENTS[key];
          const id = `${meta.id}-${key}`;
          return (
            <div key={key}>
              <input
                type="radio"
                id={id}
                name={meta.name}
                value={key}
                defaultChecked={chosen === key}
                className="peer sr-only"
              />
              <label
                htmlFor={id}
                className="flex cursor-pointer items-center gap-2 rounded-full border border-border px-3 py-1.5 text-sm peer-checked:border-navy-900 peer-checked:ring-2 peer-checked:ring-ring peer-focus-visible:ring-2 peer-focus-visible:ring-ring dark:peer-checked:border-white"
              >
                <span
                  aria-hidden="true"
                  className="size-4 rounded-full ring-1 ring-black/10"
                  style={{ background: `linear-gradient(135deg, ${a.fill} 50%, ${a.textLight} 50%)` }}
                />
                {a.label}
              </label>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}

function GroupControls({
  form,
  name,
  index,
  count,
  label,
}: {
  form: FormMetadata<PageFormValues, string[]>;
  name: GroupName;
  index: number;
  count: number;
  label: string;
}) {
  if (count <= 1) return null;
  return (
    <div>
      <Button variant="ghost" size="sm" {...form.remove.getButtonProps({ name, index })}>
        <X aria-hidden="true" /> Remove {label} {index + 1}
      </Button>
    </div>
  );
}

function AddRow({
  form,
  name,
  count,
  label,
  blank,
}: {
  form: FormMetadata<PageFormValues, string[]>;
  name: GroupName;
  count: number;
  label: string;
  blank: Record<string, string>;
}) {
  if (count >= GROUP_MAX_ITEMS) return null;
  return (
    <div>
      <Button variant="outline" size="sm" {...form.insert.getButtonProps({ name, defaultValue: blank as never })}>
        <Plus aria-hidden="true" /> Add {label}
      </Button>
    </div>
  );
}

/** Every section of the page's form; `logo` is the editor's own logo control. */
export function PageFields({
  form,
  fields,
  editor,
  logo,
}: {
  form: FormMetadata<PageFormValues, string[]>;
  fields: ReturnType<FormMetadata<PageFormValues, string[]>["getFieldset"]>;
  editor: PageEditor;
  logo: ReactNode;
}) {
  const f = fields as unknown as Record<string, Meta>;
  const offices = fields.officeLocations.getFieldList();
  const partners = fields.partnersInfo.getFieldList();
  const reviews = fields.reviews.getFieldList();
  const social = fields.socialMediaLinks.getFieldset();
  const contact = fields.contactInfo.getFieldset();
  const yours = editor === "licensee";

  return (
    <>
      <Section title="Text">
        <PageTextFields fields={f as unknown as TextFieldsMeta} editor={editor} />
      </Section>

      <Section title="Look">
        <AccentPicker meta={f.accent as Meta} />
        {logo}
      </Section>

      <Section title="Firm details">
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <TextField
            meta={f.yearsInBusiness as Meta}
            label={PAGE_FIELD_LABELS.yearsInBusiness}
            optional
            type="number"
          />
          <TextField meta={f.testimonialLink as Meta} label={PAGE_FIELD_LABELS.testimonialLink} optional type="url" />
          <TextField
            meta={f.attorneyDirectoryUrl as Meta}
            label={PAGE_FIELD_LABELS.attorneyDirectoryUrl}
            optional
            type="url"
          />
        </div>
      </Section>

      <Section
        title={PAGE_FIELD_LABELS.officeLocations}
        hint="An office needs a name or an address. Blank rows are left out."
      >
        <ol className="grid gap-4">
          {offices.map((office, i) => {
            const o = office.getFieldset();
            return (
              <li key={office.key} className="grid gap-3 rounded-lg border border-border p-4">
                <fieldset className="grid gap-3 sm:grid-cols-2">
                  <legend className="mb-1 text-sm font-semibold">Office {i + 1}</legend>
                  <TextField meta={o.name as Meta} label="Name" optional />
                  <TextField meta={o.phone as Meta} label="Phone" optional type="tel" />
                  <TextField meta={o.address as Meta} label="Address" optional />
                  <TextField meta={o.city as Meta} label="City" optional />
                  <TextField
                    meta={o.hours as Meta}
                    label="Hours"
                    optional
                    className="sm:col-span-2"
                    hint="For example: Mon–Fri 8:30 am–6 pm; Sat by appointment."
                  />
                </fieldset>
                <GroupControls form={form} name="officeLocations" index={i} count={offices.length} label="office" />
              </li>
            );
          })}
        </ol>
        <AddRow form={form} name="officeLocations" count={offices.length} label="office" blank={blankOffice} />
      </Section>

      <Section title={PAGE_FIELD_LABELS.partnersInfo} hint="A partner needs a name. Blank rows are left out.">
        <ol className="grid gap-4">
          {partners.map((partner, i) => {
            const p = partner.getFieldset();
            return (
              <li key={partner.key} className="grid gap-3 rounded-lg border border-border p-4">
                <fieldset className="grid gap-3">
                  <legend className="mb-1 text-sm font-semibold">Partner {i + 1}</legend>
                  <TextField meta={p.name as Meta} label="Name" optional />
                  <TextareaField meta={p.description as Meta} label="Description" optional rows={2} />
                </fieldset>
                <GroupControls form={form} name="partnersInfo" index={i} count={partners.length} label="partner" />
              </li>
            );
          })}
        </ol>
        <AddRow form={form} name="partnersInfo" count={partners.length} label="partner" blank={blankPartner} />
      </Section>

      <Section
        title={PAGE_FIELD_LABELS.reviews}
        hint={
          yours
            ? "Quote your clients' own words, with their permission, and who said them. Blank rows are left out."
            : "A client's words and who said them. Blank rows are left out."
        }
      >
        <ol className="grid gap-4">
          {reviews.map((review, i) => {
            const r = review.getFieldset();
            return (
              <li key={review.key} className="grid gap-3 rounded-lg border border-border p-4">
                <fieldset className="grid gap-3">
                  <legend className="mb-1 text-sm font-semibold">Review {i + 1}</legend>
                  <TextareaField meta={r.quote as Meta} label="What they said" optional rows={3} />
                  <TextField meta={r.author as Meta} label="Who said it" optional hint="A name or initials." />
                </fieldset>
                <GroupControls form={form} name="reviews" index={i} count={reviews.length} label="review" />
              </li>
            );
          })}
        </ol>
        <AddRow form={form} name="reviews" count={reviews.length} label="review" blank={blankReview} />
      </Section>

      <Section title="Contact and social media">
        <div className="grid items-start gap-4 sm:grid-cols-3">
          <TextField
            meta={contact.phone as Meta}
            label="Contact phone"
            optional
            type="tel"
            hint={yours ? "Blank shows the phone on your profile." : "Blank shows the licensee's phone."}
          />
          <TextField meta={contact.email as Meta} label="Contact email" optional type="email" />
          <TextField meta={contact.address as Meta} label="Contact address" optional />
        </div>
        <div className="grid items-start gap-4 sm:grid-cols-2">
          {SOCIAL_NETWORKS.map((n) => (
            <TextField key={n} meta={social[n] as Meta} label={SOCIAL_NETWORK_LABELS[n]} optional type="url" />
          ))}
        </div>
      </Section>
    </>
  );
}

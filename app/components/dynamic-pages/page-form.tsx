/**
 * The administrator's form of one landing page: every field, with office locations and partners as repeatable
 * groups (one blank row is always offered, so the form works without JavaScript; with JavaScript rows are added
 * and removed in place). It posts to the page's own action (intent save-page) and keeps what was typed when a
 * field is refused.
 */
import { type FieldMetadata, getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Plus, X } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { FormErrors, TextField } from "#app/components/forms/text-field.tsx";
import { TextareaField } from "#app/components/forms/textarea-field.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import {
  GROUP_MAX_ITEMS,
  PAGE_FIELD_LABELS,
  type PageContentData,
  SOCIAL_NETWORK_LABELS,
  SOCIAL_NETWORKS,
  savePageSchema,
} from "#kernel/schemas/dynamic-pages.ts";
import { PageTextFields, type TextFieldsMeta, textFormValues } from "./text-fields.tsx";

const blankOffice = { name: "", address: "", city: "", phone: "" };
const blankPartner = { name: "", description: "" };

/** The stored page as the form's starting values, with one blank row per group. */
export function pageFormValues(c: PageContentData) {
  return {
    ...textFormValues(c),
    yearsInBusiness: c.yearsInBusiness === null ? "" : String(c.yearsInBusiness),
    lawFirmLogoUrl: c.lawFirmLogoUrl ?? "",
    testimonialLink: c.testimonialLink ?? "",
    attorneyDirectoryUrl: c.attorneyDirectoryUrl ?? "",
    officeLocations: [...c.officeLocations, blankOffice],
    partnersInfo: [...c.partnersInfo, blankPartner],
    socialMediaLinks: Object.fromEntries(SOCIAL_NETWORKS.map((n) => [n, c.socialMediaLinks[n] ?? ""])),
    contactInfo: {
      phone: c.contactInfo.phone ?? "",
      email: c.contactInfo.email ?? "",
      address: c.contactInfo.address ?? "",
    },
  };
}
type FormValues = ReturnType<typeof pageFormValues>;
type Meta = FieldMetadata<string | undefined>;

function Section({ title, children, hint }: { title: string; hint?: string; children: React.ReactNode }) {
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

export function DynamicPageForm({
  action,
  defaults,
  lastResult,
}: {
  action: string;
  defaults: FormValues;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const [form, fields] = useForm<FormValues>({
    id: "dynamic-page",
    lastResult,
    defaultValue: defaults,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: savePageSchema }) as never,
  });
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === "save-page";
  const f = fields as unknown as Record<string, Meta> & typeof fields;
  const offices = fields.officeLocations.getFieldList();
  const partners = fields.partnersInfo.getFieldList();
  const social = fields.socialMediaLinks.getFieldset();
  const contact = fields.contactInfo.getFieldset();

  return (
    <Form method="post" action={action} {...getFormProps(form)} className="grid gap-6" noValidate>
      <input type="hidden" name="intent" value="save-page" />
      <FormErrors id={form.errorId} errors={form.errors} />
      <Section title="Text">
        <PageTextFields fields={f as unknown as TextFieldsMeta} />
      </Section>

      <Section title="Firm details">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            meta={f.yearsInBusiness as Meta}
            label={PAGE_FIELD_LABELS.yearsInBusiness}
            optional
            type="number"
          />
          <TextField
            meta={f.lawFirmLogoUrl as Meta}
            label={PAGE_FIELD_LABELS.lawFirmLogoUrl}
            optional
            type="url"
            hint="Blank shows the licensee's company logo."
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
                  <legend className="mb-1 flex w-full items-center justify-between text-sm font-semibold">
                    Office {i + 1}
                  </legend>
                  <TextField meta={o.name as Meta} label="Name" optional />
                  <TextField meta={o.phone as Meta} label="Phone" optional type="tel" />
                  <TextField meta={o.address as Meta} label="Address" optional />
                  <TextField meta={o.city as Meta} label="City" optional />
                </fieldset>
                {offices.length > 1 ? (
                  <div>
                    <Button
                      variant="ghost"
                      size="sm"
                      {...form.remove.getButtonProps({ name: fields.officeLocations.name, index: i })}
                    >
                      <X aria-hidden="true" /> Remove office {i + 1}
                    </Button>
                  </div>
                ) : null}
              </li>
            );
          })}
        </ol>
        {offices.length < GROUP_MAX_ITEMS ? (
          <div>
            <Button
              variant="outline"
              size="sm"
              {...form.insert.getButtonProps({ name: fields.officeLocations.name, defaultValue: blankOffice })}
            >
              <Plus aria-hidden="true" /> Add office
            </Button>
          </div>
        ) : null}
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
                {partners.length > 1 ? (
                  <div>
                    <Button
                      variant="ghost"
                      size="sm"
                      {...form.remove.getButtonProps({ name: fields.partnersInfo.name, index: i })}
                    >
                      <X aria-hidden="true" /> Remove partner {i + 1}
                    </Button>
                  </div>
                ) : null}
              </li>
            );
          })}
        </ol>
        {partners.length < GROUP_MAX_ITEMS ? (
          <div>
            <Button
              variant="outline"
              size="sm"
              {...form.insert.getButtonProps({ name: fields.partnersInfo.name, defaultValue: blankPartner })}
            >
              <Plus aria-hidden="true" /> Add partner
            </Button>
          </div>
        ) : null}
      </Section>

      <Section title="Contact and social media">
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField
            meta={contact.phone as Meta}
            label="Contact phone"
            optional
            type="tel"
            hint="Blank shows the licensee's phone."
          />
          <TextField meta={contact.email as Meta} label="Contact email" optional type="email" />
          <TextField meta={contact.address as Meta} label="Contact address" optional />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          {SOCIAL_NETWORKS.map((n) => (
            <TextField key={n} meta={social[n] as Meta} label={SOCIAL_NETWORK_LABELS[n]} optional type="url" />
          ))}
        </div>
      </Section>

      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" variant="gold" disabled={saving} aria-busy={saving || undefined}>
          {saving ? "Saving…" : "Save Page"}
        </Button>
        <p className="text-sm text-muted-foreground">Saved changes are live on the public page at once.</p>
      </div>
    </Form>
  );
}

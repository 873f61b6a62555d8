import { Field, InlineField } from "#app/components/forms/field.tsx";
import { Checkbox } from "#app/components/ui/checkbox.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Select } from "#app/components/ui/select.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import { ShowcaseSection } from "./showcase-section.tsx";

/** The field family in its states: plain, invalid, with a hint, disabled, optional, and a checkbox. */
export function FormsSection() {
  return (
    <ShowcaseSection id="forms" title="Forms" description="Labels above controls, hints and errors linked to them.">
      <form className="grid max-w-3xl gap-6 sm:grid-cols-2" noValidate onSubmit={(event) => event.preventDefault()}>
        <Field id="showcase-name" label="Full name">
          {(control) => <Input {...control} name="showcase-name" placeholder="Jordan Avery" autoComplete="off" />}
        </Field>
        <Field id="showcase-email" label="Email" errors={["Please enter a valid email address."]}>
          {(control) => (
            <Input {...control} name="showcase-email" type="email" defaultValue="jordan@example" required />
          )}
        </Field>
        <Field id="showcase-category" label="Category" hint="Choose the category you want to license.">
          {(control) => (
            <Select {...control} name="showcase-category" defaultValue="law">
              <option value="law">#4LAW · Legal services</option>
              <option value="help">#HELP · Home services</option>
              <option value="ssdi">#SSDI · Disability benefits</option>
            </Select>
          )}
        </Field>
        <Field id="showcase-phone" label="Phone" hint="Disabled">
          {(control) => <Input {...control} name="showcase-phone" type="tel" placeholder="(555) 555-0123" disabled />}
        </Field>
        <Field id="showcase-message" label="Message" optional className="sm:col-span-2">
          {(control) => <Textarea {...control} name="showcase-message" placeholder="Tell us about your campaign" />}
        </Field>
        <InlineField id="showcase-terms" label="I agree to the Terms & Conditions" className="sm:col-span-2">
          {(control) => <Checkbox {...control} name="showcase-terms" className="mt-0.5" defaultChecked />}
        </InlineField>
      </form>
    </ShowcaseSection>
  );
}

import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { FormErrors, TextField } from "#app/components/forms/text-field.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Save, UserPlus } from "#app/components/ui/icons.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { profileSchema } from "#kernel/schemas/profile.ts";

/** The licensee fields as the form holds them. */
export type ProfileFormValues = {
  contactName?: string;
  phone?: string;
  companyName?: string;
  addressLine1?: string;
  addressLine2?: string;
  city?: string;
  stateProvince?: string;
  postalCode?: string;
  country?: string;
};

export type ProfileFormProps = {
  /** `save` edits the member's record; `create` makes the record of an account that has none. */
  intent: "save" | "create";
  email: string;
  defaultValue: ProfileFormValues;
  /** The action's answer to the last submission of this form, if it refused. */
  result?: SubmissionResult<string[]> | null;
};

/**
 * The licensee profile form (spec doc 2's fields; contact name required, email read-only). Works without
 * JavaScript; with it, validates in the browser with the server's schema.
 */
export function ProfileForm({ intent, email, defaultValue, result }: ProfileFormProps) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const [form, fields] = useForm<ProfileFormValues>({
    id: `profile-${intent}`,
    lastResult: result,
    defaultValue,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: profileSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-6" noValidate>
      <input type="hidden" name="intent" value={intent} />
      <FormErrors id={form.errorId} errors={form.errors} />
      <fieldset className="grid gap-5">
        <legend className="mb-4 text-sm font-semibold tracking-wide text-muted-foreground uppercase">Contact</legend>
        <div className="grid items-start gap-5 sm:grid-cols-2">
          <TextField meta={fields.contactName} label="Contact name" autoComplete="name" />
          <div className="grid gap-1.5">
            <Label htmlFor={`profile-${intent}-email`}>Email</Label>
            <Input
              id={`profile-${intent}-email`}
              type="email"
              value={email}
              readOnly
              aria-describedby={`profile-${intent}-email-hint`}
              className="bg-muted/60 text-muted-foreground"
            />
            <p id={`profile-${intent}-email-hint`} className="text-sm text-muted-foreground">
              Your sign-in address. Contact support to change it.
            </p>
          </div>
          <TextField meta={fields.phone} label="Phone" type="tel" autoComplete="tel" optional />
          <TextField meta={fields.companyName} label="Company name" autoComplete="organization" optional />
        </div>
      </fieldset>
      <fieldset className="grid gap-5">
        <legend className="mb-4 text-sm font-semibold tracking-wide text-muted-foreground uppercase">Address</legend>
        <div className="grid items-start gap-5 sm:grid-cols-2">
          <TextField
            meta={fields.addressLine1}
            label="Address line 1"
            autoComplete="address-line1"
            optional
            className="sm:col-span-2"
          />
          <TextField
            meta={fields.addressLine2}
            label="Address line 2"
            autoComplete="address-line2"
            optional
            className="sm:col-span-2"
          />
          <TextField meta={fields.city} label="City" autoComplete="address-level2" optional />
          <TextField meta={fields.stateProvince} label="State / province" autoComplete="address-level1" optional />
          <TextField meta={fields.postalCode} label="Postal code" autoComplete="postal-code" optional />
          <TextField meta={fields.country} label="Country" autoComplete="country-name" optional />
        </div>
      </fieldset>
      <div className="flex flex-col-reverse gap-3 border-t border-border pt-6 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-xs text-muted-foreground">
          Your company name, phone and email appear on your public landing pages.
        </p>
        <SubmitButton intent={intent} submitting={submitting} />
      </div>
    </Form>
  );
}

function SubmitButton({ intent, submitting }: { intent: "save" | "create"; submitting: boolean }) {
  const Icon = intent === "create" ? UserPlus : Save;
  const label = intent === "create" ? "Create Profile" : "Save Changes";
  return (
    <Button type="submit" variant="gold" size="lg" disabled={submitting} className="sm:min-w-44">
      <Icon aria-hidden="true" />
      {submitting ? (intent === "create" ? "Creating…" : "Saving…") : label}
    </Button>
  );
}

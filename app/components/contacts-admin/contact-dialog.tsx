import { type FieldMetadata, getInputProps } from "@conform-to/react";
import { FormDialogButton } from "#app/components/data-table/form-dialog-button.tsx";
import { Field } from "#app/components/forms/field.tsx";
import { SelectField } from "#app/components/forms/select-field.tsx";
import { TextField } from "#app/components/forms/text-field.tsx";
import { TextareaField } from "#app/components/forms/textarea-field.tsx";
import { Pencil, Plus } from "#app/components/ui/icons.tsx";
import { Input } from "#app/components/ui/input.tsx";
import {
  CONTACT_STATUS_OPTIONS,
  type ContactChoices,
  contactDisplayName,
  contactFormSchema,
  NONE,
} from "#kernel/schemas/contacts-admin.ts";
import type { ContactFields, ContactRowData, ContactsAnswer } from "./types.ts";

/** The list's action: the dialogs, moves and deletes of every contacts screen post here. */
export const CONTACTS_ACTION = "/admin/contacts";

/** A calendar date input wired to a Conform field (blank is allowed: the follow-up date is optional). */
function DateField({ meta, label, hint }: { meta: FieldMetadata<string | undefined>; label: string; hint?: string }) {
  const { key, ...props } = getInputProps(meta, { type: "date", ariaAttributes: false });
  return (
    <Field id={meta.id} errorId={meta.errorId} errors={meta.errors} label={label} optional hint={hint}>
      {(control) => <Input key={key} {...props} {...control} className="w-full" />}
    </Field>
  );
}

/**
 * The add or edit dialog of a contact (spec 2 §5): the email is required; a blank follow-up date is left out; a
 * blank source is saved as manual entry; territory and #Code are optional. The message a lead came with is
 * recorded when adding a contact by hand and is not edited afterwards (the detail page shows it).
 */
export function ContactDialogButton({
  contact,
  choices,
  action = CONTACTS_ACTION,
}: {
  contact?: ContactRowData;
  choices: ContactChoices;
  action?: string;
}) {
  const editing = Boolean(contact);
  const name = contact ? contactDisplayName(contact) : "";
  return (
    <FormDialogButton<ContactsAnswer, ContactFields>
      trigger={
        editing ? (
          <>
            <Pencil aria-hidden="true" /> Edit<span className="sr-only"> {name}</span>
          </>
        ) : (
          <>
            <Plus aria-hidden="true" /> Add Contact
          </>
        )
      }
      triggerVariant={editing ? "outline" : "gold"}
      triggerSize={editing ? "sm" : undefined}
      action={action}
      schema={contactFormSchema}
      hidden={contact ? { intent: "save-contact", id: contact.id } : { intent: "save-contact" }}
      defaultValue={
        contact
          ? {
              name: contact.name ?? "",
              email: contact.email,
              phone: contact.phone ?? "",
              company: contact.company ?? "",
              source: contact.source,
              status: contact.status,
              followUpDate: contact.followUpDate ?? "",
              territoryId: contact.territoryId ?? NONE,
              categoryId: contact.categoryId ?? NONE,
              notes: contact.notes ?? "",
            }
          : { status: "new", territoryId: NONE, categoryId: NONE }
      }
      title={editing ? `Edit ${name}` : "Add Contact"}
      description={
        editing
          ? "Their details, where they are in the pipeline and when to follow up."
          : "A lead met in person, by phone or by referral. Only the email is required."
      }
      submitLabel={editing ? "Save Changes" : "Add Contact"}
      pendingLabel="Saving…"
    >
      {(fields) => (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField meta={fields.name} label="Name" optional autoComplete="off" />
            <TextField meta={fields.email} label="Email" type="email" autoComplete="off" />
            <TextField meta={fields.phone} label="Phone" type="tel" optional autoComplete="off" />
            <TextField meta={fields.company} label="Company" optional autoComplete="off" />
            <SelectField meta={fields.status} label="Status" options={CONTACT_STATUS_OPTIONS} />
            <DateField meta={fields.followUpDate} label="Follow-up date" />
            <SelectField
              meta={fields.territoryId}
              label="Territory"
              options={[{ value: NONE, label: "None" }, ...choices.territories]}
            />
            <SelectField
              meta={fields.categoryId}
              label="#Code"
              options={[{ value: NONE, label: "None" }, ...choices.categories]}
            />
            <TextField
              meta={fields.source}
              label="Source"
              optional
              className="sm:col-span-2"
              hint="Where the lead came from, e.g. referral or trade show. Left blank, it is saved as manual entry."
            />
          </div>
          {editing ? null : (
            <>
              <TextField meta={fields.subject} label="Subject" optional />
              <TextareaField meta={fields.message} label="Message" optional rows={3} hint="What they asked for." />
            </>
          )}
          <TextareaField meta={fields.notes} label="Notes" optional rows={3} />
        </>
      )}
    </FormDialogButton>
  );
}

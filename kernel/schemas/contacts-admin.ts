/**
 * Contacts and leads as the administrator keeps them (/admin/contacts; spec 2 §2, §3, §4, §5, §8): the pipeline's
 * labels, the forms (create and edit, a board move, notes, delete), the product's strings and the contacts the
 * screens show. Shared by the route actions (server), the domain and the dialogs (browser). Browser-safe: zod only.
 *
 * Rules of the admin form (spec 2 §5): the email is required (and must be an address); an empty follow-up date is
 * omitted (stored as no date, never as an empty string); an empty source becomes `manual_entry`. The territory
 * and the #Code (category) are optional.
 */
import { z } from "zod";
import { CONTACT_STATUSES, type ContactStatus } from "../enums.ts";
import type { Choice } from "../forms.ts";
import { defineList } from "../list-query.ts";
import {
  blankToUndefined,
  COMPANY_MAX,
  CONTACT_SOURCE_LABELS,
  emailField,
  MESSAGE_MAX,
  NAME_MAX,
  optionalPhoneField,
  optionalText,
  SUBJECT_MAX,
} from "./contact.ts";

/** contacts.source of a contact an administrator entered without naming a source. */
export const MANUAL_ENTRY_SOURCE = "manual_entry";
export const SOURCE_MAX = 80;
export const NOTES_MAX = 10_000;
/** The territory and category choice that links nothing (stored as null). */
export const NONE = "none";

/** The pipeline (spec 2 §4), in its order: the board's columns and the filter's choices. */
export const CONTACT_STATUS_LABELS: Record<ContactStatus, string> = {
  new: "New",
  contacted: "Contacted",
  qualified: "Qualified",
  proposal: "Proposal",
  negotiation: "Negotiation",
  closed_won: "Closed Won",
  closed_lost: "Closed Lost",
  on_hold: "On Hold",
};

export const CONTACT_STATUS_OPTIONS = CONTACT_STATUSES.map((value) => ({ value, label: CONTACT_STATUS_LABELS[value] }));

/**
 * The list's URL state (search, status filter, sort, page): the list view and the CSV export parse the same
 * definition, so the export holds what the list shows.
 */
export const CONTACT_LIST = defineList({
  sorts: { created: "desc", updated: "desc", name: "asc", company: "asc", followUp: "asc", status: "asc" },
  defaultSort: "created",
  filters: { status: z.enum(CONTACT_STATUSES) },
});

/** How a stored source reads: the known ones by name, anything else as typed, underscores as spaces. */
export function contactSourceLabel(source: string): string {
  return CONTACT_SOURCE_LABELS[source] ?? source.replace(/_/g, " ");
}

/** The spec's strings (§2, §8) and the few this screen adds (the spec shows no contact success toasts). */
export const CONTACTS_TEXT = {
  pageTitle: "Contacts & Leads",
  empty: "No contacts found.",
  errorFetching: "Error fetching contacts",
  errorDeleting: "Error deleting contact",
  errorCreating: "Error creating contact",
  errorUpdating: "Error updating contact",
  errorMoving: "Error updating status",
  errorSavingNotes: "Error saving notes",
  errorExporting: "Error exporting contacts",
  created: (name: string) => ({ title: "Contact created", message: `${name} has been saved.` }),
  updated: (name: string) => ({ title: "Contact updated", message: `${name} has been saved.` }),
  deleted: (name: string) => ({ title: "Contact deleted", message: `${name} has been deleted.` }),
  moved: (name: string, status: ContactStatus) => ({
    title: "Status updated",
    message: `${name} is now ${CONTACT_STATUS_LABELS[status]}.`,
  }),
  notesSaved: (name: string) => ({ title: "Notes saved", message: `The notes on ${name} have been saved.` }),
  deleteWarning: "This action cannot be undone. The contact, its notes and the message it came with are deleted.",
  notFound: "This contact no longer exists. It may have been deleted by someone else.",
  territoryNotFound: "That territory no longer exists. Choose another or None.",
  categoryNotFound: "That #Code no longer exists. Choose another or None.",
  tooManyToExport: (count: number, max: number) =>
    `${count.toLocaleString("en-US")} contacts match; at most ${max.toLocaleString("en-US")} can be exported at once. Narrow the list with a search or a status filter and export again.`,
} as const;

/** The name a contact goes by in messages: its name, or its email when it has none. */
export function contactDisplayName(c: { name: string | null; email: string }): string {
  return c.name?.trim() ? c.name : c.email;
}

const idField = z.uuid(CONTACTS_TEXT.notFound);
const optionalId = z.preprocess((v) => (v === "" || v === null ? undefined : v), idField.optional());

/** A territory or category choice: 'none' (or blank) is null, anything else must be an id. */
const link = (message: string) =>
  z.preprocess((v) => (v === undefined || v === null || v === "" || v === NONE ? null : v), z.uuid(message).nullable());

/** True for a real calendar day written YYYY-MM-DD (2026-02-30 is not one). */
export function isCalendarDate(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** The follow-up date: blank is omitted (null, no date); anything else must be a real day, YYYY-MM-DD. */
const followUpDate = z.preprocess(
  blankToUndefined,
  z
    .string()
    .trim()
    .refine(isCalendarDate, "Follow-up date must be a real date, such as 2026-12-08.")
    .refine((v) => v >= "2000-01-01" && v <= "2100-12-31", "Follow-up date must be between 2000 and 2100.")
    .optional()
    .transform((v) => v ?? null),
);

/** The source: blank becomes manual_entry; anything else is kept as typed (trimmed). */
const source = z.preprocess(
  blankToUndefined,
  z
    .string()
    .trim()
    .max(SOURCE_MAX, `Source must be at most ${SOURCE_MAX} characters.`)
    .optional()
    .transform((v) => v ?? MANUAL_ENTRY_SOURCE),
);

/** An optional field whose missing value is stored as null. */
const nullable = <T extends z.ZodType>(schema: T) =>
  schema.transform((v) => (v ?? null) as Exclude<z.output<T>, undefined> | null);

const notesField = nullable(optionalText("Notes", NOTES_MAX));

/**
 * The create and edit dialog (`id` set when editing). Subject and message are what a lead wrote: the create form
 * may record them for a contact entered by hand; the edit form does not carry them and an update leaves them as
 * they were.
 */
export const contactFormSchema = z.object({
  intent: z.literal("save-contact"),
  id: optionalId,
  name: nullable(optionalText("Name", NAME_MAX)),
  email: emailField,
  phone: nullable(optionalPhoneField),
  company: nullable(optionalText("Company", COMPANY_MAX)),
  subject: nullable(optionalText("Subject", SUBJECT_MAX)),
  message: nullable(optionalText("Message", MESSAGE_MAX)),
  source,
  status: z.enum(CONTACT_STATUSES, "Choose a status."),
  followUpDate,
  territoryId: link(CONTACTS_TEXT.territoryNotFound),
  categoryId: link(CONTACTS_TEXT.categoryNotFound),
  notes: notesField,
});
export type ContactFormData = z.output<typeof contactFormSchema>;

/** A board move (or the detail page's status selector): the contact and its new status. */
export const moveContactSchema = z.object({
  intent: z.literal("move-contact"),
  id: idField,
  status: z.enum(CONTACT_STATUSES, "Choose a status."),
});
export type MoveContactData = z.output<typeof moveContactSchema>;

/** The detail page's notes form: blank clears the notes. */
export const contactNotesSchema = z.object({
  intent: z.literal("save-notes"),
  id: idField,
  notes: notesField,
});
export type ContactNotesData = z.output<typeof contactNotesSchema>;

export const deleteContactSchema = z.object({ intent: z.literal("delete-contact"), id: idField });
export type DeleteContactData = z.output<typeof deleteContactSchema>;

/** A contact as the domain lists it for the admin screens (the loaders send its dates as ISO strings). */
export type AdminContactRow = {
  id: string;
  name: string | null;
  email: string;
  phone: string | null;
  company: string | null;
  source: string;
  status: ContactStatus;
  notes: string | null;
  /** YYYY-MM-DD. */
  followUpDate: string | null;
  territoryId: string | null;
  territoryName: string | null;
  categoryId: string | null;
  categoryName: string | null;
  createdAt: Date;
  updatedAt: Date;
};

/** One contact's page: the row, with the subject and message the lead came with. */
export type AdminContactDetail = AdminContactRow & { subject: string | null; message: string | null };

/** One card of the board. */
export type BoardCard = Pick<
  AdminContactRow,
  "id" | "name" | "email" | "company" | "source" | "status" | "followUpDate" | "createdAt"
>;
/** One column of the board: a status, how many contacts it holds, and the first of them. */
export type BoardColumn = { status: ContactStatus; total: number; cards: BoardCard[] };

/** The territories and #Codes the contact form offers (besides None). */
export type ContactChoices = { territories: Choice[]; categories: Choice[] };

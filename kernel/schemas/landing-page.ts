/**
 * Licensee landing pages (/p/{pound_code}/{territory_slug}) and their lead form: the lead schema, shared by the route,
 * the domain and the page's lazily loaded check, with the URL rules, strings and shapes of landing-page-strings.ts.
 * Browser-safe: zod only.
 */
import { z } from "zod";
import { LEAD_STATUSES, type LeadStatus } from "../enums.ts";
import { emailField, MESSAGE_MAX, NAME_MAX, optionalText, phoneField, requiredText } from "./contact.ts";

export * from "./landing-page-strings.ts";

export const leadSchema = z.object({
  name: requiredText("Name", NAME_MAX),
  email: emailField,
  phone: phoneField,
  message: optionalText("Message", MESSAGE_MAX),
  /** The form's one-time key, made in the browser when the form appears (a retry sends it again). */
  leadKey: z
    .string()
    .regex(/^[A-Za-z0-9-]{8,64}$/)
    .optional()
    .catch(undefined),
  /** When the form appeared, epoch milliseconds (a form sent faster than a person types is spam). */
  startedAt: z.coerce.number().int().positive().optional().catch(undefined),
});
export type LeadData = z.output<typeof leadSchema>;

/** The firm disputes a billed lead (within 7 days). */
export const leadDisputeSchema = z.object({
  intent: z.literal("dispute"),
  reason: z
    .string({ error: "Say why this lead should not be billed." })
    .trim()
    .min(1, "Say why this lead should not be billed.")
    .max(500, "Keep the reason under 500 characters."),
});

/** An administrator answers a dispute: accept (the fee is credited) or decline with a note. */
export const leadDisputeAnswerSchema = z.object({
  intent: z.enum(["accept", "decline"]),
  submissionId: z.guid({ error: "Please reload the page and try again." }),
  note: z.string().trim().max(500, "Keep the note under 500 characters.").optional().default(""),
});

/** The firm moves a lead along its pipeline and keeps notes on it. */
export const leadUpdateSchema = z.object({
  intent: z.literal("update"),
  status: z.enum(LEAD_STATUSES, { error: "Choose a status." }),
  notes: z.string().max(2_000, "Keep the notes under 2,000 characters.").optional().default(""),
});

export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = {
  new: "New",
  contacted: "Contacted",
  qualified: "Qualified",
  won: "Won",
  lost: "Lost",
  spam: "Spam",
};

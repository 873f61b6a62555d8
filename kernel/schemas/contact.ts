/**
 * The public contact form and the Instant Caller Data Enrich pricing inquiry: their schemas, shared by the route
 * actions (server), the domain and the forms (browser). Browser-safe: zod only. The product's strings are in
 * contact-strings.ts (no zod, for the pages' first JavaScript), re-exported here. The small field builders here are
 * reused by the newsletter and landing-page lead schemas.
 */
import { z } from "zod";
import { CONTACT_SERVICES, type ContactService } from "./contact-strings.ts";
import { isValidPhone, PHONE_MESSAGE } from "./reservation.ts";

export * from "./contact-strings.ts";

export const NAME_MAX = 120;
export const COMPANY_MAX = 160;
export const SUBJECT_MAX = 150;
export const MESSAGE_MAX = 5000;
export const EMAIL_MAX = 254;

/** An empty string from a form field (or a null from code) counts as missing. */
export const blankToUndefined = (v: unknown) =>
  v === null || (typeof v === "string" && v.trim() === "") ? undefined : v;

/** A required, trimmed text of at most `max` characters. */
export const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`);

/** An optional, trimmed text; blank becomes undefined. */
export const optionalText = (label: string, max: number) =>
  z.preprocess(blankToUndefined, z.string().trim().max(max, `${label} must be at most ${max} characters.`).optional());

/** A required email address, lower-cased. */
export const emailField = z
  .string({ error: "Email is required." })
  .trim()
  .min(1, "Email is required.")
  .max(EMAIL_MAX, "Email is too long.")
  .pipe(z.email("Please enter a valid email address."))
  .transform((v) => v.toLowerCase());

/** A required phone number (10 to 15 digits, optional extension). */
export const phoneField = z
  .string({ error: "Phone number is required." })
  .trim()
  .min(1, { error: "Phone number is required.", abort: true })
  .max(40, { error: PHONE_MESSAGE, abort: true })
  .refine(isValidPhone, PHONE_MESSAGE);

/** An optional phone number: blank is fine, anything else must be a phone number. */
export const optionalPhoneField = z.preprocess(blankToUndefined, phoneField.optional());

export const contactSchema = z.object({
  name: requiredText("Name", NAME_MAX),
  email: emailField,
  phone: optionalPhoneField,
  company: optionalText("Company", COMPANY_MAX),
  subject: optionalText("Subject", SUBJECT_MAX),
  message: requiredText("Message", MESSAGE_MAX),
});
export type ContactData = z.output<typeof contactSchema>;

export const inquirySchema = z.object({
  name: requiredText("Name", NAME_MAX),
  email: emailField,
  company: optionalText("Company", COMPANY_MAX),
  message: optionalText("Message", MESSAGE_MAX),
});
export type InquiryData = z.output<typeof inquirySchema>;

export function isContactService(value: unknown): value is ContactService {
  return typeof value === "string" && Object.hasOwn(CONTACT_SERVICES, value);
}

/**
 * A subject line from `?subject=`: a code like "PhilanthropyInquiry" or "philanthropy-inquiry" reads as words
 * ("Philanthropy Inquiry", "philanthropy inquiry"); control characters are dropped; at most {@link SUBJECT_MAX}.
 */
export function subjectFromQuery(raw: string | null | undefined): string {
  if (typeof raw !== "string") return "";
  return (
    raw
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
      .replace(/[\u0000-\u001f\u007f]/g, " ")
      .replace(/[_-]+/g, " ")
      .replace(/([a-z])([A-Z])/g, "$1 $2")
      .replace(/\s+/g, " ")
      .trim()
      .slice(0, SUBJECT_MAX)
      .trim()
  );
}

/** What `/contact?subject=…&service=…` prefills: the subject line and the team addressed (if any). */
export function contactPrefill(params: URLSearchParams): { subject: string; service: ContactService | null } {
  const service = params.get("service");
  const known = isContactService(service) ? service : null;
  const subject = subjectFromQuery(params.get("subject")) || (known ? CONTACT_SERVICES[known].subject : "");
  return { subject, service: known };
}

/** Whether `at` falls in business hours (Monday to Friday, 9:00 AM to 6:00 PM Eastern time), when advisors answer live. */
export function isWithinBusinessHours(at: Date): boolean {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: "America/New_York",
    weekday: "short",
    hour: "numeric",
    hourCycle: "h23",
  }).formatToParts(at);
  const weekday = parts.find((p) => p.type === "weekday")?.value ?? "";
  const hour = Number(parts.find((p) => p.type === "hour")?.value ?? "0");
  return ["Mon", "Tue", "Wed", "Thu", "Fri"].includes(weekday) && hour >= 9 && hour < 18;
}

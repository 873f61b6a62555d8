/**
 * Licensee landing pages (/p/{pound_code}/{territory_slug}) and their lead form: the lead schema, shared by the route,
 * the domain and the page's lazily loaded check, with the URL rules, strings and shapes of landing-page-strings.ts.
 * Browser-safe: zod only.
 */
import { z } from "zod";
import { emailField, MESSAGE_MAX, NAME_MAX, optionalText, phoneField, requiredText } from "./contact.ts";

export * from "./landing-page-strings.ts";

export const leadSchema = z.object({
  name: requiredText("Name", NAME_MAX),
  email: emailField,
  phone: phoneField,
  message: optionalText("Message", MESSAGE_MAX),
});
export type LeadData = z.output<typeof leadSchema>;

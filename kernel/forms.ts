/** Names and shapes shared by forms in the browser and by the server that answers them. */

/** The hidden field people leave empty and form-filling bots fill in. */
export const HONEYPOT_FIELD = "website";

/**
 * The hidden field of a public form's one-time key: made in the browser when the form appears and sent again by
 * every retry of the same submission (ADR 027).
 */
export const FORM_KEY_FIELD = "formKey";

/** The form's one-time key if it sent a well-formed one (8–64 letters, digits and dashes), else null. */
export function readFormKey(value: unknown): string | null {
  return typeof value === "string" && /^[A-Za-z0-9-]{8,64}$/.test(value) ? value : null;
}

/** One choice of a select: what is posted, and what the list shows. */
export type Choice = { value: string; label: string };

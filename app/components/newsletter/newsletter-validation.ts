/**
 * The sign-up form's check in the browser, in its own chunk: it builds on the zod schema, which the footer (on every
 * page) loads only once the visitor focuses the field or submits.
 */
import { newsletterSignupSchema } from "#kernel/schemas/newsletter.ts";

/** What is wrong with the typed address, or null when the server may be asked. */
export function newsletterEmailError(email: FormDataEntryValue | null): string | null {
  const parsed = newsletterSignupSchema.safeParse({ email });
  if (parsed.success) return null;
  return parsed.error.issues[0]?.message ?? "Please enter a valid email address.";
}

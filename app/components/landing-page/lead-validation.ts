/**
 * The lead form's check in the browser, in its own chunk: the same zod schema and parsing the server uses, which the
 * landing page loads only once the visitor focuses a field or submits.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { leadSchema } from "#kernel/schemas/landing-page.ts";

/** The messages for each field that is wrong, by field name; empty when the server may be asked. */
export function leadErrors(formData: FormData): Record<string, string[]> {
  const submission = parseWithZod(formData, { schema: leadSchema });
  const errors: Record<string, string[]> = {};
  if (submission.status === "success") return errors;
  for (const [name, messages] of Object.entries(submission.error ?? {})) {
    if (messages?.length) errors[name] = messages;
  }
  return errors;
}

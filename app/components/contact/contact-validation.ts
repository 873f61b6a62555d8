/**
 * The contact form's check in the browser, in its own chunk: the same zod schema and parsing the server uses, which
 * the contact page loads only once the visitor focuses the form.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { contactSchema } from "#kernel/schemas/contact.ts";

export const validateContact = (formData: FormData) => parseWithZod(formData, { schema: contactSchema });

/** Reading a submitted form safely. */

// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters being removed
const CONTROL_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/**
 * Reads the form; a malformed body (e.g. wrong content type) becomes an empty form, never a 500. Control
 * characters other than tab and newlines are removed from text values (PostgreSQL refuses NUL in text).
 */
export async function readForm(request: Request): Promise<FormData> {
  let raw: FormData;
  try {
    raw = await request.formData();
  } catch {
    return new FormData();
  }
  const clean = new FormData();
  for (const [key, value] of raw.entries()) {
    clean.append(key, typeof value === "string" ? value.replace(CONTROL_CHARS, "") : value);
  }
  return clean;
}

/** Auth form schemas, shared by the route actions (server) and the forms (client). Messages are the spec's. */
import { z } from "zod";

export const MIN_PASSWORD_LENGTH = 6;
export const PASSWORD_TOO_SHORT = `Password is too short. It must be at least ${MIN_PASSWORD_LENGTH} characters long.`;
export const PASSWORDS_DO_NOT_MATCH = "Passwords do not match.";
export const EMAIL_ALREADY_REGISTERED =
  "This email is already registered. Please try logging in or use a different email.";

const email = z
  .string({ error: "Email is required." })
  .trim()
  .min(1, "Email is required.")
  .max(254, "Email is too long.")
  .pipe(z.email("Please enter a valid email address."));

/** Reasons a password is weak, beyond the length rule (the spec: "reported with a list of reasons"). */
export function passwordWeaknesses(password: string): string[] {
  const reasons: string[] = [];
  if (password.length < MIN_PASSWORD_LENGTH) reasons.push(PASSWORD_TOO_SHORT);
  if (password.length > 128) reasons.push("Password must be at most 128 characters long.");
  if (password.length >= MIN_PASSWORD_LENGTH && /^(.)\1+$/.test(password)) {
    reasons.push("Password must not be a single repeated character.");
  }
  if (["123456", "1234567", "12345678", "password", "qwerty", "abc123", "111111"].includes(password.toLowerCase())) {
    reasons.push("Password is too common.");
  }
  return reasons;
}

const newPassword = z
  .string({ error: "Password is required." })
  .min(1, "Password is required.")
  .superRefine((value, ctx) => {
    for (const message of passwordWeaknesses(value)) ctx.addIssue({ code: "custom", message });
  });

export const NAME_MAX_LENGTH = 120;
export const COMPANY_MAX_LENGTH = 160;
export const IMAGE_URL_MAX_LENGTH = 500;

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
const plainText = (max: number, label: string) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(max, `${label} must be at most ${max} characters long.`)
    .refine((v) => !CONTROL_CHARACTERS.test(v), `${label} must not contain control characters.`);

/**
 * The profile fields of a user as stored, checked on every path that writes them (sign-up, account updates, admin
 * edits): a name of 1 to 120 characters, a company name of at most 160 or null, and a picture that is a short
 * http(s) URL or null. Only the fields present are checked, so a partial update passes with what it changes.
 */
export const profileFieldsSchema = z
  .object({
    name: plainText(NAME_MAX_LENGTH, "Name").pipe(z.string().min(1, "Name is required.")),
    companyName: plainText(COMPANY_MAX_LENGTH, "Company name").nullable(),
    image: z
      .string({ error: "Image must be a URL." })
      .max(IMAGE_URL_MAX_LENGTH, `Image URL must be at most ${IMAGE_URL_MAX_LENGTH} characters long.`)
      .pipe(z.url({ protocol: /^https?$/, error: "Image must be an http(s) URL." }))
      .nullable(),
  })
  .partial();

export const loginSchema = z.object({
  email,
  password: z.string({ error: "Password is required." }).min(1, "Password is required."),
  redirectTo: z.string().optional(),
});

export const forgotPasswordSchema = z.object({ email });

export const signupSchema = z
  .object({
    fullName: z
      .string({ error: "Full name is required." })
      .trim()
      .min(1, "Full name is required.")
      .max(NAME_MAX_LENGTH, `Full name must be at most ${NAME_MAX_LENGTH} characters long.`),
    companyName: z
      .string()
      .trim()
      .max(COMPANY_MAX_LENGTH, `Company name must be at most ${COMPANY_MAX_LENGTH} characters long.`)
      .optional(),
    email,
    password: newPassword,
    confirmPassword: z.string({ error: "Please confirm your password." }).min(1, "Please confirm your password."),
  })
  .refine((v) => v.password === v.confirmPassword, { message: PASSWORDS_DO_NOT_MATCH, path: ["confirmPassword"] });

export const resetPasswordSchema = z
  .object({
    token: z.string().min(1, "This reset link is invalid or has expired."),
    password: newPassword,
    confirmPassword: z.string({ error: "Please confirm your password." }).min(1, "Please confirm your password."),
  })
  .refine((v) => v.password === v.confirmPassword, { message: PASSWORDS_DO_NOT_MATCH, path: ["confirmPassword"] });

/**
 * Only same-site paths; anything else falls back. Control characters and backslashes are refused outright
 * (browsers drop tabs and newlines, so "/\t/evil.com" would become "//evil.com"). The target is resolved against
 * the site's origin, and so is the path this returns, because that path is what the browser will resolve next:
 * both must stay on the origin ("/..//evil.example" resolves to the path "//evil.example", which a browser reads
 * as another host).
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/dashboard"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.length > 2000) return fallback;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u001f\u007f\\]/.test(to)) return fallback;
  const base = "http://same-origin.invalid";
  const sameOrigin = (target: string): URL | null => {
    try {
      const url = new URL(target, base);
      return url.origin === base ? url : null;
    } catch {
      return null;
    }
  };
  const first = sameOrigin(to);
  if (!first) return fallback;
  const path = `${first.pathname}${first.search}${first.hash}`;
  const again = sameOrigin(path);
  if (!again || again.href !== first.href) return fallback;
  return path;
}

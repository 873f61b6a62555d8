/** Auth form schemas, shared by the route actions (server) and the forms (client). Messages are the spec's. */
import { z } from "zod";

export const MIN_PASSWORD_LENGTH = 6;
export const PASSWORD_TOO_SHORT = `Password is too short. It must be at least ${MIN_PASSWORD_LENGTH} characters long.`;
export const PASSWORDS_DO_NOT_MATCH = "Passwords do not match.";

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

// ---------------------------------------------------------------------------------------------------------------
// Two-factor sign-in (TOTP)

export const TWO_FACTOR_METHODS = ["totp", "backup"] as const;
export type TwoFactorMethod = (typeof TWO_FACTOR_METHODS)[number];

export const TWO_FACTOR_MESSAGES = {
  codeRequired: "Enter the 6-digit code from your authenticator app.",
  codeFormat: "The code is the 6 digits your authenticator app shows.",
  backupRequired: "Enter one of your backup codes.",
  backupFormat: "A backup code looks like abcde-12345.",
  wrongCode: "That code is not correct. Check the time on your phone and try the newest code.",
  wrongBackupCode: "That backup code is not valid or has already been used.",
  expired: "Your sign-in has expired. Please sign in again with your email and password.",
  tooManyAttempts: "Too many incorrect codes. Please sign in again with your email and password.",
  locked: "Too many incorrect codes for this account. Please wait 15 minutes and try again.",
  wrongPassword: "The password is not correct.",
  alreadyOn: "Two-factor sign-in is already turned on for this account.",
  notOn: "Two-factor sign-in is not turned on for this account.",
  notStarted: "Start again: confirm your password to get a new QR code.",
  adminRequired: "Administrators must use two-factor sign-in. Set it up below to continue to the admin area.",
} as const;

const password = z.string({ error: "Password is required." }).min(1, "Password is required.").max(128);

/** A TOTP code: 6 digits, spaces and dashes forgiven ("123 456"). */
const totpCode = z
  .string({ error: TWO_FACTOR_MESSAGES.codeRequired })
  .transform((v) => v.replace(/[\s-]/g, ""))
  .pipe(
    z
      .string()
      .min(1, TWO_FACTOR_MESSAGES.codeRequired)
      .regex(/^\d{6}$/, TWO_FACTOR_MESSAGES.codeFormat),
  );

/** A backup code as issued (5 + 5 letters and digits, dash optional when typed), given back as "abcde-12345". */
const backupCode = z
  .string({ error: TWO_FACTOR_MESSAGES.backupRequired })
  .transform((v) => v.replace(/\s/g, ""))
  .pipe(
    z
      .string()
      .min(1, TWO_FACTOR_MESSAGES.backupRequired)
      .regex(/^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/, TWO_FACTOR_MESSAGES.backupFormat)
      .transform((v) => (v.includes("-") ? v : `${v.slice(0, 5)}-${v.slice(5)}`)),
  );

/** The second step of sign-in: a code from the authenticator app, or a backup code. */
export const twoFactorSignInSchema = z.discriminatedUnion("method", [
  z.object({
    method: z.literal("totp"),
    code: totpCode,
    trustDevice: z.boolean().optional(),
    redirectTo: z.string().optional(),
  }),
  z.object({
    method: z.literal("backup"),
    code: backupCode,
    trustDevice: z.boolean().optional(),
    redirectTo: z.string().optional(),
  }),
]);
export type TwoFactorSignIn = z.output<typeof twoFactorSignInSchema>;

/** The forms of the two-factor settings page, one per intent. */
export const twoFactorStartSchema = z.object({ intent: z.literal("start"), password });
export const twoFactorConfirmSchema = z.object({ intent: z.literal("confirm"), code: totpCode });
export const twoFactorDisableSchema = z.object({ intent: z.literal("disable"), password });
export const twoFactorRegenerateSchema = z.object({ intent: z.literal("regenerate"), password });
export const twoFactorSettingsSchema = z.discriminatedUnion("intent", [
  twoFactorStartSchema,
  twoFactorConfirmSchema,
  twoFactorDisableSchema,
  twoFactorRegenerateSchema,
]);

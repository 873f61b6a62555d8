/**
 * Newsletter sign-up (double opt-in), confirmation and unsubscribe: the forms' schemas and the product's strings.
 * Browser-safe: zod only. No answer here ever says whether an address was already subscribed.
 */
import { z } from "zod";
import { emailField } from "./contact.ts";

/** The sign-up form's strings live without zod, for the footer's form. */
export { NEWSLETTER_CHECK_INBOX, NEWSLETTER_FAILED_TITLE } from "./newsletter-strings.ts";

export const NEWSLETTER_CONFIRMED = {
  title: "You're subscribed",
  message:
    "Thanks for confirming. You'll receive the PoundCodes newsletter: licensing news, newly opened territories and marketing tips for your #Code. Every issue has a one-click unsubscribe link.",
} as const;

export const NEWSLETTER_UNSUBSCRIBED = {
  title: "You've been unsubscribed",
  message:
    "You will not receive the PoundCodes newsletter any more. You can sign up again at any time from our website.",
} as const;

export const NEWSLETTER_CONFIRM_LINK_INVALID = {
  title: "Link Expired",
  message:
    "This confirmation link is no longer valid: it may have expired or already been used. Please sign up again to receive a new link.",
} as const;

export const NEWSLETTER_UNSUBSCRIBE_LINK_INVALID = {
  title: "Link Not Valid",
  message:
    "This unsubscribe link is not valid. Please use the link from the most recent newsletter email, or contact us and we will remove your address.",
} as const;

/** A confirmation link works for this long after it was sent. */
export const NEWSLETTER_CONFIRM_HOURS = 72;

export const TOKEN_MAX = 200;

export const newsletterSignupSchema = z.object({
  email: emailField,
  /** Set only by the form without JavaScript: the page to return to, with the answer as a toast. */
  redirectTo: z.preprocess((v) => (typeof v === "string" && v !== "" ? v : undefined), z.string().optional()),
});
export type NewsletterSignupData = z.output<typeof newsletterSignupSchema>;

const token = (incomplete: string) =>
  z.string({ error: incomplete }).trim().min(1, incomplete).max(TOKEN_MAX, incomplete);

/** The confirmation page's form: the one-time token from the emailed link. */
export const newsletterConfirmSchema = z.object({
  token: token("This confirmation link is incomplete. Please open the link from your email again."),
});

/** The unsubscribe page's form. */
export const newsletterUnsubscribeSchema = z.object({
  token: token("This unsubscribe link is incomplete. Please open the link from your email again."),
});

/** "dana.whitfield@example.com" → "da•••@example.com": enough for its owner to recognise, little for anyone else. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at <= 0) return "•••";
  const local = email.slice(0, at);
  return `${local.slice(0, Math.min(2, local.length))}•••${email.slice(at)}`;
}

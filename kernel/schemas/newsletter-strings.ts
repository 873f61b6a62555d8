/**
 * The newsletter sign-up form's strings: no zod, so the footer's form (on every page) does not pull the form library
 * into the page. kernel/schemas/newsletter.ts re-exports them next to the schemas.
 */

/** The answer to every accepted sign-up, new or repeated: the address owner learns the rest from the email. */
export const NEWSLETTER_CHECK_INBOX = {
  title: "Check your inbox",
  message: "We've sent a confirmation link to that address. Click it to start receiving the PoundCodes newsletter.",
} as const;

/** The sign-up form's failure title (its message is the refusal's). */
export const NEWSLETTER_FAILED_TITLE = "Sign-up Failed";

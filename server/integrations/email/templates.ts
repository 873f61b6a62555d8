/** Transactional email bodies: plain text plus a simple, robust HTML version. */
import type { EmailMessage } from "../../domain/email/outbox.ts";

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

function layout(title: string, paragraphs: string[], action?: { label: string; url: string }): string {
  const body = paragraphs
    .map((p) => `<p style="margin:0 0 16px;line-height:1.6">${esc(p).replaceAll("\n", "<br>")}</p>`)
    .join("");
  const button = action
    ? `<p style="margin:24px 0"><a href="${esc(action.url)}" style="background:#c9a227;color:#0b1f3a;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600">${esc(action.label)}</a></p><p style="font-size:13px;color:#555">Or paste this link into your browser:<br>${esc(action.url)}</p>`
    : "";
  return `<!doctype html><html><body style="margin:0;background:#f4f6fa;font-family:Arial,Helvetica,sans-serif;color:#0b1f3a"><table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px"><table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#ffffff;border-radius:8px;overflow:hidden"><tr><td style="background:#0b1f3a;color:#ffffff;padding:20px 28px;font-size:20px;font-weight:700"><span style="color:#c9a227">#</span>PoundCodes</td></tr><tr><td style="padding:28px"><h1 style="font-size:20px;margin:0 0 16px">${esc(title)}</h1>${body}${button}</td></tr><tr><td style="padding:16px 28px;font-size:12px;color:#6b7280;border-top:1px solid #e5e7eb">PoundCodes · (800) 580-1500 · Monday to Friday, 9:00 AM to 6:00 PM EST</td></tr></table></td></tr></table></body></html>`;
}

function text(paragraphs: string[], action?: { label: string; url: string }): string {
  return [
    ...paragraphs,
    ...(action ? [`${action.label}: ${action.url}`] : []),
    "",
    "— PoundCodes · (800) 580-1500",
  ].join("\n\n");
}

/** One transactional email: the paragraphs as text and in the branded HTML layout, with an optional button. */
/** The closing line of the transactional emails: whom to call, and when. */
export const QUESTIONS_LINE = "Questions? Call us at (800) 580-1500, Monday to Friday, 9:00 AM to 6:00 PM EST.";

export function message(
  template: string,
  to: string,
  subject: string,
  paragraphs: string[],
  action?: { label: string; url: string },
): EmailMessage {
  return { template, to, subject, text: text(paragraphs, action), html: layout(subject, paragraphs, action) };
}

export function verifyEmail(to: { email: string; name: string }, url: string): EmailMessage {
  return message(
    "verify_email",
    to.email,
    "Confirm your email address",
    [
      `Hi ${to.name},`,
      "Thanks for signing up with PoundCodes. Please confirm your email address to secure your account.",
    ],
    { label: "Confirm email address", url },
  );
}

export function resetPassword(to: { email: string; name: string }, url: string): EmailMessage {
  return message(
    "reset_password",
    to.email,
    "Reset your PoundCodes password",
    [
      `Hi ${to.name},`,
      "We received a request to reset your password. The link below is valid for one hour.",
      "If you did not ask for this, you can ignore this email: your password stays unchanged.",
    ],
    { label: "Choose a new password", url },
  );
}

/**
 * Sent to the owner of an address someone tried to register again. The sign-up form says the address is taken
 * (the product's message); this tells the real owner, who may not have been the one asking.
 */
export function accountExistsNotice(to: string, publicUrl: string): EmailMessage {
  return message(
    "account_exists",
    to,
    "Someone tried to create a PoundCodes account with your email",
    [
      "Someone just tried to create a new PoundCodes account with this email address, which already has an account.",
      "If it was you, sign in instead; if you have forgotten your password, you can choose a new one from the sign-in page.",
      "If it was not you, you can ignore this email: nothing has changed on your account.",
    ],
    { label: "Sign in", url: `${publicUrl}/login` },
  );
}

export function newSignupNotice(
  sales: string,
  user: { email: string; name: string; company: string | null },
): EmailMessage {
  return message("new_signup", sales, `New sign-up: ${user.name}`, [
    "A new member signed up.",
    `Name: ${user.name}`,
    `Email: ${user.email}`,
    `Company: ${user.company ?? "—"}`,
  ]);
}

/** Security notices about two-factor sign-in, sent to the account's own address whenever it is turned on or off. */
import type { EmailMessage } from "../../domain/email/outbox.ts";
import { message } from "./templates.ts";

export function twoFactorChangedNotice(
  to: { email: string; name: string },
  change: "enabled" | "disabled" | "backup_codes",
  publicUrl: string,
): EmailMessage {
  const settings = { label: "Review your security settings", url: `${publicUrl}/dashboard/profile/two-factor` };
  const unexpected =
    "If this was not you, change your password right away and contact us at (800) 580-1500: someone may know it.";
  if (change === "enabled") {
    return message(
      "two_factor_enabled",
      to.email,
      "Two-factor sign-in is on",
      [
        `Hello ${to.name},`,
        "Two-factor sign-in was just turned on for your PoundCodes account. From now on, signing in asks for a code from your authenticator app after your password.",
        "Keep your backup codes somewhere safe: each one lets you in once if you lose your phone.",
        unexpected,
      ],
      settings,
    );
  }
  if (change === "backup_codes") {
    return message(
      "two_factor_backup_codes",
      to.email,
      "New backup codes for your account",
      [
        `Hello ${to.name},`,
        "New two-factor backup codes were just created for your PoundCodes account. The codes you had before no longer work.",
        unexpected,
      ],
      settings,
    );
  }
  return message(
    "two_factor_disabled",
    to.email,
    "Two-factor sign-in is off",
    [
      `Hello ${to.name},`,
      "Two-factor sign-in was just turned off for your PoundCodes account. Signing in now needs only your password.",
      unexpected,
    ],
    settings,
  );
}

/** Emails of online agreement signing, in the shared layout of templates.ts. */
import type { EmailMessage } from "../../domain/email/outbox.ts";
import { orderPriceSentence } from "./order-templates.ts";
import { formatBusinessDateTime } from "./reservation-templates.ts";
import { message } from "./templates.ts";

export type AgreementSignedEmailData = {
  agreementId: string;
  reference: string;
  agreementType: string;
  territoryName: string | null;
  licenseeName: string;
  licenseeEmail: string;
  signerName: string;
  signedAt: Date;
  documentSha256: string;
  /** The agreements page in the portal, where the signed PDF can be opened (after signing in). */
  agreementsUrl: string;
  /** The agreement of a license order: what is due at checkout now, and where to pay it. */
  payment?: { monthlyFeeCents: number; setupFeeCents: number; orderUrl: string };
};

const what = (a: AgreementSignedEmailData) => `${a.agreementType}${a.territoryName ? ` for ${a.territoryName}` : ""}`;

/** To the licensee: the agreement is signed and active, and where the signed copy is kept. */
export function agreementSignedConfirmation(a: AgreementSignedEmailData): EmailMessage {
  return message(
    "agreement_signed",
    a.licenseeEmail,
    `Signed: your ${what(a)} (${a.reference})`,
    [
      `Hi ${a.signerName},`,
      `Thank you for signing your ${what(a)}. The agreement is now active, and the signed copy, with its signature certificate, is kept unchanged in your portal.`,
      [
        `Reference: ${a.reference}`,
        `Licensee: ${a.licenseeName}`,
        `Signed by: ${a.signerName}`,
        `Signed at: ${formatBusinessDateTime(a.signedAt)}`,
        `Document SHA-256: ${a.documentSha256}`,
      ].join("\n"),
      ...(a.payment
        ? [
            `Last step: pay ${orderPriceSentence(a.payment)} by card. Your license and landing page go live as soon as the payment clears.`,
          ]
        : []),
      "To download the signed PDF, sign in and open Agreements. If you did not sign this agreement, call us at once at (800) 580-1500, Monday to Friday, 9:00 AM to 6:00 PM EST.",
    ],
    a.payment
      ? { label: "Pay and go live", url: a.payment.orderUrl }
      : { label: "View my agreements", url: a.agreementsUrl },
  );
}

/** To the sales team: an agreement was signed online. */
export function agreementSignedSalesNotice(salesEmail: string, a: AgreementSignedEmailData): EmailMessage {
  return message("agreement_signed_notice", salesEmail, `Agreement signed: ${a.licenseeName}, ${what(a)}`, [
    `${a.signerName} signed the ${what(a)} for ${a.licenseeName} in the portal. The agreement is now active.`,
    [
      `Reference: ${a.reference}`,
      `Agreement ID: ${a.agreementId}`,
      `Licensee email: ${a.licenseeEmail}`,
      `Signed at: ${formatBusinessDateTime(a.signedAt)}`,
      `Document SHA-256: ${a.documentSha256}`,
    ].join("\n"),
    a.payment
      ? `Next: the licensee pays ${orderPriceSentence(a.payment)} at checkout; the license activates itself when the payment clears.`
      : "Next: agree the setup deposit with the licensee.",
  ]);
}

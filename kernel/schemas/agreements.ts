/**
 * Licence agreements in the portal: the sign form's schema and the product's strings, shared by the route actions
 * (server), the domain and the pages (browser). Browser-safe: zod only.
 */
import { z } from "zod";
import type { AgreementStatus } from "#kernel/enums.ts";

/** The empty state of /dashboard/agreements. */
export const NO_AGREEMENTS = "No Agreements Found";
/** Shown when the agreements cannot be read. */
export const AGREEMENTS_FETCH_ERROR = "Could not fetch your agreements.";
/** The card's terms preview is cut to this many characters. */
export const TERMS_PREVIEW_CHARS = 150;

/** The type of the agreements drafted from a licence (the public text at /legal/adjunct-marketing-agreement). */
export const ADJUNCT_MARKETING_AGREEMENT_TYPE = "Adjunct Marketing Agreement";

/** A signed-in licensee's link to their agreement's PDF lives this long (a few minutes: it is only opened at once). */
export const DOCUMENT_LINK_TTL_SECONDS = 5 * 60;

export const SIGNER_NAME_MAX = 120;

export const SIGN_CONSENT_TEXT =
  "I have read this agreement and agree to sign it electronically. I understand that typing my full name is my signature and binds the Licensee named in the agreement.";

export const AGREEMENT_SIGNED = {
  title: "Agreement Signed",
  message: "Your agreement is signed and active. We've emailed you a confirmation.",
} as const;

export const AGREEMENT_NOT_FOUND = {
  title: "Agreement Not Found",
  message: "This agreement could not be found.",
} as const;

export const AGREEMENT_ALREADY_SIGNED = {
  title: "Already Signed",
  message: "This agreement has already been signed. Signed agreements cannot be signed again or changed.",
} as const;

export const AGREEMENT_NOT_PENDING = {
  title: "Not Open for Signature",
  message: "Only a pending agreement can be signed.",
} as const;

export const AGREEMENT_DOCUMENT_CHANGED = {
  title: "Agreement Updated",
  message:
    "The agreement changed after you opened it. Please review the current document below and sign again if you agree.",
} as const;

/** A signed agreement is frozen: its terms and its document never change. */
export const AGREEMENT_LOCKED = {
  title: "Agreement Locked",
  message: "Only a pending, unsigned agreement can be changed.",
} as const;

export const DOCUMENT_LINK_EXPIRED = "This document link has expired. Open the agreement again from your dashboard.";

/** 'active' shows green, anything else amber. */
export function agreementTone(status: AgreementStatus | string): "green" | "amber" {
  return status === "active" ? "green" : "amber";
}

export const AGREEMENT_STATUS_LABELS: Record<string, string> = {
  pending: "Awaiting signature",
  active: "Active",
  expired: "Expired",
  terminated: "Terminated",
};

/** The first 150 characters of the terms, on a word boundary where one is near, with an ellipsis when cut. */
export function termsPreview(terms: string | null | undefined, max = TERMS_PREVIEW_CHARS): string {
  const text = (terms ?? "").replace(/\s+/g, " ").trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(" ");
  return `${(space > max - 30 ? cut.slice(0, space) : cut).replace(/[\s,;:.]+$/, "")}…`;
}

/** A clause of stored terms: "N. Title. Text" gives a lead ("N. Title.") and the text; other paragraphs have none. */
export function splitClauses(terms: string): { lead: string | null; text: string }[] {
  return terms
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s+/g, " ").trim())
    .filter(Boolean)
    .map((p) => {
      const m = /^(\d+\.\s[^.]{1,60}\.)\s+(.*)$/.exec(p);
      return m ? { lead: m[1]!, text: m[2]! } : { lead: null, text: p };
    });
}

const blankToUndefined = (v: unknown) => (v === null || (typeof v === "string" && v.trim() === "") ? undefined : v);

export const SIGNER_NAME_MESSAGE = "Please type your full name to sign.";
export const SIGN_CONSENT_MESSAGE = "Please confirm that you agree to sign electronically.";

export const signAgreementSchema = z.object({
  signerName: z.preprocess(
    (v) => (typeof v === "string" ? v.replace(/\s+/g, " ") : v),
    z
      .string({ error: SIGNER_NAME_MESSAGE })
      .trim()
      .min(1, { error: SIGNER_NAME_MESSAGE, abort: true })
      .max(SIGNER_NAME_MAX, `Your name must be at most ${SIGNER_NAME_MAX} characters.`)
      .refine((v) => /\p{L}.*\p{L}/u.test(v), "Please type your full name, as it appears on official documents."),
  ),
  consent: z.literal(true, { error: SIGN_CONSENT_MESSAGE }),
  /** The SHA-256 (hex) of the document the page showed; signing is refused if the document changed since. */
  documentSha256: z.preprocess(
    blankToUndefined,
    z
      .string({ error: "Please reload the page and review the agreement before signing." })
      .regex(/^[0-9a-f]{64}$/, "Please reload the page and review the agreement before signing."),
  ),
});

export type SignAgreementData = z.output<typeof signAgreementSchema>;

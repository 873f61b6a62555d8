/**
 * Short-lived signed links to an agreement's PDF.
 *
 * A link is `/resources/agreements/{agreementId}/document?u={userId}&e={expiresEpochSeconds}&s={mac}` where the MAC is
 * HMAC-SHA256, under a key derived from the auth secret, over the agreement id, the user it was minted for and
 * the expiry. It is minted only after the domain has checked that the user may see the agreement (its licensee, or
 * an administrator), lives a few minutes, and is checked in constant time.
 *
 * The link alone is not enough: the resource route also requires the signed-in session of the user the link was
 * minted for, and checks again that this user owns the agreement or is an administrator (404 otherwise). So a link
 * copied into another browser, a log or a referrer is useless to anyone else, and it expires on its own.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { DOCUMENT_LINK_TTL_SECONDS } from "#kernel/schemas/agreements.ts";

const CONTEXT = "poundcodes/agreement-document-link/v1";

/** A key for these links only, derived from the auth secret (so a MAC here is worthless anywhere else). */
function linkKey(secret: string): Buffer {
  return createHmac("sha256", secret).update(CONTEXT).digest();
}

function mac(secret: string, agreementId: string, userId: string, expires: number): string {
  return createHmac("sha256", linkKey(secret)).update(`${agreementId}\n${userId}\n${expires}`).digest("base64url");
}

export function documentLinkPath(
  secret: string,
  p: { agreementId: string; userId: string; download?: boolean },
  now: Date = new Date(),
  ttlSeconds = DOCUMENT_LINK_TTL_SECONDS,
): string {
  const expires = Math.floor(now.getTime() / 1000) + ttlSeconds;
  const q = new URLSearchParams({ u: p.userId, e: String(expires), s: mac(secret, p.agreementId, p.userId, expires) });
  if (p.download) q.set("download", "1");
  return `/resources/agreements/${encodeURIComponent(p.agreementId)}/document?${q}`;
}

export type LinkCheck = { ok: true; userId: string; download: boolean } | { ok: false; reason: "invalid" | "expired" };

/** Checks a link's MAC (constant time) and expiry. */
export function verifyDocumentLink(
  secret: string,
  agreementId: string,
  query: URLSearchParams,
  now = new Date(),
): LinkCheck {
  const userId = query.get("u") ?? "";
  const e = query.get("e") ?? "";
  const given = query.get("s") ?? "";
  if (!userId || !/^\d{1,12}$/.test(e) || !given) return { ok: false, reason: "invalid" };
  const expires = Number(e);
  const expected = Buffer.from(mac(secret, agreementId, userId, expires));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return { ok: false, reason: "invalid" };
  if (expires * 1000 <= now.getTime()) return { ok: false, reason: "expired" };
  return { ok: true, userId, download: query.get("download") === "1" };
}

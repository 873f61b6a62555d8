/**
 * The order page's link: `/orders/{orderId}?t={mac}`, where the MAC is HMAC-SHA256 over the order id under a key
 * derived from the auth secret. It is what the visitor's emails carry, so a requester without an account can see
 * where their order stands; the page shows no personal data beyond the requester's own name and the figures. A
 * signed-in owner or an administrator needs no MAC.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

const CONTEXT = "poundcodes/order-link/v1";

function mac(secret: string, orderId: string): string {
  const key = createHmac("sha256", secret).update(CONTEXT).digest();
  return createHmac("sha256", key).update(orderId).digest("base64url").slice(0, 32);
}

/** The order page's path, signed (`/orders/{id}?t=…`). */
export function orderPath(secret: string, orderId: string): string {
  return `/orders/${encodeURIComponent(orderId)}?t=${mac(secret, orderId)}`;
}

/** The order page's full address, for emails. */
export function orderUrl(publicUrl: string, secret: string, orderId: string): string {
  return `${publicUrl.replace(/\/+$/, "")}${orderPath(secret, orderId)}`;
}

/** Checks a link's MAC in constant time. */
export function verifyOrderToken(secret: string, orderId: string, token: string | null): boolean {
  if (!token) return false;
  const expected = Buffer.from(mac(secret, orderId));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

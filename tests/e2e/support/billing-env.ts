import { createHmac } from "node:crypto";

/**
 * The billing set-up of the browser suite: each e2e server gets a Stripe stand-in on loopback (tests only, see
 * tests/support/stripe-stand-in.ts) and a usage-endpoint secret, so the top-up round trip and usage debits
 * run without a Stripe account or network.
 */
export const E2E_STRIPE = {
  ports: { pglite: 3212, postgres: 3213 },
  /** The stand-ins of the manual-approval servers. */
  manualPorts: { pglite: 3216, postgres: 3217 },
  secretKey: "sk_test_e2e_stand_in",
  webhookSecret: "whsec_e2e_stand_in",
} as const;

export const E2E_USAGE_SECRET = "e2e-usage-secret-0123456789abcdef";

/**
 * The `PoundCodes-Signature` value the telephony side sends with a usage event's raw body (README, "Usage events"):
 * `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`.
 */
export function signUsage(body: string, secret: string, t = Math.floor(Date.now() / 1000)): string {
  return `t=${t},v1=${createHmac("sha256", secret).update(`${t}.${body}`).digest("hex")}`;
}

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

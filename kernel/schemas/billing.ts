/**
 * The billing wallet: the top-up form, the usage event the telephony side sends, and the product's words for the
 * billing screen (spec 2 §7–§9). Browser-safe: zod only. Money is integer cents.
 */
import { z } from "zod";
import { formatCents } from "../format.ts";

/** The spec's top-up options: $10.00, $25.00 and $50.00. */
export const TOP_UP_AMOUNTS_CENTS = [1_000, 2_500, 5_000] as const;
export type TopUpAmountCents = (typeof TOP_UP_AMOUNTS_CENTS)[number];

export const WALLET_DESCRIPTION = "Available for minutes and SMS";
export const NO_TRANSACTIONS = "No transactions yet.";

/** The query the payment provider sends the licensee back with (spec 2 §7). */
export const PAYMENT_QUERY = { success: "success", canceled: "canceled" } as const;
export const BILLING_PATH = "/dashboard/billing";
/** Stripe replaces {CHECKOUT_SESSION_ID} with the session's id on the way back. */
export const SUCCESS_PATH = `${BILLING_PATH}?payment=success&session_id={CHECKOUT_SESSION_ID}`;
export const CANCEL_PATH = `${BILLING_PATH}?payment=canceled`;

export const PAYMENT_SUCCESS = {
  title: "Payment Successful!",
  message: "Your wallet has been topped up. Please allow a few moments for the balance to update.",
} as const;
export const PAYMENT_CANCELED = {
  title: "Payment Canceled",
  message: "Your payment process was canceled. Your wallet has not been charged.",
} as const;
export const CONFIGURATION_NEEDED = {
  title: "Configuration Needed",
  message: "Stripe Price ID for this amount is not configured yet.",
} as const;
export const USER_DATA_NOT_LOADED = { title: "Error", message: "User data not loaded. Cannot proceed." } as const;
export const STRIPE_ERROR_TITLE = "Stripe Error";
export const PAYMENT_ERROR = {
  title: "Payment Error",
  message: "Failed to initiate payment. Please try again.",
} as const;
export const FETCH_HISTORY_FAILED = "Could not fetch transaction history.";
export const FETCH_LICENSEE_FAILED = "Could not fetch licensee data.";

export const TOP_UP_AMOUNT_MESSAGE = `Choose a top-up of ${TOP_UP_AMOUNTS_CENTS.map(formatCents).join(", ")}.`;

/** One top-up button: the amount, and a token per rendered page so a double submit opens one checkout. */
export const topUpSchema = z.object({
  amountCents: z.coerce
    .number({ error: TOP_UP_AMOUNT_MESSAGE })
    .refine((v): v is TopUpAmountCents => (TOP_UP_AMOUNTS_CENTS as readonly number[]).includes(v), {
      error: TOP_UP_AMOUNT_MESSAGE,
    }),
  attempt: z
    .string({ error: "Please reload the page and try again." })
    .regex(/^[A-Za-z0-9_-]{8,64}$/, "Please reload the page and try again."),
});
export type TopUpData = z.output<typeof topUpSchema>;

/** What a usage event bills: call minutes, text messages, or web-form leads. */
export const USAGE_KINDS = ["call_minutes", "sms", "web_form_lead"] as const;
export type UsageKind = (typeof USAGE_KINDS)[number];

export const USAGE_LABELS: Record<UsageKind, { one: string; many: string }> = {
  call_minutes: { one: "call minute", many: "call minutes" },
  sms: { one: "SMS", many: "SMS" },
  web_form_lead: { one: "web-form lead", many: "web-form leads" },
};

/** At most this many units in one event (a guard against a runaway sender, not a business limit). */
export const USAGE_MAX_QUANTITY = 100_000;

const guid = (field: string) => z.guid({ error: `${field} must be an id.` });

/**
 * The JSON body of POST /api/webhooks/usage (the README documents it). `id` is the sender's event id: an event is
 * billed once, however often it is delivered.
 */
export const usageEventSchema = z.strictObject({
  id: z
    .string({ error: "id is required." })
    .regex(/^[A-Za-z0-9._:-]{1,100}$/, "id must be 1–100 letters, digits, '.', '_', ':' or '-'."),
  licensee_id: guid("licensee_id"),
  license_id: guid("license_id").optional(),
  kind: z.enum(USAGE_KINDS, { error: `kind must be one of ${USAGE_KINDS.join(", ")}.` }),
  quantity: z
    .number({ error: "quantity must be a whole number." })
    .int("quantity must be a whole number.")
    .min(1, "quantity must be at least 1.")
    .max(USAGE_MAX_QUANTITY, `quantity must be at most ${USAGE_MAX_QUANTITY}.`),
  occurred_at: z.iso.datetime({ offset: true, error: "occurred_at must be an ISO 8601 date-time." }).optional(),
});
export type UsageEvent = z.output<typeof usageEventSchema>;

/** The signature header of usage events: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. */
export const USAGE_SIGNATURE_HEADER = "PoundCodes-Signature";
/** How far a usage event's signed timestamp may be from the server's clock. */
export const USAGE_TOLERANCE_SECONDS = 300;

/** How each ledger entry type reads on the billing screen. */
export const TRANSACTION_TYPE_LABELS = {
  top_up: "Top-up",
  usage: "Usage",
  adjustment: "Adjustment",
  refund: "Refund",
} as const;

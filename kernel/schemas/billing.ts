/**
 * The billing wallet: the top-up form, the usage event the telephony side sends, and the product's words for the
 * billing screen (spec 2 §7–§9). Browser-safe: zod only. Money is integer cents.
 */
import { z } from "zod";
import { formatCents, formatDate } from "../format.ts";

/** The spec's top-up options: $10.00, $25.00 and $50.00. */
export const TOP_UP_AMOUNTS_CENTS = [1_000, 2_500, 5_000] as const;
export type TopUpAmountCents = (typeof TOP_UP_AMOUNTS_CENTS)[number];

export const WALLET_DESCRIPTION = "Available for minutes and SMS";

/**
 * What an empty or overdrawn wallet means, said in the same words on the dashboard and the billing page; null while
 * there is money in it. Usage is still recorded below zero (ADR 006): routing is what may stop.
 */
export function walletWarning(balanceCents: number): { title: string; message: string } | null {
  if (balanceCents < 0) {
    return {
      title: "Your wallet is overdrawn",
      message: "Usage keeps being recorded; routing of calls and messages may be paused until you top up.",
    };
  }
  if (balanceCents === 0) {
    return {
      title: "Your wallet is empty",
      message: "Minutes, SMS and web-form leads are paid from it, so routing may be paused until you top up.",
    };
  }
  return null;
}
export const NO_TRANSACTIONS = "No transactions yet.";

/** The query the payment provider sends the licensee back with (spec 2 §7). */
export const PAYMENT_QUERY = { success: "success", canceled: "canceled" } as const;

/**
 * The query of the billing page without what checkout sent back (`payment`, `session_id`): once its notice is shown,
 * the address loses them, so a reload or a bookmark does not show it again ("" when nothing else is left). Null
 * when there is nothing to drop.
 */
export function withoutPaymentQuery(search: string): string | null {
  const params = new URLSearchParams(search);
  if (!params.has("payment") && !params.has("session_id")) return null;
  params.delete("payment");
  params.delete("session_id");
  const rest = params.toString();
  return rest ? `?${rest}` : "";
}
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

/** A custom top-up: whole dollars from $10 to $1,000. */
export const CUSTOM_TOP_UP_MIN_CENTS = 1_000;
export const CUSTOM_TOP_UP_MAX_CENTS = 100_000;
export const CUSTOM_TOP_UP_HINT = "Whole dollars, from $10 to $1,000.";

const RELOAD = "Please reload the page and try again.";
const attemptField = z.string({ error: RELOAD }).regex(/^[A-Za-z0-9_-]{8,64}$/, RELOAD);
/** An HTML checkbox ("on" when ticked, absent when not; Conform's parsing turns it into a boolean). */
const checkbox = z.boolean().optional();

/**
 * Whole dollars typed by a person ("75", "$75", "1,000") as cents, or the message saying what is wrong with it.
 * `min`/`max` in cents.
 */
export function parseWholeDollars(
  raw: string | undefined,
  bounds: { min: number; max: number; minMessage?: string; maxMessage?: string },
): { cents: number } | { error: string } {
  const text = (raw ?? "")
    .trim()
    .replace(/^\$\s*/, "")
    .replaceAll(",", "");
  if (!text) return { error: "Enter an amount." };
  if (!/^\d+(\.0{1,2})?$/.test(text)) return { error: "Enter whole dollars, for example 75." };
  const cents = Number.parseInt(text, 10) * 100;
  if (!Number.isSafeInteger(cents)) return { error: "Enter whole dollars, for example 75." };
  if (cents < bounds.min) return { error: bounds.minMessage ?? `The smallest amount is ${formatCents(bounds.min)}.` };
  if (cents > bounds.max) return { error: bounds.maxMessage ?? `The largest amount is ${formatCents(bounds.max)}.` };
  return { cents };
}

const customBounds = {
  min: CUSTOM_TOP_UP_MIN_CENTS,
  max: CUSTOM_TOP_UP_MAX_CENTS,
  minMessage: "The smallest top-up is $10.",
  maxMessage: "The largest top-up is $1,000.",
};

/**
 * A top-up: one of the fixed buttons (`amountCents`) or a custom amount in whole dollars (`customAmount`), with a
 * token per rendered page so a double submit opens one checkout, and whether to keep the card for auto-recharge.
 */
export const topUpSchema = z
  .object({
    intent: z.literal("top_up").optional(),
    amountCents: z.coerce
      .number({ error: TOP_UP_AMOUNT_MESSAGE })
      .refine((v) => (TOP_UP_AMOUNTS_CENTS as readonly number[]).includes(v), { error: TOP_UP_AMOUNT_MESSAGE })
      .optional(),
    customAmount: z.string().optional(),
    saveCard: checkbox,
    attempt: attemptField,
  })
  .superRefine((v, ctx) => {
    if (v.amountCents !== undefined) return;
    const parsed = parseWholeDollars(v.customAmount, customBounds);
    if ("error" in parsed) ctx.addIssue({ code: "custom", path: ["customAmount"], message: parsed.error });
  });
export type TopUpForm = z.output<typeof topUpSchema>;

/** What a top-up asks the provider for. */
export type TopUpData = { amountCents: number; attempt: string; saveCard?: boolean };

/** The amount of a parsed top-up form (a fixed button's, or the custom one's). */
export function topUpData(v: TopUpForm): TopUpData {
  const parsed = v.amountCents ?? (parseWholeDollars(v.customAmount, customBounds) as { cents: number }).cents;
  return { amountCents: parsed, attempt: v.attempt, saveCard: v.saveCard === true };
}

/** Auto-recharge: when the balance falls under the threshold, charge the saved card this amount. */
export const AUTO_RECHARGE_THRESHOLD_MAX_CENTS = 100_000;
export const autoRechargeSchema = z
  .object({
    intent: z.literal("auto_recharge"),
    enabled: checkbox,
    thresholdDollars: z.string().optional(),
    amountDollars: z.string().optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.enabled) return;
    const threshold = parseWholeDollars(v.thresholdDollars, {
      min: 0,
      max: AUTO_RECHARGE_THRESHOLD_MAX_CENTS,
      maxMessage: "Choose a threshold of $1,000 or less.",
    });
    if ("error" in threshold) ctx.addIssue({ code: "custom", path: ["thresholdDollars"], message: threshold.error });
    const amount = parseWholeDollars(v.amountDollars, customBounds);
    if ("error" in amount) {
      const message = amount.error
        .replace("The smallest top-up", "The smallest recharge")
        .replace("The largest top-up", "The largest recharge");
      ctx.addIssue({ code: "custom", path: ["amountDollars"], message });
    }
  });
export type AutoRechargeForm = z.output<typeof autoRechargeSchema>;

/** The settings a parsed auto-recharge form asks for (cents; null when turned off). */
export function autoRechargeSettings(
  v: AutoRechargeForm,
): { enabled: boolean; thresholdCents: number; amountCents: number } | { enabled: false } {
  if (!v.enabled) return { enabled: false };
  const threshold = parseWholeDollars(v.thresholdDollars, { min: 0, max: AUTO_RECHARGE_THRESHOLD_MAX_CENTS });
  const amount = parseWholeDollars(v.amountDollars, customBounds);
  return {
    enabled: true,
    thresholdCents: (threshold as { cents: number }).cents,
    amountCents: (amount as { cents: number }).cents,
  };
}

/** The licensee cancels one of their licenses (the dialog states what happens and when). */
export const cancelLicenseSchema = z.object({
  intent: z.literal("cancel"),
  licenseId: z.guid({ error: RELOAD }),
});

/** What the portal says after a cancellation: at once (with the deposit refunded) or at the period's end. */
export const LICENSE_CANCEL_ANSWERS = {
  now: (r: { what: string; refundCents: number }) => ({
    title: "License canceled",
    message: `${r.what} has ended.${r.refundCents > 0 ? ` Your setup deposit of ${formatCents(r.refundCents)} is being refunded to your card.` : ""}`,
  }),
  period_end: (r: { what: string; endsAt: Date }) => ({
    title: "Cancellation scheduled",
    message: `${r.what} stays active until ${formatDate(r.endsAt)}, then ends. No further charges are made.`,
  }),
} as const;

/** Opens Stripe's customer portal (payment method and invoices). */
export const billingPortalSchema = z.object({ intent: z.literal("portal") });

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

const reasonField = (message: string) =>
  z.string({ error: message }).trim().min(1, message).max(500, "Keep the reason under 500 characters.");

/** An administrator cancels a license: at once, or at the end of its paid period, with a reason (audited). */
export const adminCancelLicenseSchema = z.object({
  intent: z.literal("cancel"),
  when: z.enum(["now", "period_end"], { error: "Choose when the license ends." }),
  reason: reasonField("Say why the license is canceled."),
});

/** Dollars and cents typed by a person ("50", "$49.99", "1,250.00") as cents, or null when malformed. */
export function parseDollarsAndCents(raw: string | undefined): number | null {
  const text = (raw ?? "")
    .trim()
    .replace(/^\$\s*/, "")
    .replaceAll(",", "");
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(text)) return null;
  const [whole, frac = ""] = text.split(".");
  return Number(whole) * 100 + Number(frac.padEnd(2, "0"));
}

/** An administrator refunds part or all of a paid license invoice, with a reason (audited, emailed). */
export const adminRefundSchema = z
  .object({
    intent: z.literal("refund"),
    invoiceId: z.guid({ error: "Choose an invoice." }),
    amount: z.string({ error: "Enter an amount, for example 50.00." }),
    reason: reasonField("Say why the money is refunded."),
    attempt: attemptField,
  })
  .superRefine((v, ctx) => {
    const cents = parseDollarsAndCents(v.amount);
    if (cents === null || cents <= 0) {
      ctx.addIssue({ code: "custom", path: ["amount"], message: "Enter an amount, for example 50.00." });
    }
  });

/**
 * Admin billing: every licensee's wallet, and the manual adjustment an administrator books with a reason. One
 * schema for the page's form and the server. Browser-safe: zod only. Money is integer cents; the amount is typed
 * in dollars and read into cents here without passing through a float.
 */
import { z } from "zod";
import { formatCents } from "../format.ts";

export const ADJUSTMENT_DIRECTIONS = ["credit", "debit"] as const;
export type AdjustmentDirection = (typeof ADJUSTMENT_DIRECTIONS)[number];
export const ADJUSTMENT_DIRECTION_LABELS: Record<AdjustmentDirection, string> = {
  credit: "Credit (add to the balance)",
  debit: "Debit (take from the balance)",
};

/** The largest single adjustment ($100,000.00): a guard against a slipped digit, not a business limit. */
export const ADJUSTMENT_MAX_CENTS = 10_000_000;
export const REASON_MAX = 300;

export const BILLING_ADMIN_TEXT = {
  title: "Billing",
  subtitle: "Every licensee's wallet: the balance now, and the top-ups and usage over the period you choose.",
  empty: "No licensees yet.",
  noMatch: "No licensees found matching your search criteria.",
  ledgerEmpty: "No transactions yet.",
  notFound: { title: "Not Found", message: "No such licensee." },
  amountRequired: "Enter the amount in dollars, such as 25 or 25.50.",
  amountFormat: "Enter the amount in dollars with at most two decimals, such as 25 or 25.50.",
  amountPositive: "The amount must be more than $0.00.",
  amountTooLarge: `The amount must be at most ${formatCents(ADJUSTMENT_MAX_CENTS)}.`,
  directionRequired: "Choose whether to credit or debit the wallet.",
  reasonRequired: "Enter the reason for this adjustment.",
  reasonTooLong: `Keep the reason under ${REASON_MAX} characters.`,
  reload: "Please reload the page and try again.",
  recorded: (direction: AdjustmentDirection, amountCents: number, company: string, balanceCents: number) => ({
    title: direction === "credit" ? "Wallet credited" : "Wallet debited",
    message: `${direction === "credit" ? "Credited" : "Debited"} ${formatCents(amountCents)} ${
      direction === "credit" ? "to" : "from"
    } ${company}. The balance is now ${formatCents(balanceCents)}.`,
  }),
  alreadyRecorded: {
    title: "Already recorded",
    message: "This adjustment was already booked; it has not been booked twice.",
  },
} as const;

const MONEY = /^\$?(\d{1,3}(,\d{3})+|\d+)?(\.\d{1,2})?$/;

/**
 * "25", "25.5", "$1,250.50" → 2500, 2550, 125050. Null for text that is not an amount in dollars with at most two
 * decimals (negative amounts are not: the direction says which way the money goes).
 */
export function dollarsToCents(text: string): number | null {
  const s = text.trim().replace(/\s+/g, "");
  if (!MONEY.test(s) || !/\d/.test(s)) return null;
  const [whole = "", fraction = ""] = s.replace(/[$,]/g, "").split(".");
  const cents = Number(whole || "0") * 100 + Number(fraction.padEnd(2, "0") || "0");
  return Number.isSafeInteger(cents) ? cents : null;
}

/** Integer cents as the amount field shows them: 2550 → "25.50". */
export function centsToDollarsInput(cents: number): string {
  return (cents / 100).toFixed(2);
}

const amountField = z
  .string({ error: BILLING_ADMIN_TEXT.amountRequired })
  .trim()
  .min(1, BILLING_ADMIN_TEXT.amountRequired)
  .transform((text, ctx) => {
    const cents = dollarsToCents(text);
    if (cents === null) {
      ctx.addIssue({ code: "custom", message: BILLING_ADMIN_TEXT.amountFormat });
      return z.NEVER;
    }
    if (cents <= 0) {
      ctx.addIssue({ code: "custom", message: BILLING_ADMIN_TEXT.amountPositive });
      return z.NEVER;
    }
    if (cents > ADJUSTMENT_MAX_CENTS) {
      ctx.addIssue({ code: "custom", message: BILLING_ADMIN_TEXT.amountTooLarge });
      return z.NEVER;
    }
    return cents;
  });

/** The adjustment form: which way, how much (dollars typed, cents out), why, and the page's one-time token. */
export const adjustmentSchema = z.object({
  direction: z.enum(ADJUSTMENT_DIRECTIONS, { error: BILLING_ADMIN_TEXT.directionRequired }),
  amountCents: amountField,
  reason: z
    .string({ error: BILLING_ADMIN_TEXT.reasonRequired })
    .trim()
    .min(1, BILLING_ADMIN_TEXT.reasonRequired)
    .max(REASON_MAX, BILLING_ADMIN_TEXT.reasonTooLong),
  /** One per rendered form: a double submit books the adjustment once. */
  attempt: z.string({ error: BILLING_ADMIN_TEXT.reload }).regex(/^[A-Za-z0-9_-]{8,64}$/, BILLING_ADMIN_TEXT.reload),
});
export type AdjustmentData = z.output<typeof adjustmentSchema>;

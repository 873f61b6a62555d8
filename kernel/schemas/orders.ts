/** The license order page's form and the product's words for its answers. */
import { z } from "zod";
import type { OrderState } from "../enums.ts";

/** The order page's one form: pay the deposit and first month. */
export const payOrderSchema = z.object({ intent: z.literal("pay") });

export const ORDER_ANSWERS = {
  paid: {
    title: "Payment Received",
    message: "Your license is active and your landing page is live. A receipt is on its way to your inbox.",
  },
  paymentPending: {
    title: "Payment Processing",
    message: "We're waiting for the card payment to clear. This page updates as soon as it does.",
  },
  canceled: { message: "Checkout was canceled: nothing was charged. Pay when you're ready." },
} as const;

/** What the product calls a state to the people it concerns. */
export const ORDER_STATE_LABELS: Readonly<Record<OrderState, string>> = {
  held: "Not yet approved",
  approved: "Approved: awaiting signature",
  signed: "Signed: awaiting payment",
  paid: "Paid",
  active: "Active",
  expired: "Hold lapsed",
  abandoned: "Not completed in time",
  cancelled: "Released by PoundCodes",
};

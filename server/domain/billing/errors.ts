/** Refusals of a license's billing, in the product's words. */
import { DomainError, NotFoundError } from "../errors.ts";

/** A license that does not exist, or is not the caller's: the same answer for both. */
export class LicenseNotFoundError extends NotFoundError {
  override name = "LicenseNotFoundError";
  constructor() {
    super("license_not_found", "License Not Found", "This license does not exist or is not yours.");
  }
}

/** Stripe is not configured on this server, so nothing can be charged, refunded or managed. */
export class BillingNotConfiguredError extends DomainError {
  override name = "BillingNotConfiguredError";
  constructor() {
    super({
      code: "billing_not_configured",
      status: 503,
      title: "Billing Unavailable",
      message: "Card payments are not set up on this server yet. Please call us at (800) 580-1500.",
    });
  }
}

/** The license has no paid invoice with money left to refund. */
export class NothingToRefundError extends DomainError {
  override name = "NothingToRefundError";
  constructor() {
    super({
      code: "nothing_to_refund",
      status: 409,
      title: "Nothing to Refund",
      message: "This license has no paid invoice with money left to refund.",
    });
  }
}

/** Cancelling a license that is not running (pending, already ended, or already cancelling at period end). */
export class LicenseNotCancellableError extends DomainError {
  override name = "LicenseNotCancellableError";
  constructor(message: string) {
    super({ code: "license_not_cancellable", status: 409, title: "Cannot Cancel", message });
  }
}

/** The licensee has no Stripe customer yet (no card payment made), so there is no portal to open. */
export class NoBillingAccountError extends DomainError {
  override name = "NoBillingAccountError";
  constructor() {
    super({
      code: "no_billing_account",
      status: 409,
      title: "No Payment Method Yet",
      message: "You have not paid by card yet, so there is no payment method or invoice to manage.",
    });
  }
}

/** A cancellation with a deposit refund before the first payment's invoice has reached us from Stripe. */
export class FirstPaymentPendingError extends DomainError {
  override name = "FirstPaymentPendingError";
  constructor() {
    super({
      code: "first_payment_pending",
      status: 409,
      title: "Payment Still Being Recorded",
      message:
        "Your first payment is still being recorded, so the deposit cannot be refunded yet. Please try again in a minute.",
      retryAfterSeconds: 60,
    });
  }
}

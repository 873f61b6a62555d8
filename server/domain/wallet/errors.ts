/** Refusals of the billing wallet, in the product's words (kernel/schemas/billing.ts). */
import {
  CONFIGURATION_NEEDED,
  PAYMENT_ERROR,
  STRIPE_ERROR_TITLE,
  USER_DATA_NOT_LOADED,
} from "#kernel/schemas/billing.ts";
import { DomainError, NotFoundError } from "../errors.ts";

/** The caller has no licensee record, so there is no wallet to top up. */
export class NoLicenseeError extends DomainError {
  override name = "NoLicenseeError";
  constructor() {
    super({ code: "no_licensee", status: 409, ...USER_DATA_NOT_LOADED });
  }
}

/** Card top-ups are not configured on this server (no Stripe keys). */
export class TopUpNotConfiguredError extends DomainError {
  override name = "TopUpNotConfiguredError";
  constructor() {
    super({ code: "top_up_not_configured", status: 503, ...CONFIGURATION_NEEDED });
  }
}

/** The provider refused the request with a message meant for the payer. */
export class StripeRefusedError extends DomainError {
  override name = "StripeRefusedError";
  constructor(message: string, cause: unknown) {
    super({ code: "stripe_error", status: 502, title: STRIPE_ERROR_TITLE, message, cause });
  }
}

/** The provider could not be reached or failed. */
export class PaymentStartError extends DomainError {
  override name = "PaymentStartError";
  constructor(cause: unknown) {
    super({ code: "payment_error", status: 502, ...PAYMENT_ERROR, cause });
  }
}

/** A ledger entry that is not the caller's, or does not exist: the same answer for both. */
export class LedgerEntryNotFoundError extends NotFoundError {
  override name = "LedgerEntryNotFoundError";
  constructor() {
    super("ledger_entry_not_found", "Not Found", "No such transaction.");
  }
}

/** A usage event names a licensee that does not exist. */
export class UnknownLicenseeError extends NotFoundError {
  override name = "UnknownLicenseeError";
  constructor(licenseeId: string) {
    super("unknown_licensee", "Unknown Licensee", `No licensee ${licenseeId}.`);
  }
}

/** A usage event names a licence that is not the licensee's. */
export class UnknownLicenseError extends NotFoundError {
  override name = "UnknownLicenseError";
  constructor(licenseId: string) {
    super("unknown_license", "Unknown License", `No license ${licenseId} for this licensee.`);
  }
}

/** A usage event for a license that is suspended (an invoice unpaid past the grace period) or no longer running. */
export class LicenseNotLiveError extends DomainError {
  override name = "LicenseNotLiveError";
  constructor(status: string) {
    super({
      code: status === "suspended" ? "license_suspended" : "license_not_active",
      status: 409,
      title: status === "suspended" ? "License Suspended" : "License Not Active",
      message:
        status === "suspended"
          ? "This license is suspended for an unpaid invoice: no new usage is taken until it is paid."
          : `This license is ${status}: it takes no usage.`,
    });
  }
}

/**
 * A usage event dated (`occurred_at`) outside the license's term, before the licensee existed when no license is
 * named, or ahead of the server's clock by more than the allowed skew.
 */
export class UsageDateOutOfRangeError extends DomainError {
  override name = "UsageDateOutOfRangeError";
  constructor(namesLicense: boolean) {
    super({
      code: "occurred_at_out_of_range",
      status: 400,
      title: "Usage Date Out of Range",
      message: namesLicense
        ? "occurred_at must fall within the license's term and not be in the future."
        : "occurred_at must fall after the licensee was created and not be in the future.",
    });
  }
}

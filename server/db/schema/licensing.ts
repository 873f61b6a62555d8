/** Reservations, the waitlist, licences and agreements. */
import { sql } from "drizzle-orm";
import { check, date, index, integer, jsonb, pgTable, text, unique, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import {
  AGREEMENT_STATUSES,
  type AgreementStatus,
  LICENSE_INVOICE_STATUSES,
  LICENSE_STATUSES,
  type LicenseInvoiceStatus,
  type LicenseStatus,
  ORDER_STATES,
  type OrderState,
  RESERVATION_STATUSES,
  type ReservationStatus,
} from "#kernel/enums.ts";
import { user } from "./auth.ts";
import { categories, territories, vanityNumbers } from "./catalogue.ts";
import { cents, checkIn, createdAt, equals, id, nonNegative, timestamptz, updatedAt } from "./columns.ts";
import { licensees } from "./licensees.ts";

/** The pricing breakdown stored with a licence when it is issued. */
export type LicensePricingDetails = {
  setup_fee?: number;
  [key: string]: unknown;
};

/**
 * A licence of one offering (a category or a vanity number) in one territory to a licensee.
 * Invariants: exactly one of category_id / vanity_number_id is set (CHECK); at most one ACTIVE licence per
 * (territory, category) and per (territory, vanity number) — partial unique indexes.
 */
export const territoryLicenses = pgTable(
  "territory_licenses",
  {
    id: id(),
    licenseeId: uuid("licensee_id")
      .notNull()
      .references(() => licensees.id, { onDelete: "restrict" }),
    territoryId: uuid("territory_id")
      .notNull()
      .references(() => territories.id, { onDelete: "restrict" }),
    categoryId: uuid("category_id").references(() => categories.id, { onDelete: "restrict" }),
    vanityNumberId: uuid("vanity_number_id").references(() => vanityNumbers.id, { onDelete: "restrict" }),
    status: text("status").$type<LicenseStatus>().notNull().default("active"),
    monthlyFeeCents: cents("monthly_fee_cents").notNull(),
    baseLicenseFeeCents: cents("base_license_fee_cents"),
    /** May be negative (a category priced below the base). */
    categoryModifierAmountCents: cents("category_modifier_amount_cents"),
    /** May be negative. */
    keywordModifierAmountCents: cents("keyword_modifier_amount_cents"),
    /** When null, the monthly total uses monthly_fee_cents. */
    finalCalculatedFeeCents: cents("final_calculated_fee_cents"),
    setupFeeCents: cents("setup_fee_cents").notNull().default(0),
    pricingDetails: jsonb("pricing_details").$type<LicensePricingDetails>().notNull().default(sql`'{}'::jsonb`),
    startsAt: timestamptz("starts_at").notNull().defaultNow(),
    endsAt: timestamptz("ends_at"),
    /** The Stripe customer and subscription that pay this license (set when its first payment clears). */
    stripeCustomerId: text("stripe_customer_id"),
    stripeSubscriptionId: text("stripe_subscription_id"),
    /** What the subscription charges a month (from Stripe's subscription; a later territory fee change leaves it). */
    subscriptionAmountCents: cents("subscription_amount_cents"),
    /** The end of the period the subscription has billed (from Stripe); a cancellation at period end takes effect then. */
    currentPeriodEnd: timestamptz("current_period_end"),
    /** Set when the license is to end at the end of its paid period (cancel_at_period_end); cleared if resumed. */
    cancelAt: timestamptz("cancel_at"),
    /** When an invoice of this license first failed and is still unpaid; null while payments are current. */
    paymentOverdueSince: timestamptz("payment_overdue_since"),
    /** The Stripe invoice that is overdue. */
    overdueInvoiceId: text("overdue_invoice_id"),
    suspendedAt: timestamptz("suspended_at"),
    /** Why the license ended: `cancelled` (by the licensee or an administrator) or `unpaid`. */
    endReason: text("end_reason"),
    /** The creation time of the last subscription event applied, so an older one delivered late changes nothing. */
    subscriptionSyncedAt: timestamptz("subscription_synced_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("territory_licenses_one_active_unique")
      .on(t.territoryId, t.categoryId)
      .where(sql`${t.status} in ('active', 'suspended')`),
    uniqueIndex("territory_licenses_one_active_vanity_unique")
      .on(t.territoryId, t.vanityNumberId)
      .where(sql`${t.status} in ('active', 'suspended')`),
    uniqueIndex("territory_licenses_subscription_unique").on(t.stripeSubscriptionId),
    index("territory_licenses_overdue_idx").on(t.paymentOverdueSince),
    index("territory_licenses_cancel_at_idx").on(t.cancelAt),
    check("territory_licenses_one_offering_check", sql`num_nonnulls(${t.categoryId}, ${t.vanityNumberId}) = 1`),
    checkIn("territory_licenses_status_check", t.status, LICENSE_STATUSES),
    ...nonNegative(
      "territory_licenses",
      t.monthlyFeeCents,
      t.baseLicenseFeeCents,
      t.finalCalculatedFeeCents,
      t.setupFeeCents,
    ),
    check("territory_licenses_period_check", sql`${t.endsAt} is null or ${t.endsAt} >= ${t.startsAt}`),
    index("territory_licenses_licensee_idx").on(t.licenseeId, t.status),
    index("territory_licenses_category_idx").on(t.categoryId),
    index("territory_licenses_vanity_idx").on(t.vanityNumberId),
  ],
);

/**
 * A visitor's hold on (territory, offering) while the sale is negotiated; the offering is a category or a vanity
 * number. Invariants: exactly one of category_id / vanity_number_id is set (CHECK); at most one ACTIVE reservation
 * per (territory, category) and per (territory, vanity number) — partial unique indexes.
 */
export const reservations = pgTable(
  "reservations",
  {
    id: id(),
    territoryId: uuid("territory_id")
      .notNull()
      .references(() => territories.id, { onDelete: "cascade" }),
    categoryId: uuid("category_id").references(() => categories.id, { onDelete: "cascade" }),
    vanityNumberId: uuid("vanity_number_id").references(() => vanityNumbers.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    company: text("company"),
    message: text("message"),
    status: text("status").$type<ReservationStatus>().notNull().default("active"),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    expiresAt: timestamptz("expires_at").notNull(),
    /**
     * When the requester confirmed the hold (from the emailed link, or at once for a signed-in verified user).
     * An unconfirmed hold lapses after a day; a confirmed one runs the full hold.
     */
    confirmedAt: timestamptz("confirmed_at"),
    /** SHA-256 (hex) of the one-time confirmation token emailed to the requester; cleared once used. */
    confirmTokenHash: text("confirm_token_hash"),
    /** The client address the hold came from (caps holds per address per day). */
    requesterIp: text("requester_ip"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("reservations_one_active_unique").on(t.territoryId, t.categoryId).where(equals(t.status, "active")),
    uniqueIndex("reservations_one_active_vanity_unique")
      .on(t.territoryId, t.vanityNumberId)
      .where(equals(t.status, "active")),
    check("reservations_one_offering_check", sql`num_nonnulls(${t.categoryId}, ${t.vanityNumberId}) = 1`),
    uniqueIndex("reservations_confirm_token_unique").on(t.confirmTokenHash),
    index("reservations_requester_ip_idx").on(t.requesterIp, t.createdAt),
    checkIn("reservations_status_check", t.status, RESERVATION_STATUSES),
    index("reservations_status_expires_idx").on(t.status, t.expiresAt),
    index("reservations_category_idx").on(t.categoryId),
    index("reservations_vanity_idx").on(t.vanityNumberId),
    index("reservations_user_idx").on(t.userId),
  ],
);

/** An administrator's negotiated figures for one order, recorded with who set them and why. */
export type OrderPriceOverride = {
  monthlyFeeCents: number;
  setupFeeCents: number;
  quotedMonthlyFeeCents: number;
  quotedSetupFeeCents: number;
  reason: string;
  byUserId: string | null;
  at: string;
};

/**
 * One license order: a hold on its way to an active license (docs/decisions/014-license-order-state-machine.md).
 * One per reservation; the reservation keeps holding the pair until the order is active or closed. The license and
 * its agreement exist from approval (license 'pending'); the figures charged are the license's.
 */
export const licenseOrders = pgTable(
  "license_orders",
  {
    id: id(),
    reservationId: uuid("reservation_id")
      .notNull()
      .references(() => reservations.id, { onDelete: "cascade" }),
    state: text("state").$type<OrderState>().notNull().default("held"),
    licenseId: uuid("license_id").references(() => territoryLicenses.id, { onDelete: "set null" }),
    agreementId: uuid("agreement_id").references(() => agreements.id, { onDelete: "set null" }),
    priceOverride: jsonb("price_override").$type<OrderPriceOverride>(),
    /** The Checkout Session that collects the deposit and the first month (one open at a time). */
    checkoutSessionId: text("checkout_session_id"),
    /** What the provider reported as paid, once the session completed. */
    paidCents: cents("paid_cents"),
    approvedAt: timestamptz("approved_at"),
    signedAt: timestamptz("signed_at"),
    paidAt: timestamptz("paid_at"),
    activatedAt: timestamptz("activated_at"),
    closedAt: timestamptz("closed_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("license_orders_reservation_unique").on(t.reservationId),
    uniqueIndex("license_orders_checkout_session_unique").on(t.checkoutSessionId),
    checkIn("license_orders_state_check", t.state, ORDER_STATES),
    ...nonNegative("license_orders", t.paidCents),
    index("license_orders_license_idx").on(t.licenseId),
    index("license_orders_agreement_idx").on(t.agreementId),
  ],
);

/**
 * People waiting for a taken (territory, offering): a category or a vanity number, exactly one (CHECK). Email is
 * stored lower-cased by the domain.
 */
export const waitlistEntries = pgTable(
  "waitlist_entries",
  {
    id: id(),
    territoryId: uuid("territory_id")
      .notNull()
      .references(() => territories.id, { onDelete: "cascade" }),
    categoryId: uuid("category_id").references(() => categories.id, { onDelete: "cascade" }),
    vanityNumberId: uuid("vanity_number_id").references(() => vanityNumbers.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    name: text("name"),
    createdAt: createdAt(),
  },
  (t) => [
    unique("waitlist_entries_territory_category_email_unique").on(t.territoryId, t.categoryId, t.email),
    unique("waitlist_entries_territory_vanity_email_unique").on(t.territoryId, t.vanityNumberId, t.email),
    check("waitlist_entries_one_offering_check", sql`num_nonnulls(${t.categoryId}, ${t.vanityNumberId}) = 1`),
    index("waitlist_entries_category_idx").on(t.categoryId),
    index("waitlist_entries_vanity_idx").on(t.vanityNumberId),
  ],
);

/** Licence agreements shown in the portal. `terms` is plain text (the portal previews its first 150 characters). */
export const agreements = pgTable(
  "agreements",
  {
    id: id(),
    licenseeId: uuid("licensee_id")
      .notNull()
      .references(() => licensees.id, { onDelete: "cascade" }),
    territoryLicenseId: uuid("territory_license_id").references(() => territoryLicenses.id, {
      onDelete: "set null",
    }),
    agreementType: text("agreement_type").notNull(),
    status: text("status").$type<AgreementStatus>().notNull().default("pending"),
    documentUrl: text("document_url"),
    /** Calendar date, 'YYYY-MM-DD'. */
    signedDate: date("signed_date"),
    terms: text("terms"),
    /** Display name of the territory at the time of signing. */
    territoryName: text("territory_name"),
    /**
     * The signature, recorded once when the licensee signs in the portal: the name they typed, when, from where,
     * and the SHA-256 (hex) of the exact PDF they were shown. The signed PDF (the document plus a certificate page)
     * is stored under `signed_document_key` and never changes afterwards.
     */
    signerName: text("signer_name"),
    signerUserId: text("signer_user_id").references(() => user.id, { onDelete: "set null" }),
    signedAt: timestamptz("signed_at"),
    signerIp: text("signer_ip"),
    signerUserAgent: text("signer_user_agent"),
    documentSha256: text("document_sha256"),
    signedDocumentKey: text("signed_document_key"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    checkIn("agreements_status_check", t.status, AGREEMENT_STATUSES),
    check(
      "agreements_signature_complete_check",
      sql`(${t.signedAt} is null) = (${t.documentSha256} is null) and (${t.signedAt} is null) = (${t.signerName} is null)`,
    ),
    index("agreements_licensee_idx").on(t.licenseeId),
    index("agreements_territory_license_idx").on(t.territoryLicenseId),
  ],
);

export type TerritoryLicense = typeof territoryLicenses.$inferSelect;
export type NewTerritoryLicense = typeof territoryLicenses.$inferInsert;
export type Reservation = typeof reservations.$inferSelect;
export type NewReservation = typeof reservations.$inferInsert;
export type WaitlistEntry = typeof waitlistEntries.$inferSelect;
export type NewWaitlistEntry = typeof waitlistEntries.$inferInsert;
export type Agreement = typeof agreements.$inferSelect;
export type LicenseOrder = typeof licenseOrders.$inferSelect;
export type NewAgreement = typeof agreements.$inferInsert;

/**
 * One Stripe invoice of a license's subscription (docs/decisions/015-license-billing-ledger.md): the license's
 * billing history, recorded from Stripe's events once per invoice id and moved forward only (a paid invoice never
 * goes back to failed, whatever order the events arrive in). Not wallet entries: the wallet is prepaid usage.
 */
export const licenseInvoices = pgTable(
  "license_invoices",
  {
    id: id(),
    licenseId: uuid("license_id")
      .notNull()
      .references(() => territoryLicenses.id, { onDelete: "restrict" }),
    stripeInvoiceId: text("stripe_invoice_id").notNull(),
    /** Stripe's reason: `subscription_create` (deposit and first month), `subscription_cycle` (a month) … */
    billingReason: text("billing_reason"),
    status: text("status").$type<LicenseInvoiceStatus>().notNull(),
    periodStart: timestamptz("period_start"),
    periodEnd: timestamptz("period_end"),
    amountDueCents: cents("amount_due_cents").notNull(),
    amountPaidCents: cents("amount_paid_cents").notNull().default(0),
    amountRefundedCents: cents("amount_refunded_cents").notNull().default(0),
    hostedInvoiceUrl: text("hosted_invoice_url"),
    invoicePdfUrl: text("invoice_pdf_url"),
    /** The payment that paid it (refunds go through it). */
    paymentIntentId: text("payment_intent_id"),
    attemptCount: integer("attempt_count").notNull().default(0),
    /** Stripe's time of the invoice (its `created`), the order of the history. */
    issuedAt: timestamptz("issued_at").notNull(),
    paidAt: timestamptz("paid_at"),
    failedAt: timestamptz("failed_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("license_invoices_stripe_invoice_unique").on(t.stripeInvoiceId),
    index("license_invoices_license_idx").on(t.licenseId, t.issuedAt),
    index("license_invoices_paid_idx").on(t.status, t.paidAt),
    index("license_invoices_payment_intent_idx").on(t.paymentIntentId),
    checkIn("license_invoices_status_check", t.status, LICENSE_INVOICE_STATUSES),
    ...nonNegative("license_invoices", t.amountDueCents, t.amountPaidCents, t.amountRefundedCents),
  ],
);

/** Money given back on a license invoice, one row per Stripe refund id, whoever started it. */
export const licenseRefunds = pgTable(
  "license_refunds",
  {
    id: id(),
    licenseId: uuid("license_id")
      .notNull()
      .references(() => territoryLicenses.id, { onDelete: "restrict" }),
    invoiceId: uuid("invoice_id").references(() => licenseInvoices.id, { onDelete: "set null" }),
    stripeRefundId: text("stripe_refund_id").notNull(),
    paymentIntentId: text("payment_intent_id"),
    amountCents: cents("amount_cents").notNull(),
    /** `deposit` (the setup deposit, within the refund window) or `other` (an administrator's refund). */
    kind: text("kind").notNull().default("other"),
    reason: text("reason"),
    requestedBy: text("requested_by").references(() => user.id, { onDelete: "set null" }),
    refundedAt: timestamptz("refunded_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("license_refunds_stripe_refund_unique").on(t.stripeRefundId),
    index("license_refunds_license_idx").on(t.licenseId, t.refundedAt),
    check("license_refunds_amount_positive_check", sql`${t.amountCents} > 0`),
    checkIn("license_refunds_kind_check", t.kind, ["deposit", "other"]),
  ],
);

export type LicenseInvoice = typeof licenseInvoices.$inferSelect;
export type LicenseRefund = typeof licenseRefunds.$inferSelect;

import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { LICENSEE_STATUSES, type LicenseeStatus } from "#kernel/enums.ts";
import { user } from "./auth.ts";
import { cents, checkIn, createdAt, id, nonNegative, timestamptz, updatedAt } from "./columns.ts";

/**
 * A licensee is a user with a licensees row (one per user).
 * The wallet balance is cached here; the ledger (client_wallet_transactions) is the source of truth and
 * the balance must be updated in the same transaction as every ledger insert.
 */
export const licensees = pgTable(
  "licensees",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .unique("licensees_user_id_unique")
      .references(() => user.id, { onDelete: "restrict" }),
    email: text("email").notNull(),
    contactName: text("contact_name"),
    phone: text("phone"),
    companyName: text("company_name"),
    addressLine1: text("address_line_1"),
    addressLine2: text("address_line_2"),
    city: text("city"),
    stateProvince: text("state_province"),
    postalCode: text("postal_code"),
    country: text("country"),
    lawFirmLogoUrl: text("law_firm_logo_url"),
    avatarUrl: text("avatar_url"),
    minutesSmsWalletCents: cents("minutes_sms_wallet_cents").notNull().default(0),
    lastMonthDepositCents: cents("last_month_deposit_cents").notNull().default(0),
    status: text("status").$type<LicenseeStatus>().notNull().default("active"),
    /** When the low-balance email was last sent; cleared when a credit lifts the balance over the threshold. */
    lowBalanceNotifiedAt: timestamptz("low_balance_notified_at"),
    /** The Stripe customer of this licensee's wallet (the card saved at a top-up lives there). */
    stripeCustomerId: text("stripe_customer_id"),
    /** The card saved for usage (a Stripe payment method) and how it reads ("Visa ending 4242"). */
    savedPaymentMethodId: text("saved_payment_method_id"),
    savedCardLabel: text("saved_card_label"),
    /** Auto-recharge: when the balance falls under the threshold, charge the saved card this amount. */
    autoRechargeEnabled: boolean("auto_recharge_enabled").notNull().default(false),
    autoRechargeThresholdCents: cents("auto_recharge_threshold_cents"),
    autoRechargeAmountCents: cents("auto_recharge_amount_cents"),
    /** Set when a fall under the threshold started a recharge; cleared when it settles (one recharge per fall). */
    autoRechargePendingAt: timestamptz("auto_recharge_pending_at"),
    /** How many recharges were started: each one's idempotency key, so a retried job charges once. */
    autoRechargeCount: integer("auto_recharge_count").notNull().default(0),
    /** Why auto-recharge was turned off by the system (a declined card), shown until the licensee fixes it. */
    autoRechargeOffReason: text("auto_recharge_off_reason"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    checkIn("licensees_status_check", t.status, LICENSEE_STATUSES),
    ...nonNegative("licensees", t.lastMonthDepositCents),
    check(
      "licensees_auto_recharge_check",
      sql`not ${t.autoRechargeEnabled} or (${t.autoRechargeThresholdCents} >= 0 and ${t.autoRechargeAmountCents} > 0 and ${t.savedPaymentMethodId} is not null)`,
    ),
    index("licensees_email_idx").on(t.email),
  ],
);

export type Licensee = typeof licensees.$inferSelect;
export type NewLicensee = typeof licensees.$inferInsert;

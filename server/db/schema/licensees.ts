import { index, pgTable, text } from "drizzle-orm/pg-core";
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    checkIn("licensees_status_check", t.status, LICENSEE_STATUSES),
    ...nonNegative("licensees", t.lastMonthDepositCents),
    index("licensees_email_idx").on(t.email),
  ],
);

export type Licensee = typeof licensees.$inferSelect;
export type NewLicensee = typeof licensees.$inferInsert;

/**
 * The admin read models: the reservations queue (each hold with its requester, lead, pair, waitlist length and
 * expiry) and the licences list, both on the list kit (search, filters, sort, paging in the URL).
 */
import { and, eq, sql } from "drizzle-orm";
import type { LicenseStatus, OrderState, ReservationStatus } from "#kernel/enums.ts";
import type { ListQuery } from "#kernel/list-query.ts";
import { vanityNumberLabel } from "#kernel/schemas/reservation-strings.ts";
import type { Database } from "#server/db/client.ts";
import {
  categories,
  licensees,
  licenseOrders,
  reservations,
  territories,
  territoryLicenses,
  vanityNumbers,
} from "#server/db/schema/index.ts";
import { type Actor, assertAdmin } from "../actor.ts";
import { offeringOf } from "../availability/availability.ts";
import { listSql, type Page, pageOf, totalCount } from "../lists/list-sql.ts";
import { priceOffering } from "../orders/price.ts";

export type ReservationQueueQuery = ListQuery<"expires" | "created" | "territory", { status: ReservationStatus }>;

export type ReservationQueueRow = {
  id: string;
  status: ReservationStatus;
  territoryName: string;
  offeringName: string;
  offeringKind: "category" | "vanity";
  name: string;
  email: string;
  phone: string | null;
  company: string | null;
  message: string | null;
  confirmed: boolean;
  hasAccount: boolean;
  waitlist: number;
  expiresAt: Date;
  createdAt: Date;
  /** For an active hold, what approving it would license it for now (the figures approval stores); else null. */
  price: { monthlyCents: number; setupCents: number } | null;
  /** Where the hold's license order stands (null for a hold that predates orders). */
  orderState: OrderState | null;
};

const offeringName = sql<string | null>`coalesce(${categories.name}, ${vanityNumbers.numberText})`;
const waitlistCount = sql<number>`(select count(*)::int from waitlist_entries w where w.territory_id = ${reservations.territoryId} and (w.category_id = ${reservations.categoryId} or w.vanity_number_id = ${reservations.vanityNumberId}))`;

/** What approving the hold on this pair would license it for now: the figures approval stores. */
async function quoteOf(
  db: Database,
  pair: { territoryId: string; categoryId: string | null; vanityNumberId: string | null },
): Promise<ReservationQueueRow["price"]> {
  const quote = await priceOffering(db, { territoryId: pair.territoryId, ...offeringOf(pair) });
  return { monthlyCents: quote.finalMonthlyCents, setupCents: quote.setupCents };
}

export async function listReservationQueue(
  db: Database,
  actor: Actor,
  query: ReservationQueueQuery,
): Promise<Page<ReservationQueueRow>> {
  assertAdmin(actor);
  const list = listSql(query, {
    sorts: { expires: reservations.expiresAt, created: reservations.createdAt, territory: territories.name },
    search: [reservations.name, reservations.email, reservations.company, territories.name, offeringName],
    tiebreak: reservations.id,
  });
  const where = and(list.search, query.filters.status ? eq(reservations.status, query.filters.status) : undefined);
  const from = () =>
    db
      .select({
        id: reservations.id,
        status: reservations.status,
        territoryId: reservations.territoryId,
        categoryId: reservations.categoryId,
        vanityNumberId: reservations.vanityNumberId,
        territoryName: territories.name,
        categoryName: categories.name,
        numberText: vanityNumbers.numberText,
        name: reservations.name,
        email: reservations.email,
        phone: reservations.phone,
        company: reservations.company,
        message: reservations.message,
        confirmed: sql<boolean>`${reservations.confirmedAt} is not null`,
        hasAccount: sql<boolean>`${reservations.userId} is not null or exists (select 1 from "user" u where lower(u.email) = lower(${reservations.email}))`,
        waitlist: waitlistCount,
        expiresAt: reservations.expiresAt,
        createdAt: reservations.createdAt,
        orderState: licenseOrders.state,
        total: totalCount(),
      })
      .from(reservations)
      .leftJoin(licenseOrders, eq(licenseOrders.reservationId, reservations.id))
      .innerJoin(territories, eq(territories.id, reservations.territoryId))
      .leftJoin(categories, eq(categories.id, reservations.categoryId))
      .leftJoin(vanityNumbers, eq(vanityNumbers.id, reservations.vanityNumberId));
  const rows = await from()
    .where(where)
    .orderBy(...list.orderBy)
    .limit(list.limit)
    .offset(list.offset);
  const page = await pageOf(rows, list, async () => (await from().where(where)).length);
  return {
    total: page.total,
    rows: await Promise.all(
      page.rows.map(async ({ categoryName, numberText, territoryId, categoryId, vanityNumberId, ...r }) => ({
        ...r,
        waitlist: Number(r.waitlist),
        offeringName: categoryName ?? vanityNumberLabel(numberText ?? ""),
        offeringKind: categoryName ? ("category" as const) : ("vanity" as const),
        price:
          r.status === "active" && (r.orderState ?? "held") === "held"
            ? await quoteOf(db, { territoryId, categoryId, vanityNumberId })
            : null,
      })),
    ),
  };
}

export type LicenceListQuery = ListQuery<"started" | "territory" | "fee", { status: LicenseStatus }>;

export type LicenceListRow = {
  id: string;
  status: LicenseStatus;
  territoryName: string;
  offeringName: string;
  licensee: string;
  licenseeUserId: string;
  monthlyFeeCents: number;
  setupFeeCents: number;
  startsAt: Date;
  endsAt: Date | null;
  /** An invoice is unpaid (the license may still be active, in its grace period). */
  paymentOverdue: boolean;
};

export async function listLicences(db: Database, actor: Actor, query: LicenceListQuery): Promise<Page<LicenceListRow>> {
  assertAdmin(actor);
  const fee = sql<number>`coalesce(${territoryLicenses.finalCalculatedFeeCents}, ${territoryLicenses.monthlyFeeCents})`;
  const licenseeName = sql<string>`coalesce(${licensees.companyName}, ${licensees.contactName}, ${licensees.email})`;
  const list = listSql(query, {
    sorts: { started: territoryLicenses.startsAt, territory: territories.name, fee },
    search: [territories.name, offeringName, licensees.companyName, licensees.contactName, licensees.email],
    tiebreak: territoryLicenses.id,
  });
  const where = and(list.search, query.filters.status ? eq(territoryLicenses.status, query.filters.status) : undefined);
  const from = () =>
    db
      .select({
        id: territoryLicenses.id,
        status: territoryLicenses.status,
        territoryName: territories.name,
        categoryName: categories.name,
        numberText: vanityNumbers.numberText,
        licensee: licenseeName,
        licenseeUserId: licensees.userId,
        monthlyFeeCents: fee,
        setupFeeCents: territoryLicenses.setupFeeCents,
        startsAt: territoryLicenses.startsAt,
        endsAt: territoryLicenses.endsAt,
        paymentOverdue: sql<boolean>`${territoryLicenses.paymentOverdueSince} is not null`,
        total: totalCount(),
      })
      .from(territoryLicenses)
      .innerJoin(territories, eq(territories.id, territoryLicenses.territoryId))
      .innerJoin(licensees, eq(licensees.id, territoryLicenses.licenseeId))
      .leftJoin(categories, eq(categories.id, territoryLicenses.categoryId))
      .leftJoin(vanityNumbers, eq(vanityNumbers.id, territoryLicenses.vanityNumberId));
  const rows = await from()
    .where(where)
    .orderBy(...list.orderBy)
    .limit(list.limit)
    .offset(list.offset);
  const page = await pageOf(rows, list, async () => (await from().where(where)).length);
  return {
    total: page.total,
    rows: page.rows.map(({ categoryName, numberText, ...r }) => ({
      ...r,
      monthlyFeeCents: Number(r.monthlyFeeCents),
      offeringName: categoryName ?? vanityNumberLabel(numberText ?? ""),
    })),
  };
}

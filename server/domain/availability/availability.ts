/**
 * The one answer to "is this territory × offering free, or held — and by what?", for reserving, the waitlist,
 * expiring holds and the admin screens.
 *
 * An offering is what is licensed exclusively per territory: a category (#Code or keyword group), `{ categoryId }`,
 * or a vanity number, `{ vanityNumberId }` (docs/decisions/005-vanity-numbers-per-territory.md). A pair is a
 * territory × offering. Each kind has its status table, with the same statuses (available, negotiations, licensed):
 * territory_categories and territory_vanity_numbers. A missing status row means available.
 *
 * A pair is held when its status row says `negotiations` or `licensed`, when an active licence or an active
 * reservation names it (the status row is a summary; the licence and reservation rows are the facts), or, for a
 * vanity number, while the administrator keeps the number `pending` (not on sale yet).
 *
 * Writers lock the pair first with {@link lockPair}: the status row is created if missing and locked
 * (`select … for update`), so concurrent writers of one pair queue behind each other and each re-reads the final
 * state. The partial unique indexes on reservations and licences (per territory × category and per territory ×
 * vanity number) remain the last guard. Pairs of different offerings never block each other, even in one territory.
 *
 * Usage (one transaction):
 * ```ts
 * const pair = { territoryId, vanityNumberId };            // or { territoryId, categoryId }
 * const locked = await lockPair(tx, pair);
 * if (!(await pairAvailability(tx, pair, { status: locked.status })).free) throw new TerritoryNotAvailableError();
 * … insert the reservation or licence naming the same offering (offeringColumns(pair)) …
 * await setPairStatus(tx, pair, "negotiations");             // or "licensed", or back to "available"
 * ```
 * Never write territory_categories.status or territory_vanity_numbers.status anywhere else.
 */
import { and, eq, inArray, ne, type SQL } from "drizzle-orm";
import { LICENSE_HOLDING_STATUSES, type TerritoryCategoryStatus } from "#kernel/enums.ts";
import type { DbOrTx, Tx } from "#server/db/client.ts";
import {
  categories,
  reservations,
  territories,
  territoryCategories,
  territoryLicenses,
  territoryVanityNumbers,
  vanityNumbers,
} from "#server/db/schema/index.ts";
import { CHANGE, pairChanged, recordChange } from "../changes.ts";

/** What is licensed per territory: a category, or a vanity number. */
export type Offering =
  | { categoryId: string; vanityNumberId?: undefined }
  | { vanityNumberId: string; categoryId?: undefined };

/** A territory × offering. */
export type PairKey = { territoryId: string } & Offering;

export type PairAvailability =
  | { free: true; status: TerritoryCategoryStatus }
  | {
      free: false;
      /**
       * What holds it: an active licence, an active reservation, only the status row, or (vanity numbers) the
       * number itself, which the administrator keeps 'pending' (not on sale).
       */
      heldBy: "license" | "reservation" | "status" | "not_on_sale";
      status: TerritoryCategoryStatus;
      licenceId?: string;
      reservationId?: string;
    };

/** Whether the offering is a vanity number. */
export function isVanityOffering(o: Offering): o is { vanityNumberId: string } {
  return typeof o.vanityNumberId === "string";
}

/**
 * The offering a reservation, licence or waitlist row names (exactly one of its two columns is set; a CHECK
 * guarantees it).
 */
export function offeringOf(row: { categoryId: string | null; vanityNumberId: string | null }): Offering {
  if (row.vanityNumberId) return { vanityNumberId: row.vanityNumberId };
  if (row.categoryId) return { categoryId: row.categoryId };
  throw new Error("row names neither a category nor a vanity number");
}

/** The values of category_id and vanity_number_id for a row naming `o` (the other one null). */
export function offeringColumns(o: Offering): { categoryId: string | null; vanityNumberId: string | null } {
  return isVanityOffering(o)
    ? { categoryId: null, vanityNumberId: o.vanityNumberId }
    : { categoryId: o.categoryId, vanityNumberId: null };
}

/** The pair's row condition on a reservations or territory_licenses row. */
function offeringWhere(table: typeof reservations | typeof territoryLicenses, p: PairKey): SQL | undefined {
  return and(
    eq(table.territoryId, p.territoryId),
    isVanityOffering(p) ? eq(table.vanityNumberId, p.vanityNumberId) : eq(table.categoryId, p.categoryId),
  );
}

const categoryWhere = (territoryId: string, categoryId: string) =>
  and(eq(territoryCategories.territoryId, territoryId), eq(territoryCategories.categoryId, categoryId));
const vanityWhere = (territoryId: string, vanityNumberId: string) =>
  and(eq(territoryVanityNumbers.territoryId, territoryId), eq(territoryVanityNumbers.vanityNumberId, vanityNumberId));

/**
 * What pages show of the pair may change once it is locked (a hold, a license, a release, an administrator's status):
 * the write records the pair, by the slugs its pages are known by.
 */
export async function recordPairChange(tx: Tx, p: PairKey): Promise<void> {
  const number = isVanityOffering(p)
    ? tx.select({ slug: vanityNumbers.slug }).from(vanityNumbers).where(eq(vanityNumbers.id, p.vanityNumberId))
    : tx.select({ slug: categories.slug }).from(categories).where(eq(categories.id, p.categoryId));
  const [n] = await number;
  const [t] = await tx.select({ slug: territories.slug }).from(territories).where(eq(territories.id, p.territoryId));
  if (n && t) recordChange(tx, pairChanged(n.slug, t.slug));
  else recordChange(tx, CHANGE.catalog);
}

/** Creates the pair's status row if missing (as available) and locks it until the transaction ends. */
export async function lockPair(tx: Tx, p: PairKey): Promise<{ id: string; status: TerritoryCategoryStatus }> {
  await recordPairChange(tx, p);
  if (isVanityOffering(p)) {
    await tx
      .insert(territoryVanityNumbers)
      .values({ territoryId: p.territoryId, vanityNumberId: p.vanityNumberId, status: "available" })
      .onConflictDoNothing({ target: [territoryVanityNumbers.territoryId, territoryVanityNumbers.vanityNumberId] });
    const [row] = await tx
      .select({ id: territoryVanityNumbers.id, status: territoryVanityNumbers.status })
      .from(territoryVanityNumbers)
      .where(vanityWhere(p.territoryId, p.vanityNumberId))
      .for("update");
    return row!;
  }
  await tx
    .insert(territoryCategories)
    .values({ territoryId: p.territoryId, categoryId: p.categoryId, status: "available" })
    .onConflictDoNothing({ target: [territoryCategories.territoryId, territoryCategories.categoryId] });
  const [row] = await tx
    .select({ id: territoryCategories.id, status: territoryCategories.status })
    .from(territoryCategories)
    .where(categoryWhere(p.territoryId, p.categoryId))
    .for("update");
  return row!;
}

/** Sets the pair's status row (which must exist: lock it first). */
export async function setPairStatus(tx: Tx, p: PairKey, status: TerritoryCategoryStatus): Promise<void> {
  if (isVanityOffering(p)) {
    await tx.update(territoryVanityNumbers).set({ status }).where(vanityWhere(p.territoryId, p.vanityNumberId));
    return;
  }
  await tx.update(territoryCategories).set({ status }).where(categoryWhere(p.territoryId, p.categoryId));
}

/**
 * Whether the pair is free. `status` is the status row's value when the caller already read (and locked) it;
 * `exceptReservationId` ignores one reservation (the one being expired or converted).
 */
export async function pairAvailability(
  tx: DbOrTx,
  p: PairKey,
  opts: { status?: TerritoryCategoryStatus; exceptReservationId?: string } = {},
): Promise<PairAvailability> {
  const status = opts.status ?? (await readPairStatus(tx, p));
  const [licence] = await tx
    .select({ id: territoryLicenses.id })
    .from(territoryLicenses)
    .where(and(offeringWhere(territoryLicenses, p), inArray(territoryLicenses.status, [...LICENSE_HOLDING_STATUSES])))
    .limit(1);
  if (licence) return { free: false, heldBy: "license", status, licenceId: licence.id };
  const [reservation] = await tx
    .select({ id: reservations.id })
    .from(reservations)
    .where(
      and(
        offeringWhere(reservations, p),
        eq(reservations.status, "active"),
        opts.exceptReservationId ? ne(reservations.id, opts.exceptReservationId) : undefined,
      ),
    )
    .limit(1);
  if (reservation) return { free: false, heldBy: "reservation", status, reservationId: reservation.id };
  if (status !== "available") return { free: false, heldBy: "status", status };
  if (isVanityOffering(p)) {
    const [number] = await tx
      .select({ status: vanityNumbers.status })
      .from(vanityNumbers)
      .where(eq(vanityNumbers.id, p.vanityNumberId));
    if (number?.status === "pending") return { free: false, heldBy: "not_on_sale", status };
  }
  return { free: true, status };
}

/** The pair's status row's value; a missing row means available. Does not lock. */
export async function readPairStatus(tx: DbOrTx, p: PairKey): Promise<TerritoryCategoryStatus> {
  if (isVanityOffering(p)) {
    const [row] = await tx
      .select({ status: territoryVanityNumbers.status })
      .from(territoryVanityNumbers)
      .where(vanityWhere(p.territoryId, p.vanityNumberId));
    return row?.status ?? "available";
  }
  const [row] = await tx
    .select({ status: territoryCategories.status })
    .from(territoryCategories)
    .where(categoryWhere(p.territoryId, p.categoryId));
  return row?.status ?? "available";
}

/**
 * The one answer to "is this territory × category free, or held — and by what?", for reserving, the waitlist,
 * expiring holds and the admin screens.
 *
 * A pair is held when its status row says `negotiations` or `licensed`, or when an active licence or an active
 * reservation names it (the status row is a summary; the licence and reservation rows are the facts). A missing
 * status row means available.
 *
 * Writers lock the pair first with {@link lockPair}: the status row is created if missing and locked
 * (`select … for update`), so concurrent writers of one pair queue behind each other and each re-reads the final
 * state. The partial unique indexes on reservations and licences remain the last guard.
 */
import { and, eq, ne } from "drizzle-orm";
import type { TerritoryCategoryStatus } from "#kernel/enums.ts";
import type { DbOrTx, Tx } from "#server/db/client.ts";
import { reservations, territoryCategories, territoryLicenses } from "#server/db/schema/index.ts";

export type PairKey = { territoryId: string; categoryId: string };

export type PairAvailability =
  | { free: true; status: TerritoryCategoryStatus }
  | {
      free: false;
      /** What holds it: an active licence, an active reservation, or only the status row. */
      heldBy: "licence" | "reservation" | "status";
      status: TerritoryCategoryStatus;
      licenceId?: string;
      reservationId?: string;
    };

const pairWhere = (p: PairKey) =>
  and(eq(territoryCategories.territoryId, p.territoryId), eq(territoryCategories.categoryId, p.categoryId));

/** Creates the pair's status row if missing (as available) and locks it until the transaction ends. */
export async function lockPair(tx: Tx, p: PairKey): Promise<{ id: string; status: TerritoryCategoryStatus }> {
  await tx
    .insert(territoryCategories)
    .values({ territoryId: p.territoryId, categoryId: p.categoryId, status: "available" })
    .onConflictDoNothing({ target: [territoryCategories.territoryId, territoryCategories.categoryId] });
  const [row] = await tx
    .select({ id: territoryCategories.id, status: territoryCategories.status })
    .from(territoryCategories)
    .where(pairWhere(p))
    .for("update");
  return row!;
}

/** Sets the pair's status row (which must exist: lock it first). */
export async function setPairStatus(tx: Tx, p: PairKey, status: TerritoryCategoryStatus): Promise<void> {
  await tx.update(territoryCategories).set({ status }).where(pairWhere(p));
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
  const status = opts.status ?? (await readStatus(tx, p));
  const [licence] = await tx
    .select({ id: territoryLicenses.id })
    .from(territoryLicenses)
    .where(
      and(
        eq(territoryLicenses.territoryId, p.territoryId),
        eq(territoryLicenses.categoryId, p.categoryId),
        eq(territoryLicenses.status, "active"),
      ),
    )
    .limit(1);
  if (licence) return { free: false, heldBy: "licence", status, licenceId: licence.id };
  const [reservation] = await tx
    .select({ id: reservations.id })
    .from(reservations)
    .where(
      and(
        eq(reservations.territoryId, p.territoryId),
        eq(reservations.categoryId, p.categoryId),
        eq(reservations.status, "active"),
        opts.exceptReservationId ? ne(reservations.id, opts.exceptReservationId) : undefined,
      ),
    )
    .limit(1);
  if (reservation) return { free: false, heldBy: "reservation", status, reservationId: reservation.id };
  if (status !== "available") return { free: false, heldBy: "status", status };
  return { free: true, status };
}

async function readStatus(tx: DbOrTx, p: PairKey): Promise<TerritoryCategoryStatus> {
  const [row] = await tx.select({ status: territoryCategories.status }).from(territoryCategories).where(pairWhere(p));
  return row?.status ?? "available";
}

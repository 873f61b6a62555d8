/** Whether something other than the status column holds a territory × category: an active licence or reservation. */
import { and, eq, ne } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { reservations, territoryLicenses } from "../../db/schema/index.ts";

export async function hasActiveLicence(tx: DbOrTx, territoryId: string, categoryId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: territoryLicenses.id })
    .from(territoryLicenses)
    .where(
      and(
        eq(territoryLicenses.territoryId, territoryId),
        eq(territoryLicenses.categoryId, categoryId),
        eq(territoryLicenses.status, "active"),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** An active reservation of the pair, optionally ignoring one (the reservation being expired). */
export async function hasActiveReservation(
  tx: DbOrTx,
  territoryId: string,
  categoryId: string,
  exceptReservationId?: string,
): Promise<boolean> {
  const [row] = await tx
    .select({ id: reservations.id })
    .from(reservations)
    .where(
      and(
        eq(reservations.territoryId, territoryId),
        eq(reservations.categoryId, categoryId),
        eq(reservations.status, "active"),
        exceptReservationId ? ne(reservations.id, exceptReservationId) : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * One license order as the order's readers need it: the order, its reservation, its license and licensee (once
 * approved), the territory and the offering by the names the product uses ("#4LAW", "1-800-LAW-HELP"). Read-only
 * and unlocked: movers lock the order row themselves (./machine.ts).
 */
import { eq } from "drizzle-orm";
import { isUuid } from "#kernel/ids.ts";
import type { DbOrTx } from "#server/db/client.ts";
import { licensees, licenseOrders, reservations, territories, territoryLicenses } from "#server/db/schema/index.ts";
import { offeringOf } from "../availability/availability.ts";
import { offeringDetails } from "../reservations/offering.ts";

export type OrderRecord = NonNullable<Awaited<ReturnType<typeof orderRecord>>>;

/** The order with everything around it, or null when there is no such order. */
export async function orderRecord(db: DbOrTx, orderId: string) {
  if (!isUuid(orderId)) return null;
  const [row] = await db
    .select({
      order: licenseOrders,
      reservation: reservations,
      license: territoryLicenses,
      licenseeUserId: licensees.userId,
      licenseeEmail: licensees.email,
      territoryName: territories.name,
      territorySlug: territories.slug,
    })
    .from(licenseOrders)
    .innerJoin(reservations, eq(reservations.id, licenseOrders.reservationId))
    .innerJoin(territories, eq(territories.id, reservations.territoryId))
    .leftJoin(territoryLicenses, eq(territoryLicenses.id, licenseOrders.licenseId))
    .leftJoin(licensees, eq(licensees.id, territoryLicenses.licenseeId))
    .where(eq(licenseOrders.id, orderId));
  if (!row) return null;
  // The reservation's offering exists: deleting a category or a vanity number deletes its reservations.
  const offering = (await offeringDetails(db, offeringOf(row.reservation)))!;
  return { ...row, offering, what: `${offering.name} in ${row.territoryName}` };
}

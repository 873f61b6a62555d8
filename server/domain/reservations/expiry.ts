/**
 * Releasing reservations whose hold has run out (a reservation holds the territory × offering — a category or a
 * vanity number — for 5 business days; afterwards the pair is offered again).
 *
 * Each due reservation is handled in its own short transaction that starts by claiming it with
 * `select … for update skip locked`: the row lock lasts until that transaction commits, so two runs (or two
 * instances) never expire the same reservation or send its emails twice, and a run never waits on a row another
 * run is working on. (A batch claimed in one transaction would lose its locks as soon as that transaction
 * committed, so the claim and the work share one transaction, one reservation at a time.) On PGlite
 * transactions are serialized anyway.
 *
 * In that transaction: the reservation becomes 'expired'; the pair's status row (territory_categories or
 * territory_vanity_numbers, through the availability module) is locked and, if it is
 * still 'negotiations' and no active licence or other active reservation holds the pair, set back to 'available'
 * (a pair an admin set to 'licensed' is never touched). Only when the pair was released are the waitlist and the
 * requester emailed. An audit row records every expiry.
 */
import { and, asc, eq, isNull, lte, notInArray } from "drizzle-orm";
import type { Database, Tx } from "#server/db/client.ts";
import { reservations, territories, waitlistEntries } from "#server/db/schema/index.ts";
import { reservationExpired, waitlistAvailable } from "#server/integrations/email/reservation-templates.ts";
import type { CheckoutGateway } from "#server/integrations/stripe/client.ts";
import { SYSTEM_ACTOR } from "../actor.ts";
import { recordAudit } from "../audit/audit.ts";
import {
  isVanityOffering,
  lockPair,
  offeringColumns,
  offeringOf,
  type PairKey,
  pairAvailability,
  setPairStatus,
} from "../availability/availability.ts";
import { enqueueEmail } from "../email/outbox.ts";
import { dueCheckouts, settleDueCheckouts } from "../orders/checkout.ts";
import { closeOrderOfReservation } from "../orders/lifecycle.ts";
import { offeringDetails } from "./offering.ts";
import { RESERVATION_HOLD_BUSINESS_DAYS } from "./reservations.ts";

/** How many reservations one call expires at most. */
export const EXPIRY_BATCH_LIMIT = 100;

export type ExpireOptions = {
  /** Base of the links in the emails (config.publicUrl), e.g. https://poundcodes.com. */
  publicUrl: string;
  /**
   * Settles a due order's checkout with the provider before its hold lapses (../orders/checkout.ts); without it,
   * a signed order with a checkout session is left for a run that has it.
   */
  payments?: { gateway: CheckoutGateway | null; linkSecret: string; salesEmail: string };
  /** Clock for tests; defaults to now. Reservations with expires_at <= now are due. */
  now?: Date;
  /** At most this many reservations per call (default {@link EXPIRY_BATCH_LIMIT}). */
  limit?: number;
};

export type ExpireResult = {
  /** Reservations set to 'expired'. */
  expired: number;
  /** Territory × offering pairs set back from 'negotiations' to 'available'. */
  released: number;
  /** Emails enqueued (waitlist notices plus lapsed-hold notices to requesters). */
  notified: number;
};

/**
 * Some reservations could not be expired (each was rolled back on its own; the others were committed).
 * `result` counts what was done; `reservationIds` are the failed ones, retried on the next run.
 */
export class ReservationExpiryError extends AggregateError {
  override name = "ReservationExpiryError";
  readonly result: ExpireResult;
  readonly reservationIds: string[];
  constructor(errors: unknown[], reservationIds: string[], result: ExpireResult) {
    super(
      errors,
      reservationIds.length
        ? `${reservationIds.length} due reservation(s) could not be expired: ${reservationIds.join(", ")}`
        : "expiring reservations stopped: the next due reservation could not be claimed",
    );
    this.result = result;
    this.reservationIds = reservationIds;
  }
}

/**
 * `${publicUrl}/number/{category or vanity number slug}/{territory slug}`: the number page with the territory
 * selected.
 */
export function territoryPageUrl(publicUrl: string, categorySlug: string, territorySlug: string): string {
  const base = publicUrl.replace(/\/+$/, "");
  return `${base}/number/${encodeURIComponent(categorySlug)}/${encodeURIComponent(territorySlug)}`;
}

/**
 * Expire every active reservation whose hold ended (expires_at <= now), up to `limit`, one transaction each.
 * Safe to run concurrently from several processes.
 * @throws ReservationExpiryError when some reservations failed (the rest were still processed and committed)
 */
export async function expireReservations(db: Database, opts: ExpireOptions): Promise<ExpireResult> {
  const now = opts.now ?? new Date();
  const limit = opts.limit ?? EXPIRY_BATCH_LIMIT;
  const result: ExpireResult = { expired: 0, released: 0, notified: 0 };
  const failedIds: string[] = [];
  const errors: unknown[] = [];
  // A signed order whose checkout the provider has not confirmed closed is not lapsed this run: it may be paid.
  const deferred = opts.payments
    ? (await settleDueCheckouts(db, SYSTEM_ACTOR, { ...opts.payments, publicUrl: opts.publicUrl, now }))
        .deferredReservationIds
    : (await dueCheckouts(db, now)).map((d) => d.reservationId);

  while (result.expired + failedIds.length < limit) {
    let claimedId: string | undefined;
    try {
      const outcome = await db.transaction(async (tx) => {
        const [due] = await tx
          .select({
            id: reservations.id,
            territoryId: reservations.territoryId,
            categoryId: reservations.categoryId,
            vanityNumberId: reservations.vanityNumberId,
            name: reservations.name,
            email: reservations.email,
            expiresAt: reservations.expiresAt,
          })
          .from(reservations)
          .where(
            and(
              eq(reservations.status, "active"),
              lte(reservations.expiresAt, now),
              // A reservation that failed in this run is left for the next run instead of being retried in a loop.
              failedIds.length || deferred.length
                ? notInArray(reservations.id, [...failedIds, ...deferred])
                : undefined,
            ),
          )
          .orderBy(asc(reservations.expiresAt), asc(reservations.id))
          .limit(1)
          .for("update", { skipLocked: true });
        if (!due) return null;
        claimedId = due.id;
        return expireOne(tx, due, opts.publicUrl, now);
      });
      if (!outcome) break;
      result.expired++;
      if (outcome.released) result.released++;
      result.notified += outcome.notified;
    } catch (err) {
      errors.push(err);
      // Without a claimed row the claim itself failed (the database is unusable right now): stop.
      if (!claimedId) break;
      failedIds.push(claimedId);
    }
  }

  if (!errors.length) return result;
  // Nothing done and nothing claimed: the plain error says it best.
  if (errors.length === 1 && !failedIds.length && !result.expired) throw errors[0];
  throw new ReservationExpiryError(errors, failedIds, result);
}

type DueReservation = {
  id: string;
  territoryId: string;
  categoryId: string | null;
  vanityNumberId: string | null;
  name: string;
  email: string;
  expiresAt: Date;
};

async function expireOne(
  tx: Tx,
  r: DueReservation,
  publicUrl: string,
  now: Date,
): Promise<{ released: boolean; notified: number }> {
  await tx.update(reservations).set({ status: "expired" }).where(eq(reservations.id, r.id));
  // Its order closes (expired, or abandoned if it was approved), withdrawing the pending license and agreement.
  const orderState = await closeOrderOfReservation(tx, SYSTEM_ACTOR, r.id, "lapsed", now);

  // Lock the pair, as reserveTerritory does, so a reservation or an admin change of this pair waits for us and
  // then sees the final status.
  const offering = offeringOf(r);
  const pair: PairKey = { territoryId: r.territoryId, ...offering };
  const tc = await lockPair(tx, pair);

  let released = false;
  if (tc.status === "negotiations") {
    const held = await pairAvailability(tx, pair, { status: "available", exceptReservationId: r.id });
    if (held.free) {
      await setPairStatus(tx, pair, "available");
      released = true;
    }
  }

  let notified = 0;
  if (released) {
    const [territory] = await tx
      .select({ name: territories.name, slug: territories.slug, status: territories.status })
      .from(territories)
      .where(eq(territories.id, r.territoryId));
    const offer = await offeringDetails(tx, offering);
    // A withdrawn territory cannot be reserved: telling anyone it is available would be wrong.
    if (territory && offer && territory.status !== "inactive") {
      const url = territoryPageUrl(publicUrl, offer.slug, territory.slug);
      const names = { territoryName: territory.name, categoryName: offer.name, offeringKind: offer.kind };
      const requester = r.email.toLowerCase();
      const waiting = await tx
        .select({ email: waitlistEntries.email, name: waitlistEntries.name })
        .from(waitlistEntries)
        .where(
          and(
            eq(waitlistEntries.territoryId, r.territoryId),
            isVanityOffering(offering)
              ? eq(waitlistEntries.vanityNumberId, offering.vanityNumberId)
              : and(eq(waitlistEntries.categoryId, offering.categoryId), isNull(waitlistEntries.vanityNumberId)),
          ),
        )
        .orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id));
      for (const w of waiting) {
        // The requester gets their own notice below, which carries the same link.
        if (w.email.toLowerCase() === requester) continue;
        await enqueueEmail(
          tx,
          waitlistAvailable({
            email: w.email,
            name: w.name,
            ...names,
            url,
            holdBusinessDays: RESERVATION_HOLD_BUSINESS_DAYS,
          }),
        );
        notified++;
      }
      await enqueueEmail(
        tx,
        reservationExpired({
          reservationId: r.id,
          email: r.email,
          name: r.name,
          ...names,
          expiresAt: r.expiresAt,
          url,
        }),
      );
      notified++;
    }
  }

  await recordAudit(tx, SYSTEM_ACTOR, {
    action: "reservation.expire",
    entityType: "reservation",
    entityId: r.id,
    details: {
      territoryId: r.territoryId,
      ...offeringColumns(offering),
      email: r.email,
      expiresAt: r.expiresAt.toISOString(),
      pairStatus: tc.status,
      orderState,
      released,
      notified,
    },
  });

  return { released, notified };
}

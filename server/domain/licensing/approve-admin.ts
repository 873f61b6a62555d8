/**
 * Approving a reservation: the hold becomes a signed-to-be, priced licence in one transaction.
 *
 * Lock the reservation row, refuse unless it is active and its hold has not run out (409), lock the pair through
 * the availability module and refuse if anything but this reservation holds it (409), price it with the pricing
 * engine, find or invite the licensee, insert the licence with its breakdown, mark the reservation converted and
 * the pair licensed, set a vanity number's primary assignment (ADR 005, item 5), draft the agreement the licensee
 * signs in the portal, email them and audit — all or nothing.
 *
 * One winner: concurrent approvals (or an approval racing a release or an extension) queue on the reservation
 * row; the loser re-reads it as converted or cancelled and is refused. Two approvals of one pair through different
 * reservations queue on the pair's status row, and the partial unique index on active licences is the last guard.
 */
import { eq } from "drizzle-orm";
import type { ApproveReservationData } from "#kernel/schemas/reservations-admin.ts";
import { INVITATION_VALID_DAYS } from "#kernel/schemas/reservations-admin.ts";
import type { Database, DbOrTx, Tx } from "#server/db/client.ts";
import { reservations, territories, territoryLicenses, vanityNumbers } from "#server/db/schema/index.ts";
import { licenceApproved, licenceInvitation } from "#server/integrations/email/licensing-templates.ts";
import { type Actor, assertAdmin } from "../actor.ts";
import { draftAgreement } from "../agreements/agreements.ts";
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
import { quoteVanity } from "../catalogue/vanity.ts";
import { enqueueEmail } from "../email/outbox.ts";
import { isUniqueViolation } from "../errors.ts";
import type { PriceBreakdown } from "../pricing/pricing.ts";
import { quoteFor } from "../pricing/quote.ts";
import { offeringDetails } from "../reservations/offering.ts";
import {
  PairAlreadyLicensedError,
  ReservationLapsedError,
  ReservationNotActiveError,
  ReservationNotFoundError,
} from "./errors.ts";
import { licenseeForRequester, setPasswordUrl } from "./licensee.ts";

const ACTIVE_LICENCE_INDEXES = ["territory_licenses_one_active_unique", "territory_licenses_one_active_vanity_unique"];

export type LicensingOptions = { publicUrl: string; now?: Date };

export type ApproveResult = {
  licenceId: string;
  licenseeId: string;
  agreementId: string;
  invited: boolean;
  territoryName: string;
  offeringName: string;
  licenseeName: string;
  finalMonthlyCents: number;
};

/** "#4LAW in Georgia": how the answers and emails name a pair. */
export async function describePair(tx: Tx, pair: PairKey): Promise<string> {
  const [territory] = await tx
    .select({ name: territories.name })
    .from(territories)
    .where(eq(territories.id, pair.territoryId));
  const offer = await offeringDetails(tx, pair);
  return `${offer?.name ?? "The offering"} in ${territory?.name ?? "its territory"}`;
}

/** The active reservation, locked until the transaction ends. */
export async function lockActiveReservation(tx: Tx, reservationId: string) {
  const [r] = await tx.select().from(reservations).where(eq(reservations.id, reservationId)).for("update");
  if (!r) throw new ReservationNotFoundError();
  if (r.status !== "active") throw new ReservationNotActiveError(r.status);
  return r;
}

/**
 * What a pair costs if it is licensed now: the figures approval stores on the license, and the ones the approve
 * dialog shows before anyone clicks.
 */
export async function priceOffering(tx: DbOrTx, pair: PairKey): Promise<PriceBreakdown> {
  if (!isVanityOffering(pair)) return quoteFor(tx, { territoryId: pair.territoryId, categoryId: pair.categoryId });
  const [territory] = await tx.select().from(territories).where(eq(territories.id, pair.territoryId));
  const [number] = await tx
    .select({ monthlyFeeCents: vanityNumbers.monthlyFeeCents, setupFeeCents: vanityNumbers.setupFeeCents })
    .from(vanityNumbers)
    .where(eq(vanityNumbers.id, pair.vanityNumberId));
  return quoteVanity(territory!, number!);
}

/** The breakdown as stored in territory_licenses.pricing_details (snake_case, like the spec's fields). */
function pricingDetails(p: PriceBreakdown, reservationId: string) {
  return {
    source: "reservation_approval",
    reservation_id: reservationId,
    scope: p.scope,
    base_license_fee: p.baseCents,
    category_modifier_amount: p.categoryModifierCents,
    keyword_modifier_amount: p.keywordModifierCents,
    minimum_applied: p.minimumApplied,
    minimum_applied_amount: p.minimumAppliedCents,
    minimum_monthly_fee: p.minimumMonthlyFeeCents,
    final_calculated_fee: p.finalMonthlyCents,
    setup_fee: p.setupCents,
    per_minute: p.perMinuteCents,
    per_sms: p.perSmsCents,
    per_web_form_lead: p.perWebFormLeadCents,
    code_specific_fee: p.codeSpecificFee,
    category: p.category,
    keyword: p.keyword,
  };
}

/**
 * @throws ForbiddenError for anyone but an administrator
 * @throws ReservationNotFoundError, ReservationNotActiveError (already approved, released or expired: 409),
 *   ReservationLapsedError (hold ran out: 409), PairAlreadyLicensedError (409)
 */
export async function approveReservation(
  db: Database,
  actor: Actor,
  input: Pick<ApproveReservationData, "reservationId">,
  opts: LicensingOptions,
): Promise<ApproveResult> {
  assertAdmin(actor);
  const now = opts.now ?? new Date();
  try {
    return await db.transaction(async (tx) => {
      const r = await lockActiveReservation(tx, input.reservationId);
      if (r.expiresAt.getTime() <= now.getTime()) throw new ReservationLapsedError();
      const offering = offeringOf(r);
      const pair: PairKey = { territoryId: r.territoryId, ...offering };
      const locked = await lockPair(tx, pair);
      if (locked.status === "licensed") throw new PairAlreadyLicensedError();
      const held = await pairAvailability(tx, pair, { status: "available", exceptReservationId: r.id });
      if (!held.free && held.heldBy !== "not_on_sale") throw new PairAlreadyLicensedError();

      const [territory] = await tx
        .select({ name: territories.name })
        .from(territories)
        .where(eq(territories.id, r.territoryId));
      const offer = await offeringDetails(tx, offering);
      const price = await priceOffering(tx, pair);
      const licensee = await licenseeForRequester(
        tx,
        {
          userId: r.userId,
          name: r.name,
          email: r.email,
          phone: r.phone,
          company: r.company,
          confirmed: r.confirmedAt !== null,
        },
        now,
      );

      const [licence] = await tx
        .insert(territoryLicenses)
        .values({
          licenseeId: licensee.licenseeId,
          territoryId: r.territoryId,
          ...offeringColumns(offering),
          status: "active",
          monthlyFeeCents: price.finalMonthlyCents,
          baseLicenseFeeCents: price.baseCents,
          categoryModifierAmountCents: price.categoryModifierCents,
          keywordModifierAmountCents: price.keywordModifierCents,
          finalCalculatedFeeCents: price.finalMonthlyCents,
          setupFeeCents: price.setupCents,
          pricingDetails: pricingDetails(price, r.id),
          startsAt: now,
        })
        .returning({ id: territoryLicenses.id });
      const licenceId = licence!.id;

      await tx.update(reservations).set({ status: "converted", updatedAt: now }).where(eq(reservations.id, r.id));
      await setPairStatus(tx, pair, "licensed");
      if (isVanityOffering(offering)) {
        // ADR 005, item 5: the number's primary assignment follows the licence issued.
        await tx
          .update(vanityNumbers)
          .set({ licenseeId: licensee.licenseeId, territoryId: r.territoryId })
          .where(eq(vanityNumbers.id, offering.vanityNumberId));
      }

      // A #Code's agreement names the #Code (and its paired vanity numbers); a vanity number's names the number.
      const agreement = await draftAgreement(
        tx,
        { licenseeId: licensee.licenseeId, territoryLicenseId: licenceId },
        { now },
      );

      const mail = {
        email: licensee.email,
        name: r.name,
        territoryName: territory!.name,
        offeringName: offer!.name,
        monthlyFeeCents: price.finalMonthlyCents,
        setupFeeCents: price.setupCents,
        agreementsUrl: `${opts.publicUrl.replace(/\/+$/, "")}/dashboard/agreements`,
      };
      await enqueueEmail(
        tx,
        licensee.invitationToken
          ? licenceInvitation({
              ...mail,
              setPasswordUrl: setPasswordUrl(opts.publicUrl, licensee.invitationToken),
              validDays: INVITATION_VALID_DAYS,
            })
          : licenceApproved(mail),
      );

      await recordAudit(tx, actor, {
        action: "reservation.approve",
        entityType: "reservation",
        entityId: r.id,
        details: {
          before: { status: "active", pairStatus: locked.status },
          after: { status: "converted", pairStatus: "licensed" },
          territoryId: r.territoryId,
          ...offeringColumns(offering),
          licenceId,
          licenseeId: licensee.licenseeId,
          userId: licensee.userId,
          invited: licensee.invitationToken !== null,
          agreementId: agreement.agreementId,
          finalCalculatedFeeCents: price.finalMonthlyCents,
          setupFeeCents: price.setupCents,
        },
      });

      return {
        licenceId,
        licenseeId: licensee.licenseeId,
        agreementId: agreement.agreementId,
        invited: licensee.invitationToken !== null,
        territoryName: territory!.name,
        offeringName: offer!.name,
        licenseeName: r.company || r.name,
        finalMonthlyCents: price.finalMonthlyCents,
      };
    });
  } catch (err) {
    if (ACTIVE_LICENCE_INDEXES.some((index) => isUniqueViolation(err, index))) throw new PairAlreadyLicensedError();
    throw err;
  }
}

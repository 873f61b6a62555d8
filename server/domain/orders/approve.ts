/**
 * Approving a held order: held → approved, in the caller's transaction, on a locked active reservation.
 *
 * Price the pair (or take the administrator's audited override), find or invite the licensee, issue the license
 * as 'pending' with those figures, draft the agreement from them, and email the requester the price, the deposit
 * and the link to their order. The pair stays held by the reservation (status 'negotiations'): it becomes licensed
 * only when the order is active (./activate.ts). The hold is stretched, if needed, so at least
 * {@link PAY_WINDOW_BUSINESS_DAYS} business days remain to sign and pay.
 *
 * Entry points: the administrator's approval (../licensing/approve-admin.ts) and {@link autoApproveOrder}, which
 * LICENSE_APPROVAL=auto runs as soon as a hold's email address is proven.
 */
import { and, eq } from "drizzle-orm";
import { INVITATION_VALID_DAYS } from "#kernel/schemas/reservations-admin.ts";
import type { Database, Tx } from "#server/db/client.ts";
import {
  type OrderPriceOverride,
  type Reservation,
  reservations,
  territories,
  territoryLicenses,
} from "#server/db/schema/index.ts";
import { licenceApproved, licenceInvitation } from "#server/integrations/email/licensing-templates.ts";
import { type Actor, SYSTEM_ACTOR } from "../actor.ts";
import { draftAgreement } from "../agreements/agreements.ts";
import { lockPair, offeringColumns, offeringOf, type PairKey, pairAvailability } from "../availability/availability.ts";
import { enqueueEmail } from "../email/outbox.ts";
import { isUniqueViolation } from "../errors.ts";
import { PairAlreadyLicensedError } from "../licensing/errors.ts";
import { licenseeForRequester, setPasswordPath, setPasswordUrl } from "../licensing/licensee.ts";
import type { PriceBreakdown } from "../pricing/pricing.ts";
import { addBusinessDays } from "../reservations/business-days.ts";
import { offeringDetails } from "../reservations/offering.ts";
import { orderPath, orderUrl } from "./links.ts";
import { lockOrderOfReservation, moveOrder } from "./machine.ts";
import { priceOffering } from "./price.ts";

/** An approved order has at least this long to be signed and paid before its hold lapses. */
export const PAY_WINDOW_BUSINESS_DAYS = 2;

/** LICENSE_APPROVAL: who moves a held order to approved. */
export type ApprovalMode = "auto" | "manual";

export type OrderOptions = {
  publicUrl: string;
  /** The key order links are signed with (config.authSecret). */
  linkSecret: string;
  now?: Date;
};

/**
 * An administrator's negotiated figures for this order, audited with the quote they replace; a figure left out keeps
 * the quote's.
 */
export type PriceOverrideInput = {
  monthlyFeeCents?: number | undefined;
  setupFeeCents?: number | undefined;
  reason: string;
};

export type ApproveResult = {
  orderId: string;
  licenceId: string;
  licenseeId: string;
  agreementId: string;
  invited: boolean;
  territoryName: string;
  offeringName: string;
  licenseeName: string;
  finalMonthlyCents: number;
  setupFeeCents: number;
  holdUntil: Date;
  /** A new account was created: the path where its password is chosen (then on to the order), else null. */
  setPasswordPath: string | null;
  /** The negotiated figures, with the quote they replace, or null at the quoted price. */
  override: OrderPriceOverride | null;
};

/** The breakdown as stored in territory_licenses.pricing_details (snake_case, like the spec's fields). */
function pricingDetails(p: PriceBreakdown, reservationId: string, override: OrderPriceOverride | null) {
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
    final_calculated_fee: override?.monthlyFeeCents ?? p.finalMonthlyCents,
    setup_fee: override?.setupFeeCents ?? p.setupCents,
    per_minute: p.perMinuteCents,
    per_sms: p.perSmsCents,
    per_web_form_lead: p.perWebFormLeadCents,
    code_specific_fee: p.codeSpecificFee,
    category: p.category,
    keyword: p.keyword,
    ...(override
      ? {
          override: {
            monthly_fee: override.monthlyFeeCents,
            setup_fee: override.setupFeeCents,
            quoted_monthly_fee: override.quotedMonthlyFeeCents,
            quoted_setup_fee: override.quotedSetupFeeCents,
            reason: override.reason,
          },
        }
      : {}),
  };
}

/**
 * held → approved for the locked, active reservation `r`. The caller checked the hold has not lapsed.
 * @throws PairAlreadyLicensedError when something else licenses or holds the pair
 * @throws OrderTransitionError when the order is not held (approved twice, or closed)
 */
export async function approveHeldOrder(
  tx: Tx,
  actor: Actor,
  r: Reservation,
  opts: OrderOptions & { override?: PriceOverrideInput | null },
): Promise<ApproveResult> {
  const now = opts.now ?? new Date();
  const order = await lockOrderOfReservation(tx, r.id);
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
  const override: OrderPriceOverride | null = opts.override
    ? {
        monthlyFeeCents: opts.override.monthlyFeeCents ?? price.finalMonthlyCents,
        setupFeeCents: opts.override.setupFeeCents ?? price.setupCents,
        quotedMonthlyFeeCents: price.finalMonthlyCents,
        quotedSetupFeeCents: price.setupCents,
        reason: opts.override.reason,
        byUserId: actor.userId,
        at: now.toISOString(),
      }
    : null;
  const monthly = override?.monthlyFeeCents ?? price.finalMonthlyCents;
  const setup = override?.setupFeeCents ?? price.setupCents;
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
      status: "pending",
      monthlyFeeCents: monthly,
      baseLicenseFeeCents: price.baseCents,
      categoryModifierAmountCents: price.categoryModifierCents,
      keywordModifierAmountCents: price.keywordModifierCents,
      finalCalculatedFeeCents: monthly,
      setupFeeCents: setup,
      pricingDetails: pricingDetails(price, r.id, override),
      startsAt: now,
    })
    .returning({ id: territoryLicenses.id });
  const licenceId = licence!.id;
  // A #Code's agreement names the #Code (and its paired vanity numbers); a vanity number's names the number.
  const agreement = await draftAgreement(
    tx,
    { licenseeId: licensee.licenseeId, territoryLicenseId: licenceId },
    { now },
  );

  const windowEnd = addBusinessDays(now, PAY_WINDOW_BUSINESS_DAYS);
  const holdUntil = r.expiresAt.getTime() < windowEnd.getTime() ? windowEnd : r.expiresAt;
  if (holdUntil !== r.expiresAt) {
    await tx.update(reservations).set({ expiresAt: holdUntil, updatedAt: now }).where(eq(reservations.id, r.id));
  }
  await moveOrder(tx, actor, order, "approved", {
    now,
    set: { licenseId: licenceId, agreementId: agreement.agreementId, priceOverride: override },
    details: {
      licenceId,
      licenseeId: licensee.licenseeId,
      agreementId: agreement.agreementId,
      quotedMonthlyFeeCents: price.finalMonthlyCents,
      quotedSetupFeeCents: price.setupCents,
      monthlyFeeCents: monthly,
      setupFeeCents: setup,
      override: override ? { reason: override.reason } : null,
      holdUntil: holdUntil.toISOString(),
    },
  });

  const link = orderUrl(opts.publicUrl, opts.linkSecret, order.id);
  const token = licensee.invitationToken;
  const next = orderPath(opts.linkSecret, order.id);
  const mail = {
    email: licensee.email,
    name: r.name,
    territoryName: territory!.name,
    offeringName: offer!.name,
    monthlyFeeCents: monthly,
    setupFeeCents: setup,
    holdUntil,
    orderUrl: link,
  };
  await enqueueEmail(
    tx,
    token
      ? licenceInvitation({
          ...mail,
          setPasswordUrl: setPasswordUrl(opts.publicUrl, token, next),
          validDays: INVITATION_VALID_DAYS,
        })
      : licenceApproved(mail),
  );

  return {
    orderId: order.id,
    licenceId,
    licenseeId: licensee.licenseeId,
    agreementId: agreement.agreementId,
    invited: licensee.invitationToken !== null,
    territoryName: territory!.name,
    offeringName: offer!.name,
    licenseeName: r.company || r.name,
    finalMonthlyCents: monthly,
    setupFeeCents: setup,
    holdUntil,
    setPasswordPath: token ? setPasswordPath(token, next) : null,
    override,
  };
}

const ACTIVE_LICENCE_INDEXES = ["territory_licenses_one_active_unique", "territory_licenses_one_active_vanity_unique"];

/** The last guard against two licenses of one pair, as the approval's refusal. */
export function approvalRefusal(err: unknown): unknown {
  return ACTIVE_LICENCE_INDEXES.some((index) => isUniqueViolation(err, index)) ? new PairAlreadyLicensedError() : err;
}

/**
 * LICENSE_APPROVAL=auto: approves the reservation's order without an administrator once its hold is confirmed
 * (the requester proved the address: a verified account's own address, or the emailed link). Returns null, and
 * changes nothing, when the hold is not confirmed, has lapsed, or its order is past 'held'; a pair that cannot be
 * licensed also returns null and leaves the hold for an administrator.
 */
export async function autoApproveOrder(
  db: Database,
  reservationId: string,
  opts: OrderOptions,
): Promise<ApproveResult | null> {
  const now = opts.now ?? new Date();
  try {
    return await db.transaction(async (tx) => {
      const [r] = await tx
        .select()
        .from(reservations)
        .where(and(eq(reservations.id, reservationId), eq(reservations.status, "active")))
        .for("update");
      if (!r || r.confirmedAt === null || r.expiresAt.getTime() <= now.getTime()) return null;
      const order = await lockOrderOfReservation(tx, r.id);
      if (order.state !== "held") return null;
      return approveHeldOrder(tx, SYSTEM_ACTOR, r, { ...opts, now });
    });
  } catch (err) {
    if (approvalRefusal(err) instanceof PairAlreadyLicensedError) return null;
    throw err;
  }
}

/**
 * The waitlist of a taken territory × offering (a pair in negotiations or licensed offers 'Join Waitlist'); the
 * offering is a category (#Code) or a vanity number (docs/decisions/005-vanity-numbers-per-territory.md).
 * One entry per (territory, offering, lower-cased email): joining again is a no-op that reports `alreadyJoined`
 * and sends nothing. The confirmation email is enqueued in the same transaction. A retried submission of the form
 * (the same one-time key and content) gets the first answer (ADR 027).
 */
import { and, eq, isNull } from "drizzle-orm";
import type { WaitlistData } from "#kernel/schemas/reservation.ts";
import { ONE_OFFERING_MESSAGE } from "#kernel/schemas/reservation-strings.ts";
import type { Database } from "#server/db/client.ts";
import { territories, waitlistEntries } from "#server/db/schema/index.ts";
import { waitlistConfirmation } from "#server/integrations/email/reservation-templates.ts";
import type { Actor } from "../actor.ts";
import { recordAudit } from "../audit/audit.ts";
import { isVanityOffering, type Offering, offeringColumns, pairAvailability } from "../availability/availability.ts";
import { enqueueEmail } from "../email/outbox.ts";
import { ValidationError } from "../errors.ts";
import { firstAnswer, formSubmission, keepAnswer } from "../idempotency/once.ts";
import { SelectCategoryError, WaitlistNotNeededError, WaitlistTargetNotFoundError } from "../reservations/errors.ts";
import { offeringDetails, offeringFromInput, territoryNamedBy } from "../reservations/offering.ts";

export type WaitlistResult = {
  /** True when this email was already on the list (nothing written, no email sent). */
  alreadyJoined: boolean;
  entryId: string;
  territoryName: string;
  /** The offering's name: the #Code ("#4LAW") or the vanity number ("1-800-LAW-HELP"). */
  categoryName: string;
};

/** The waitlist rows of one territory × offering. */
function entryWhere(territoryId: string, o: Offering) {
  return and(
    eq(waitlistEntries.territoryId, territoryId),
    isVanityOffering(o)
      ? eq(waitlistEntries.vanityNumberId, o.vanityNumberId)
      : and(eq(waitlistEntries.categoryId, o.categoryId), isNull(waitlistEntries.vanityNumberId)),
  );
}

/**
 * Put an email on the waitlist of a taken territory × offering (`input.vanityNumberId` if given, else
 * `input.categoryId`). `input` is the parsed waitlist form; `opts.idempotencyKey` its one-time key (or CONTENT_ONLY).
 * @throws SelectCategoryError when no offering is given
 * @throws ValidationError when both a category and a vanity number are given
 * @throws WaitlistTargetNotFoundError when the territory (or the category or vanity number) does not exist or the
 *   territory is inactive
 * @throws WaitlistNotNeededError when the pair is available: reserve it instead
 */
export async function joinWaitlist(
  db: Database,
  actor: Actor,
  input: WaitlistData,
  opts: { idempotencyKey?: string } = {},
): Promise<WaitlistResult> {
  if (input.categoryId && input.vanityNumberId) throw new ValidationError({ vanityNumberId: [ONE_OFFERING_MESSAGE] });
  const wanted = offeringFromInput(input);
  if (!wanted) throw new SelectCategoryError();
  const data = input;
  const submission = formSubmission("waitlist", actor, opts.idempotencyKey, input);

  return db.transaction(async (tx) => {
    const first = await firstAnswer(tx, submission);
    if (first) return first.answer as WaitlistResult;
    const [territory] = await tx
      .select({ id: territories.id, name: territories.name, status: territories.status })
      .from(territories)
      .where(territoryNamedBy(data.territoryId));
    if (!territory || territory.status === "inactive") throw new WaitlistTargetNotFoundError();
    const offer = await offeringDetails(tx, wanted);
    if (!offer) throw new WaitlistTargetNotFoundError();
    const offering = offer.offering;

    // An existing entry answers first: a repeat join stays idempotent even if the pair was freed meanwhile.
    const [existing] = await tx
      .select({ id: waitlistEntries.id })
      .from(waitlistEntries)
      .where(and(entryWhere(territory.id, offering), eq(waitlistEntries.email, data.email)));
    const names = { territoryName: territory.name, categoryName: offer.name };
    if (existing) return keepAnswer(tx, submission, { alreadyJoined: true, entryId: existing.id, ...names });

    if ((await pairAvailability(tx, { territoryId: territory.id, ...offering })).free) {
      throw new WaitlistNotNeededError();
    }

    const [inserted] = await tx
      .insert(waitlistEntries)
      .values({ territoryId: territory.id, ...offeringColumns(offering), email: data.email, name: data.name ?? null })
      .onConflictDoNothing({
        target: isVanityOffering(offering)
          ? [waitlistEntries.territoryId, waitlistEntries.vanityNumberId, waitlistEntries.email]
          : [waitlistEntries.territoryId, waitlistEntries.categoryId, waitlistEntries.email],
      })
      .returning({ id: waitlistEntries.id });
    if (!inserted) {
      // A concurrent join of the same email committed between our read and our insert.
      const [row] = await tx
        .select({ id: waitlistEntries.id })
        .from(waitlistEntries)
        .where(and(entryWhere(territory.id, offering), eq(waitlistEntries.email, data.email)));
      return keepAnswer(tx, submission, { alreadyJoined: true, entryId: row!.id, ...names });
    }

    await enqueueEmail(
      tx,
      waitlistConfirmation({ email: data.email, name: data.name ?? null, ...names, offeringKind: offer.kind }),
    );
    await recordAudit(tx, actor, {
      action: "waitlist.join",
      entityType: "waitlist_entry",
      entityId: inserted.id,
      details: { territoryId: territory.id, ...offeringColumns(offering), email: data.email },
    });
    return keepAnswer(tx, submission, { alreadyJoined: false, entryId: inserted.id, ...names });
  });
}

/**
 * The waitlist of a taken territory × category (a pair in negotiations or licensed offers 'Join Waitlist').
 * One entry per (territory, category, lower-cased email): joining again is a no-op that reports `alreadyJoined`
 * and sends nothing. The confirmation email is enqueued in the same transaction.
 */
import { and, eq } from "drizzle-orm";
import type { WaitlistData } from "#kernel/schemas/reservation.ts";
import type { Database } from "#server/db/client.ts";
import { categories, territories, waitlistEntries } from "#server/db/schema/index.ts";
import { waitlistConfirmation } from "#server/integrations/email/reservation-templates.ts";
import type { Actor } from "../actor.ts";
import { recordAudit } from "../audit/audit.ts";
import { pairAvailability } from "../availability/availability.ts";
import { enqueueEmail } from "../email/outbox.ts";
import { SelectCategoryError, WaitlistNotNeededError, WaitlistTargetNotFoundError } from "../reservations/errors.ts";

export type WaitlistResult = {
  /** True when this email was already on the list (nothing written, no email sent). */
  alreadyJoined: boolean;
  entryId: string;
  territoryName: string;
  categoryName: string;
};

/**
 * Put an email on the waitlist of a taken territory × category. `input` is the parsed waitlist form.
 * @throws SelectCategoryError when no category is given
 * @throws WaitlistTargetNotFoundError when the territory (or category) does not exist or is inactive
 * @throws WaitlistNotNeededError when the pair is available: reserve it instead
 */
export async function joinWaitlist(db: Database, actor: Actor, input: WaitlistData): Promise<WaitlistResult> {
  const categoryId = input.categoryId;
  if (!categoryId) throw new SelectCategoryError();
  const data = input;

  return db.transaction(async (tx) => {
    const [territory] = await tx
      .select({ id: territories.id, name: territories.name, status: territories.status })
      .from(territories)
      .where(eq(territories.id, data.territoryId));
    if (!territory || territory.status === "inactive") throw new WaitlistTargetNotFoundError();
    const [cat] = await tx
      .select({ id: categories.id, name: categories.name })
      .from(categories)
      .where(eq(categories.id, categoryId));
    if (!cat) throw new WaitlistTargetNotFoundError();

    // An existing entry answers first: a repeat join stays idempotent even if the pair was freed meanwhile.
    const [existing] = await tx
      .select({ id: waitlistEntries.id })
      .from(waitlistEntries)
      .where(
        and(
          eq(waitlistEntries.territoryId, territory.id),
          eq(waitlistEntries.categoryId, cat.id),
          eq(waitlistEntries.email, data.email),
        ),
      );
    const names = { territoryName: territory.name, categoryName: cat.name };
    if (existing) return { alreadyJoined: true, entryId: existing.id, ...names };

    const pair = { territoryId: territory.id, categoryId: cat.id };
    if ((await pairAvailability(tx, pair)).free) throw new WaitlistNotNeededError();

    const [inserted] = await tx
      .insert(waitlistEntries)
      .values({ territoryId: territory.id, categoryId: cat.id, email: data.email, name: data.name ?? null })
      .onConflictDoNothing({ target: [waitlistEntries.territoryId, waitlistEntries.categoryId, waitlistEntries.email] })
      .returning({ id: waitlistEntries.id });
    if (!inserted) {
      // A concurrent join of the same email committed between our read and our insert.
      const [row] = await tx
        .select({ id: waitlistEntries.id })
        .from(waitlistEntries)
        .where(
          and(
            eq(waitlistEntries.territoryId, territory.id),
            eq(waitlistEntries.categoryId, cat.id),
            eq(waitlistEntries.email, data.email),
          ),
        );
      return { alreadyJoined: true, entryId: row!.id, ...names };
    }

    await enqueueEmail(tx, waitlistConfirmation({ email: data.email, name: data.name ?? null, ...names }));
    await recordAudit(tx, actor, {
      action: "waitlist.join",
      entityType: "waitlist_entry",
      entityId: inserted.id,
      details: { territoryId: territory.id, categoryId: cat.id, email: data.email },
    });
    return { alreadyJoined: false, entryId: inserted.id, ...names };
  });
}

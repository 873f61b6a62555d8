/**
 * The waitlist of a taken territory × category (spec 1 §1, §4: 'licensed' and 'negotiations' are taken and
 * offer 'Join Waitlist'). One entry per (territory, category, lower-cased email): joining again is a no-op
 * that reports `alreadyJoined` and sends nothing. The confirmation email is enqueued in the same transaction.
 */
import { and, eq } from "drizzle-orm";
import { type WaitlistInput, waitlistSchema } from "#kernel/schemas/reservation.ts";
import { hasActiveLicence, hasActiveReservation } from "../reservations/holds.ts";
import type { Database, Tx } from "../../db/client.ts";
import { categories, territories, territoryCategories, waitlistEntries } from "../../db/schema/index.ts";
import { waitlistConfirmation } from "../../integrations/email/reservation-templates.ts";
import { enqueueEmail } from "../email/outbox.ts";
import {
  ReservationValidationError,
  SelectCategoryError,
  WaitlistNotNeededError,
  WaitlistTargetNotFoundError,
} from "../reservations/errors.ts";

export type WaitlistResult = {
  /** True when this email was already on the list (nothing written, no email sent). */
  alreadyJoined: boolean;
  entryId: string;
  territoryName: string;
  categoryName: string;
};

/**
 * Put an email on the waitlist of a taken territory × category.
 * @throws SelectCategoryError when the category is missing or malformed
 * @throws ReservationValidationError with field errors (email, name, territoryId)
 * @throws WaitlistTargetNotFoundError when the territory (or category) does not exist or is inactive
 * @throws WaitlistNotNeededError when the pair is available: reserve it instead
 */
export async function joinWaitlist(db: Database, input: WaitlistInput): Promise<WaitlistResult> {
  const rawCategory = (input as { categoryId?: unknown } | null | undefined)?.categoryId;
  const category = waitlistSchema.shape.categoryId.safeParse(rawCategory);
  if (!category.success || !category.data) throw new SelectCategoryError();
  const parsed = waitlistSchema.safeParse(input);
  if (!parsed.success) throw ReservationValidationError.fromZod(parsed.error);
  const data = parsed.data;
  const categoryId = category.data;

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

    if (!(await isTaken(tx, territory.id, cat.id))) throw new WaitlistNotNeededError();

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
    return { alreadyJoined: false, entryId: inserted.id, ...names };
  });
}

/** Taken = the category status is negotiations or licensed, or an active reservation or licence holds it. */
async function isTaken(tx: Tx, territoryId: string, categoryId: string): Promise<boolean> {
  const [tc] = await tx
    .select({ status: territoryCategories.status })
    .from(territoryCategories)
    .where(and(eq(territoryCategories.territoryId, territoryId), eq(territoryCategories.categoryId, categoryId)));
  if (tc && (tc.status === "negotiations" || tc.status === "licensed")) return true;
  if (await hasActiveLicence(tx, territoryId, categoryId)) return true;
  return hasActiveReservation(tx, territoryId, categoryId);
}

/**
 * Reserving a territory for one category (spec 1 §2, §4, §5, §8).
 *
 * One transaction: check the territory × category is free, hold it (reservation row, status negotiations),
 * record the lead, enqueue the two emails and write the audit row — all or nothing.
 *
 * Concurrency: the territory_categories row is created if missing (insert … on conflict do nothing) and then
 * locked (select … for update), so on PostgreSQL concurrent reservations of one pair queue behind the first;
 * once it commits the others re-read the row, see 'negotiations' and fail. The partial unique index
 * reservations_one_active_unique is the last guard: its violation also becomes TerritoryNotAvailableError.
 * On PGlite transactions are serialized anyway.
 */
import { and, count, eq } from "drizzle-orm";
import { type ReservationInput, reservationSchema } from "#kernel/schemas/reservation.ts";
import { hasActiveLicence, hasActiveReservation } from "./holds.ts";
import type { Database } from "../../db/client.ts";
import {
  auditLog,
  categories,
  contacts,
  reservations,
  territories,
  territoryCategories,
} from "../../db/schema/index.ts";
import {
  type ReservationEmailData,
  reservationConfirmation,
  reservationSalesNotice,
} from "../../integrations/email/reservation-templates.ts";
import { enqueueEmail } from "../email/outbox.ts";
import { addBusinessDays } from "./business-days.ts";
import {
  isUniqueViolation,
  ReservationLimitError,
  ReservationValidationError,
  SelectCategoryError,
  TerritoryNotAvailableError,
} from "./errors.ts";

/** Spec 1 §9: a reservation is refundable if cancelled within 5 business days; the hold lasts as long. */
export const RESERVATION_HOLD_BUSINESS_DAYS = 5;
/** Active holds one email address may keep at once (anyone can reserve; this stops one person holding the map). */
export const MAX_ACTIVE_RESERVATIONS_PER_EMAIL = 3;

const ACTIVE_RESERVATION_INDEX = "reservations_one_active_unique";

export type ReservationActor = {
  /** The signed-in user, or null for a visitor. */
  userId: string | null;
  /** Client address, recorded in the audit log when given. */
  ip?: string | null;
};

export type ReserveOptions = {
  /** Where the new-reservation notice goes (config.salesEmail). */
  salesEmail: string;
  /** Clock for tests; defaults to now. */
  now?: Date;
};

export type ReservationResult = {
  reservationId: string;
  territoryName: string;
  categoryName: string;
  expiresAt: Date;
};

/**
 * Reserve `input.territoryId` × `input.categoryId` for the requester.
 * @throws SelectCategoryError when the category is missing, malformed or unknown
 * @throws ReservationValidationError with field errors (name, email, phone, company, message, agreeToTerms, territoryId)
 * @throws TerritoryNotAvailableError when the territory is missing or inactive, or the pair is in negotiations,
 *   licensed, held by an active reservation or licence, or was taken by a concurrent request
 */
export async function reserveTerritory(
  db: Database,
  actor: ReservationActor,
  input: ReservationInput,
  opts: ReserveOptions,
): Promise<ReservationResult> {
  // The category comes first: without one the form should not have been shown (spec 1 §5).
  const rawCategory = (input as { categoryId?: unknown } | null | undefined)?.categoryId;
  const category = reservationSchema.shape.categoryId.safeParse(rawCategory);
  if (!category.success || !category.data) throw new SelectCategoryError();

  const parsed = reservationSchema.safeParse(input);
  if (!parsed.success) throw ReservationValidationError.fromZod(parsed.error);
  const data = parsed.data;
  const categoryId = category.data;
  const now = opts.now ?? new Date();

  try {
    return await db.transaction(async (tx) => {
      const [territory] = await tx
        .select({ id: territories.id, name: territories.name, status: territories.status })
        .from(territories)
        .where(eq(territories.id, data.territoryId));
      if (!territory || territory.status === "inactive") throw new TerritoryNotAvailableError();

      const [cat] = await tx
        .select({ id: categories.id, name: categories.name })
        .from(categories)
        .where(eq(categories.id, categoryId));
      if (!cat) throw new SelectCategoryError();

      // A missing row means available (spec 1 §4); create it so there is a row to lock.
      const pair = and(eq(territoryCategories.territoryId, territory.id), eq(territoryCategories.categoryId, cat.id));
      await tx
        .insert(territoryCategories)
        .values({ territoryId: territory.id, categoryId: cat.id, status: "available" })
        .onConflictDoNothing({ target: [territoryCategories.territoryId, territoryCategories.categoryId] });
      const [tc] = await tx
        .select({ id: territoryCategories.id, status: territoryCategories.status })
        .from(territoryCategories)
        .where(pair)
        .for("update");
      if (tc?.status !== "available") throw new TerritoryNotAvailableError();

      // The status says available; make sure no active licence or reservation says otherwise.
      if (await hasActiveLicence(tx, territory.id, cat.id)) throw new TerritoryNotAvailableError();
      if (await hasActiveReservation(tx, territory.id, cat.id)) throw new TerritoryNotAvailableError();

      // Holds are free and need no account: cap how many one email address can keep at once.
      const [mine] = await tx
        .select({ n: count() })
        .from(reservations)
        .where(and(eq(reservations.email, data.email), eq(reservations.status, "active")));
      if ((mine?.n ?? 0) >= MAX_ACTIVE_RESERVATIONS_PER_EMAIL)
        throw new ReservationLimitError(MAX_ACTIVE_RESERVATIONS_PER_EMAIL);

      const expiresAt = addBusinessDays(now, RESERVATION_HOLD_BUSINESS_DAYS);
      const [reservation] = await tx
        .insert(reservations)
        .values({
          territoryId: territory.id,
          categoryId: cat.id,
          name: data.name,
          email: data.email,
          phone: data.phone,
          company: data.company ?? null,
          message: data.message ?? null,
          status: "active",
          userId: actor.userId,
          expiresAt,
        })
        .returning({ id: reservations.id });
      const reservationId = reservation!.id;

      await tx.update(territoryCategories).set({ status: "negotiations" }).where(eq(territoryCategories.id, tc.id));

      const [contact] = await tx
        .insert(contacts)
        .values({
          name: data.name,
          email: data.email,
          phone: data.phone,
          company: data.company ?? null,
          message: data.message ?? null,
          source: "reservation",
          status: "new",
          territoryId: territory.id,
          categoryId: cat.id,
        })
        .returning({ id: contacts.id });

      const email: ReservationEmailData = {
        reservationId,
        territoryName: territory.name,
        categoryName: cat.name,
        name: data.name,
        email: data.email,
        phone: data.phone,
        company: data.company ?? null,
        message: data.message ?? null,
        expiresAt,
        holdBusinessDays: RESERVATION_HOLD_BUSINESS_DAYS,
      };
      await enqueueEmail(tx, reservationConfirmation(email));
      await enqueueEmail(tx, reservationSalesNotice(opts.salesEmail, email));

      await tx.insert(auditLog).values({
        actorUserId: actor.userId,
        action: "reservation.create",
        entityType: "reservation",
        entityId: reservationId,
        details: {
          territoryId: territory.id,
          categoryId: cat.id,
          email: data.email,
          contactId: contact!.id,
          expiresAt: expiresAt.toISOString(),
        },
        ip: actor.ip ?? null,
      });

      return { reservationId, territoryName: territory.name, categoryName: cat.name, expiresAt };
    });
  } catch (err) {
    // The loser of a race that got past the row lock (it cannot on PostgreSQL's default isolation, but the
    // index is the invariant) hits the partial unique index.
    if (isUniqueViolation(err, ACTIVE_RESERVATION_INDEX)) throw new TerritoryNotAvailableError();
    throw err;
  }
}

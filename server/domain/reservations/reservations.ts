/**
 * Reserving a territory for one offering: a category (#Code) or a vanity number, each licensed exclusively per
 * territory (docs/decisions/005-vanity-numbers-per-territory.md).
 *
 * One transaction: lock the pair and check it is free, hold it (reservation row, status negotiations), record
 * the lead, enqueue the two emails and write the audit row — all or nothing.
 *
 * Concurrency: {@link lockPair} creates the pair's status row if missing and locks it, so on PostgreSQL
 * concurrent reservations of one pair queue behind the first; once it commits the others re-read the row, see
 * 'negotiations' and fail. The partial unique index reservations_one_active_unique is the last guard: its
 * violation (reservations_one_active_unique, or reservations_one_active_vanity_unique for a vanity number) also
 * becomes TerritoryNotAvailableError. On PGlite transactions are serialized anyway.
 *
 * A retried request (the form's one-time key and content again) gets the first answer, not a refusal of the pair it
 * now holds itself, and records nothing (ADR 027).
 */
import { createHash, randomBytes } from "node:crypto";
import { and, count, eq, gt, isNull, or, sql } from "drizzle-orm";
import type { ReservationData } from "#kernel/schemas/reservation.ts";
import { ONE_OFFERING_MESSAGE } from "#kernel/schemas/reservation-strings.ts";
import type { Database, Tx } from "#server/db/client.ts";
import { contacts, licenseOrders, reservations, territories, user } from "#server/db/schema/index.ts";
import {
  type ReservationEmailData,
  reservationConfirmation,
  reservationSalesNotice,
} from "../../integrations/email/reservation-templates.ts";
import type { Actor } from "../actor.ts";
import { recordAudit } from "../audit/audit.ts";
import {
  isVanityOffering,
  lockPair,
  offeringColumns,
  offeringOf,
  type PairKey,
  pairAvailability,
  recordPairChange,
  setPairStatus,
} from "../availability/availability.ts";
import { enqueueEmail } from "../email/outbox.ts";
import { isUniqueViolation, NotFoundError, ValidationError } from "../errors.ts";
import { firstAnswer, formSubmission, keepAnswer } from "../idempotency/once.ts";
import { type ApprovalMode, autoApproveOrder, type OrderOptions } from "../orders/approve.ts";
import { orderPath, orderUrl } from "../orders/links.ts";
import { lockOrderOfReservation } from "../orders/machine.ts";
import { quotedFigures } from "../orders/price.ts";
import { addBusinessDays } from "./business-days.ts";
import {
  AddressReservationLimitError,
  ReservationLimitError,
  SelectCategoryError,
  TerritoryNotAvailableError,
} from "./errors.ts";
import { offeringDetails, offeringFromInput, territoryNamedBy } from "./offering.ts";

/** A reservation is refundable if cancelled within 5 business days; a confirmed hold lasts as long. */
export const RESERVATION_HOLD_BUSINESS_DAYS = 5;
/** An unconfirmed hold (a visitor who has not yet used the emailed link) lapses after this many hours. */
export const UNCONFIRMED_HOLD_HOURS = 24;
/**
 * Active holds one requester may keep at once (anyone can reserve; this stops one person holding the map): holds
 * for one mailbox, and, for a signed-in member, the holds their account placed whatever email the form named.
 */
export const MAX_ACTIVE_RESERVATIONS_PER_EMAIL = 3;
/** Holds one client address may place in 24 hours (plus-addressed emails cannot get round this). */
export const MAX_RESERVATIONS_PER_ADDRESS_PER_DAY = 5;

/**
 * The mailbox an address delivers to, for the per-requester cap: lower-cased, without a `+tag` in the local part
 * (dana+1@example.com and Dana@Example.com are one person).
 */
export function mailboxKey(email: string): string {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf("@");
  if (at < 0) return lower;
  return `${lower.slice(0, at).replace(/\+.*$/, "")}${lower.slice(at)}`;
}

/** The same key computed in SQL over reservations.email. */
const emailMailboxKey = sql<string>`regexp_replace(lower(${reservations.email}), '[+][^@]*@', '@')`;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

const ACTIVE_RESERVATION_INDEXES = ["reservations_one_active_unique", "reservations_one_active_vanity_unique"];

export type ReserveOptions = {
  /** Where the new-reservation notice goes (config.salesEmail). */
  salesEmail: string;
  /** Base of the confirmation link in the requester's email (config.publicUrl). */
  publicUrl: string;
  /** The key order links are signed with (config.authSecret). */
  linkSecret: string;
  /** LICENSE_APPROVAL: `auto` approves the order as soon as the hold is confirmed (the routes pass the setting). */
  approval?: ApprovalMode;
  /** Clock for tests; defaults to now. */
  now?: Date;
  /** The form's one-time key, or CONTENT_ONLY (no JavaScript); unset: not a form's submission. */
  idempotencyKey?: string;
};

export type ReservationResult = {
  reservationId: string;
  territoryName: string;
  /** The offering's name: the #Code ("#4LAW") or the vanity number ("1-800-LAW-HELP"). */
  categoryName: string;
  /** What was reserved: a category or a vanity number. */
  offeringKind: "category" | "vanity";
  expiresAt: Date;
  /** False for a visitor's hold: it lapses at `expiresAt` (a day) unless confirmed from the email. */
  confirmed: boolean;
  /** The license order this hold starts, and its page (a signed path). */
  orderId: string;
  orderPath: string;
  /** LICENSE_APPROVAL=auto approved it at once: the agreement waits for signature. */
  approved: boolean;
};

/**
 * Reserve `input.territoryId` × the offering (`input.vanityNumberId` if given, else `input.categoryId`) for the
 * requester. `input` is the parsed reservation form.
 * @throws SelectCategoryError when no offering is given, or the category or vanity number does not exist
 * @throws ValidationError when both a category and a vanity number are given
 * @throws TerritoryNotAvailableError when the territory is missing or withdrawn, or the pair is held (in
 *   negotiations, licensed, by an active reservation or licence) or was taken by a concurrent request
 * @throws ReservationLimitError when the form's mailbox, or the signed-in member's account whatever the form's email,
 *   already holds the most reservations allowed (administrators placing holds for callers: the mailbox only)
 * @throws AddressReservationLimitError when the client address placed the most holds allowed in a day
 *
 * A signed-in user with a verified email who reserves with that address holds for the full term at once; anyone
 * else holds for a day and is emailed a one-time link that confirms the hold for the full term. The hold starts a
 * license order (state held); with LICENSE_APPROVAL=auto a confirmed hold's order is approved straight after.
 */
export async function reserveTerritory(
  db: Database,
  actor: Actor,
  input: ReservationData,
  opts: ReserveOptions,
): Promise<ReservationResult> {
  if (input.categoryId && input.vanityNumberId) throw new ValidationError({ vanityNumberId: [ONE_OFFERING_MESSAGE] });
  const wanted = offeringFromInput(input);
  if (!wanted) throw new SelectCategoryError();
  const data = input;
  const now = opts.now ?? new Date();
  const submission = formSubmission("reserve", actor, opts.idempotencyKey, input);

  let held: ReservationResult;
  let replayed = false;
  try {
    held = await db.transaction(async (tx) => {
      const first = await firstAnswer(tx, submission);
      if (first) {
        replayed = true;
        const answer = first.answer as ReservationResult;
        return { ...answer, expiresAt: new Date(answer.expiresAt) };
      }
      const [territory] = await tx
        .select({ id: territories.id, name: territories.name, status: territories.status })
        .from(territories)
        .where(territoryNamedBy(data.territoryId));
      if (!territory || territory.status === "inactive") throw new TerritoryNotAvailableError();

      const offer = await offeringDetails(tx, wanted);
      if (!offer) throw new SelectCategoryError();

      const pair: PairKey = { territoryId: territory.id, ...offer.offering };
      const locked = await lockPair(tx, pair);
      if (!(await pairAvailability(tx, pair, { status: locked.status })).free) throw new TerritoryNotAvailableError();

      // Holds are free and need no account: cap how many one requester keeps at once (the mailbox the form names
      // and, signed in, every hold the account placed whatever the form's email) and how many one address places
      // in a day. The account's row is locked first, so one account's concurrent reservations queue for the count.
      const account = actor.userId ? await lockAccount(tx, actor.userId) : null;
      const byMailbox = sql`${emailMailboxKey} = ${mailboxKey(data.email)}`;
      const byAccount = account && actor.role !== "admin" ? eq(reservations.userId, account.id) : undefined;
      const [mine] = await tx
        .select({ n: count() })
        .from(reservations)
        .where(and(byAccount ? or(byMailbox, byAccount) : byMailbox, eq(reservations.status, "active")));
      if ((mine?.n ?? 0) >= MAX_ACTIVE_RESERVATIONS_PER_EMAIL)
        throw new ReservationLimitError(MAX_ACTIVE_RESERVATIONS_PER_EMAIL);
      if (actor.ip && actor.role !== "admin") {
        const since = new Date(now.getTime() - 86_400_000);
        const [fromIp] = await tx
          .select({ n: count() })
          .from(reservations)
          .where(and(eq(reservations.requesterIp, actor.ip), gt(reservations.createdAt, since)));
        if ((fromIp?.n ?? 0) >= MAX_RESERVATIONS_PER_ADDRESS_PER_DAY)
          throw new AddressReservationLimitError(MAX_RESERVATIONS_PER_ADDRESS_PER_DAY);
      }

      // Confirmed at once only for the account's own verified address; any other email proves itself by the link.
      const confirmed = account !== null && isOwnVerifiedAddress(account, data.email);
      const token = confirmed ? null : randomBytes(32).toString("base64url");
      const expiresAt = confirmed
        ? addBusinessDays(now, RESERVATION_HOLD_BUSINESS_DAYS)
        : new Date(now.getTime() + UNCONFIRMED_HOLD_HOURS * 3_600_000);
      const [reservation] = await tx
        .insert(reservations)
        .values({
          territoryId: territory.id,
          ...offeringColumns(offer.offering),
          name: data.name,
          email: data.email,
          phone: data.phone,
          company: data.company ?? null,
          message: data.message ?? null,
          status: "active",
          userId: actor.userId,
          expiresAt,
          confirmedAt: confirmed ? now : null,
          confirmTokenHash: token ? hashToken(token) : null,
          requesterIp: actor.ip ?? null,
        })
        .returning({ id: reservations.id });
      const reservationId = reservation!.id;
      const [order] = await tx.insert(licenseOrders).values({ reservationId }).returning({ id: licenseOrders.id });
      const orderId = order!.id;

      await setPairStatus(tx, pair, "negotiations");

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
          // A lead names a category only; a vanity number's lead is told apart by the audit row and the email.
          categoryId: isVanityOffering(offer.offering) ? null : offer.offering.categoryId,
        })
        .returning({ id: contacts.id });

      const email: ReservationEmailData = {
        reservationId,
        territoryName: territory.name,
        categoryName: offer.name,
        offeringKind: offer.kind,
        name: data.name,
        email: data.email,
        phone: data.phone,
        company: data.company ?? null,
        message: data.message ?? null,
        expiresAt,
        holdBusinessDays: RESERVATION_HOLD_BUSINESS_DAYS,
        confirmUrl: token ? confirmationUrl(opts.publicUrl, token) : null,
        ...(await quotedFigures(tx, pair)),
        orderUrl: orderUrl(opts.publicUrl, opts.linkSecret, orderId),
        approval: opts.approval ?? "manual",
      };
      await enqueueEmail(tx, reservationConfirmation(email));
      await enqueueEmail(tx, reservationSalesNotice(opts.salesEmail, email));

      await recordAudit(tx, actor, {
        action: "reservation.create",
        entityType: "reservation",
        entityId: reservationId,
        details: {
          territoryId: territory.id,
          ...offeringColumns(offer.offering),
          email: data.email,
          contactId: contact!.id,
          orderId,
          expiresAt: expiresAt.toISOString(),
          confirmed,
        },
      });

      return keepAnswer(tx, submission, {
        reservationId,
        territoryName: territory.name,
        categoryName: offer.name,
        offeringKind: offer.kind,
        expiresAt,
        confirmed,
        orderId,
        orderPath: orderPath(opts.linkSecret, orderId),
        approved: false,
      });
    });
  } catch (err) {
    // The loser of a race that got past the row lock (it cannot on PostgreSQL's default isolation, but the
    // index is the invariant) hits the partial unique index.
    if (ACTIVE_RESERVATION_INDEXES.some((index) => isUniqueViolation(err, index))) {
      throw new TerritoryNotAvailableError();
    }
    throw err;
  }
  if (!held.confirmed || opts.approval !== "auto") return held;
  const approved = await autoApproveOrder(db, held.reservationId, opts);
  if (approved) return { ...held, approved: true, expiresAt: approved.holdUntil };
  // A retry after the first request's approval: the same answer, the approved hold.
  return replayed ? approvedBefore(db, held) : held;
}

/** The hold as approved, if its order was approved already (a retried request), else as it is. */
async function approvedBefore(db: Database, held: ReservationResult): Promise<ReservationResult> {
  const [row] = await db
    .select({ state: licenseOrders.state, expiresAt: reservations.expiresAt })
    .from(licenseOrders)
    .innerJoin(reservations, eq(reservations.id, licenseOrders.reservationId))
    .where(eq(licenseOrders.id, held.orderId));
  if (!row || !["approved", "signed", "paid", "active"].includes(row.state)) return held;
  return { ...held, approved: true, expiresAt: row.expiresAt };
}

type Account = { id: string; email: string; emailVerified: boolean };

/**
 * The signed-in member's account, its row locked until the reservation commits (null if it no longer exists): the
 * account's other reservations wait, while rows that merely refer to the account (sessions, audit) do not.
 */
async function lockAccount(tx: Tx, userId: string): Promise<Account | null> {
  const [u] = await tx
    .select({ id: user.id, email: user.email, emailVerified: user.emailVerified })
    .from(user)
    .where(eq(user.id, userId))
    .for("no key update");
  return u ?? null;
}

/** The account's address is verified and is the one on the form (the hold needs no emailed link). */
function isOwnVerifiedAddress(account: Account, email: string): boolean {
  return account.emailVerified && account.email.trim().toLowerCase() === email.trim().toLowerCase();
}

/** The page where the requester confirms a hold: `${publicUrl}/reservations/confirm?token=…`. */
export function confirmationUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, "")}/reservations/confirm?token=${encodeURIComponent(token)}`;
}

/** The confirmation link is unknown, used, or its hold has already lapsed. */
export class ConfirmationLinkError extends NotFoundError {
  override name = "ConfirmationLinkError";
  constructor() {
    super(
      "confirmation_link_invalid",
      "Link Expired",
      "This confirmation link is no longer valid: the hold may have lapsed or was already confirmed. You can reserve the territory again if it is still available.",
    );
  }
}

export type ConfirmResult = {
  reservationId: string;
  territoryName: string;
  categoryName: string;
  expiresAt: Date;
  orderId: string;
  orderPath: string;
  /** LICENSE_APPROVAL=auto approved the order now. */
  approved: boolean;
  /** A new account was created for the requester: where they choose its password (then land on the order). */
  setPasswordPath: string | null;
};

/**
 * Confirms a visitor's hold from the emailed one-time link: the hold then runs the full term from now.
 * @throws ConfirmationLinkError when the token is unknown, already used, or the hold has lapsed
 */
export async function confirmReservation(
  db: Database,
  actor: Actor,
  token: string,
  opts: OrderOptions & { approval?: ApprovalMode },
): Promise<ConfirmResult> {
  const now = opts.now ?? new Date();
  if (!token || token.length > 200) throw new ConfirmationLinkError();
  const confirmed = await db.transaction(async (tx) => {
    const [r] = await tx
      .select({
        id: reservations.id,
        territoryId: reservations.territoryId,
        categoryId: reservations.categoryId,
        vanityNumberId: reservations.vanityNumberId,
      })
      .from(reservations)
      .where(
        and(
          eq(reservations.confirmTokenHash, hashToken(token)),
          eq(reservations.status, "active"),
          isNull(reservations.confirmedAt),
          gt(reservations.expiresAt, now),
        ),
      )
      .for("update");
    if (!r) throw new ConfirmationLinkError();
    await recordPairChange(tx, { territoryId: r.territoryId, ...offeringOf(r) });
    const expiresAt = addBusinessDays(now, RESERVATION_HOLD_BUSINESS_DAYS);
    await tx
      .update(reservations)
      .set({ confirmedAt: now, confirmTokenHash: null, expiresAt })
      .where(eq(reservations.id, r.id));
    const [territory] = await tx
      .select({ name: territories.name })
      .from(territories)
      .where(eq(territories.id, r.territoryId));
    const offering = await offeringDetails(tx, offeringOf(r));
    const order = await lockOrderOfReservation(tx, r.id);
    await recordAudit(tx, actor, {
      action: "reservation.confirm",
      entityType: "reservation",
      entityId: r.id,
      details: { expiresAt: expiresAt.toISOString(), orderId: order.id },
    });
    return {
      reservationId: r.id,
      territoryName: territory!.name,
      categoryName: offering!.name,
      expiresAt,
      orderId: order.id,
      orderPath: orderPath(opts.linkSecret, order.id),
      approved: false,
      setPasswordPath: null,
    };
  });
  if (opts.approval !== "auto") return confirmed;
  const approved = await autoApproveOrder(db, confirmed.reservationId, { ...opts, now });
  if (!approved) return confirmed;
  return { ...confirmed, approved: true, expiresAt: approved.holdUntil, setPasswordPath: approved.setPasswordPath };
}

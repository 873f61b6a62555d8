/**
 * The newsletter's double opt-in and unsubscribe.
 *
 * Signing up stores a pending sign-up (only the SHA-256 of a random one-time token) and emails the token's link;
 * nothing else happens until the address owner opens it and presses the button. Only then does the address
 * become a newsletter_subscribers row (or an unsubscribed one is subscribed again), and a welcome email carries
 * the unsubscribe link. Every sign-up answers the same, whether the address is new, pending or subscribed, so
 * the form never tells anyone who is on the list. A mailbox receives at most a few confirmation emails a day,
 * so the form cannot be used to flood someone's inbox. A retried sign-up (the same one-time key and address) gets
 * the first answer and queues no second email (ADR 027).
 *
 * Unsubscribing uses the subscriber's own random token (newsletter_subscribers.unsubscribe_token), which every
 * newsletter email links to: it needs no sign-in, works any number of times and keeps the row, marked
 * unsubscribed.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, count, eq, gt, isNull, lt, sql } from "drizzle-orm";
import {
  maskEmail,
  NEWSLETTER_CONFIRM_HOURS,
  type NewsletterSignupData,
  TOKEN_MAX,
} from "#kernel/schemas/newsletter.ts";
import type { Database, DbOrTx } from "#server/db/client.ts";
import { newsletterSignups, newsletterSubscribers } from "#server/db/schema/index.ts";
import { newsletterConfirmation, newsletterWelcome } from "../../integrations/email/public-templates.ts";
import type { Actor } from "../actor.ts";
import { recordAudit } from "../audit/audit.ts";
import { enqueueEmail } from "../email/outbox.ts";
import { firstAnswer, formSubmission, keepAnswer } from "../idempotency/once.ts";
import { NewsletterConfirmLinkError, NewsletterUnsubscribeLinkError } from "./errors.ts";

/** Confirmation emails one address receives in 24 hours at most; further sign-ups are answered but not mailed. */
export const MAX_CONFIRMATION_EMAILS_PER_DAY = 3;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
const base = (publicUrl: string) => publicUrl.replace(/\/+$/, "");

/** The page where the owner confirms: `${publicUrl}/newsletter/confirm?token=…`. */
export function newsletterConfirmUrl(publicUrl: string, token: string): string {
  return `${base(publicUrl)}/newsletter/confirm?token=${encodeURIComponent(token)}`;
}

/** The one-click unsubscribe page (and RFC 8058 POST target): `${publicUrl}/newsletter/unsubscribe?token=…`. */
export function newsletterUnsubscribeUrl(publicUrl: string, unsubscribeToken: string): string {
  return `${base(publicUrl)}/newsletter/unsubscribe?token=${encodeURIComponent(unsubscribeToken)}`;
}

export type NewsletterOptions = {
  /** Base of the links in the emails (config.publicUrl). */
  publicUrl: string;
  /** Clock for tests; defaults to now. */
  now?: Date;
  /** The sign-up form's one-time key, or CONTENT_ONLY (no JavaScript); unset: not a form's submission. */
  idempotencyKey?: string;
};

/**
 * Asks `input.email` to confirm a subscription. Answers the same for every address; `mailed` (for tests and
 * logs only, never shown) says whether a confirmation email was queued.
 */
export async function requestSubscription(
  db: Database,
  actor: Actor,
  input: Pick<NewsletterSignupData, "email">,
  opts: NewsletterOptions,
): Promise<{ mailed: boolean }> {
  const now = opts.now ?? new Date();
  const email = input.email.trim().toLowerCase();
  const submission = formSubmission("newsletter", actor, opts.idempotencyKey, { email });
  return db.transaction(async (tx) => {
    const first = await firstAnswer(tx, submission);
    if (first) return first.answer as { mailed: boolean };
    // Links that expired without being used are of no further use.
    await tx
      .delete(newsletterSignups)
      .where(
        and(
          eq(newsletterSignups.email, email),
          isNull(newsletterSignups.confirmedAt),
          lt(newsletterSignups.expiresAt, now),
        ),
      );
    const since = new Date(now.getTime() - 86_400_000);
    const [recent] = await tx
      .select({ n: count() })
      .from(newsletterSignups)
      .where(and(eq(newsletterSignups.email, email), gt(newsletterSignups.createdAt, since)));
    if ((recent?.n ?? 0) >= MAX_CONFIRMATION_EMAILS_PER_DAY) return keepAnswer(tx, submission, { mailed: false });

    const token = randomBytes(32).toString("base64url");
    const [row] = await tx
      .insert(newsletterSignups)
      .values({
        email,
        tokenHash: hashToken(token),
        requesterIp: actor.ip ?? null,
        createdAt: now,
        expiresAt: new Date(now.getTime() + NEWSLETTER_CONFIRM_HOURS * 3_600_000),
      })
      .returning({ id: newsletterSignups.id });
    await enqueueEmail(
      tx,
      newsletterConfirmation(email, newsletterConfirmUrl(opts.publicUrl, token), NEWSLETTER_CONFIRM_HOURS),
    );
    await recordAudit(tx, actor, {
      action: "newsletter.signup",
      entityType: "newsletter_signup",
      entityId: row!.id,
      details: { email },
    });
    return keepAnswer(tx, submission, { mailed: true });
  });
}

const usableToken = (token: unknown): token is string =>
  typeof token === "string" && token.length > 0 && token.length <= TOKEN_MAX;

/** The pending sign-up a confirmation link names, if it can still be confirmed (for the page; changes nothing). */
export async function peekConfirmation(
  db: DbOrTx,
  token: string,
  now: Date = new Date(),
): Promise<{ maskedEmail: string } | null> {
  if (!usableToken(token)) return null;
  const [row] = await db
    .select({ email: newsletterSignups.email })
    .from(newsletterSignups)
    .where(
      and(
        eq(newsletterSignups.tokenHash, hashToken(token)),
        isNull(newsletterSignups.confirmedAt),
        gt(newsletterSignups.expiresAt, now),
      ),
    );
  return row ? { maskedEmail: maskEmail(row.email) } : null;
}

/**
 * Confirms a sign-up from its emailed link: the address becomes a subscriber (again, if it had unsubscribed) and
 * gets the welcome email with its unsubscribe link. Confirming an address that is already subscribed changes
 * nothing else. The link works once.
 * @throws NewsletterConfirmLinkError when the token is unknown, used or expired
 */
export async function confirmSubscription(
  db: Database,
  actor: Actor,
  token: string,
  opts: NewsletterOptions,
): Promise<{ email: string }> {
  if (!usableToken(token)) throw new NewsletterConfirmLinkError();
  const now = opts.now ?? new Date();
  return db.transaction(async (tx) => {
    // Claiming the sign-up in one statement makes the link single-use even under concurrent presses.
    const [signup] = await tx
      .update(newsletterSignups)
      .set({ confirmedAt: now })
      .where(
        and(
          eq(newsletterSignups.tokenHash, hashToken(token)),
          isNull(newsletterSignups.confirmedAt),
          gt(newsletterSignups.expiresAt, now),
        ),
      )
      .returning({ id: newsletterSignups.id, email: newsletterSignups.email });
    if (!signup) throw new NewsletterConfirmLinkError();

    const [before] = await tx
      .select({ unsubscribedAt: newsletterSubscribers.unsubscribedAt })
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, signup.email));
    const [subscriber] = await tx
      .insert(newsletterSubscribers)
      .values({ email: signup.email, subscribedAt: now })
      .onConflictDoUpdate({
        target: newsletterSubscribers.email,
        set: {
          subscribedAt: sql`case when ${newsletterSubscribers.unsubscribedAt} is null then ${newsletterSubscribers.subscribedAt} else excluded.subscribed_at end`,
          unsubscribedAt: null,
        },
      })
      .returning({ id: newsletterSubscribers.id, unsubscribeToken: newsletterSubscribers.unsubscribeToken });

    const wasActive = before !== undefined && before.unsubscribedAt === null;
    if (!wasActive) {
      await enqueueEmail(
        tx,
        newsletterWelcome(signup.email, newsletterUnsubscribeUrl(opts.publicUrl, subscriber!.unsubscribeToken)),
      );
      await recordAudit(tx, actor, {
        action: "newsletter.subscribe",
        entityType: "newsletter_subscriber",
        entityId: subscriber!.id,
        details: { email: signup.email, signupId: signup.id, resubscribed: before !== undefined },
      });
    }
    return { email: signup.email };
  });
}

/** The subscription an unsubscribe link names (for the page; changes nothing). */
export async function peekUnsubscribe(
  db: DbOrTx,
  token: string,
): Promise<{ maskedEmail: string; unsubscribed: boolean } | null> {
  if (!usableToken(token)) return null;
  const [row] = await db
    .select({ email: newsletterSubscribers.email, unsubscribedAt: newsletterSubscribers.unsubscribedAt })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.unsubscribeToken, token));
  return row ? { maskedEmail: maskEmail(row.email), unsubscribed: row.unsubscribedAt !== null } : null;
}

/**
 * Unsubscribes the subscriber the link names. Repeating it is harmless (it stays unsubscribed, no new audit row).
 * @throws NewsletterUnsubscribeLinkError when the token names no subscriber
 */
export async function unsubscribe(
  db: Database,
  actor: Actor,
  token: string,
  opts: { now?: Date } = {},
): Promise<{ email: string }> {
  if (!usableToken(token)) throw new NewsletterUnsubscribeLinkError();
  const now = opts.now ?? new Date();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        id: newsletterSubscribers.id,
        email: newsletterSubscribers.email,
        unsubscribedAt: newsletterSubscribers.unsubscribedAt,
      })
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.unsubscribeToken, token))
      .for("update");
    if (!row) throw new NewsletterUnsubscribeLinkError();
    if (row.unsubscribedAt === null) {
      await tx.update(newsletterSubscribers).set({ unsubscribedAt: now }).where(eq(newsletterSubscribers.id, row.id));
      await recordAudit(tx, actor, {
        action: "newsletter.unsubscribe",
        entityType: "newsletter_subscriber",
        entityId: row.id,
        details: { email: row.email },
      });
    }
    return { email: row.email };
  });
}

import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, emailOutbox, newsletterSignups, newsletterSubscribers } from "#server/db/schema/index.ts";
import { createTestDb, type TestDb } from "#server/db/test-utils.ts";
import type { Actor } from "../actor.ts";
import { NewsletterConfirmLinkError, NewsletterUnsubscribeLinkError } from "./errors.ts";
import {
  confirmSubscription,
  MAX_CONFIRMATION_EMAILS_PER_DAY,
  peekConfirmation,
  peekUnsubscribe,
  requestSubscription,
  unsubscribe,
} from "./newsletter.ts";

const PUBLIC_URL = "https://poundcodes.test";
const visitor: Actor = { userId: null, ip: "198.51.100.30" };

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.close());

const mailsTo = (email: string, template?: string) =>
  t.db
    .select()
    .from(emailOutbox)
    .where(
      template
        ? and(eq(emailOutbox.toAddress, email), eq(emailOutbox.template, template))
        : eq(emailOutbox.toAddress, email),
    );
const subscriberOf = async (email: string) =>
  (await t.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)))[0];
const signupsOf = (email: string) => t.db.select().from(newsletterSignups).where(eq(newsletterSignups.email, email));

/** The token of the link in the latest message of `template` to `email`. */
async function linkToken(email: string, template: string): Promise<string> {
  const mails = await mailsTo(email, template);
  const last = mails.sort((a, b) => +b.createdAt - +a.createdAt)[0];
  const m = /token=([A-Za-z0-9_%-]+)/.exec(last?.textBody ?? "");
  if (!m) throw new Error(`no link in ${template} to ${email}`);
  return decodeURIComponent(m[1]!);
}

describe("requestSubscription", () => {
  it("stores only a hash of the one-time token and emails the confirmation link; nobody is subscribed yet", async () => {
    const email = "new.reader@example.com";
    const r = await requestSubscription(t.db, visitor, { email: "New.Reader@Example.com" }, { publicUrl: PUBLIC_URL });
    expect(r).toEqual({ mailed: true });
    expect(await subscriberOf(email)).toBeUndefined();
    const [signup] = await signupsOf(email);
    expect(signup).toMatchObject({ email, requesterIp: "198.51.100.30", confirmedAt: null });
    const token = await linkToken(email, "newsletter_confirm");
    expect(token.length).toBeGreaterThanOrEqual(40);
    expect(signup!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(signup!.tokenHash).not.toContain(token);
    const [mail] = await mailsTo(email, "newsletter_confirm");
    expect(mail!.textBody).toContain(`${PUBLIC_URL}/newsletter/confirm?token=`);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, signup!.id));
    expect(audit.map((a) => a.action)).toEqual(["newsletter.signup"]);
  });

  it("answers the same for a subscribed address, and mails one address at most a few times a day", async () => {
    const email = "busy.reader@example.com";
    await requestSubscription(t.db, visitor, { email }, { publicUrl: PUBLIC_URL });
    await confirmSubscription(t.db, visitor, await linkToken(email, "newsletter_confirm"), { publicUrl: PUBLIC_URL });
    // Subscribed now; asking again is answered like a first request (the route shows one message for both).
    const again = await requestSubscription(t.db, visitor, { email }, { publicUrl: PUBLIC_URL });
    expect(again.mailed).toBe(true);
    for (let i = 2; i < MAX_CONFIRMATION_EMAILS_PER_DAY; i++) {
      await requestSubscription(t.db, visitor, { email }, { publicUrl: PUBLIC_URL });
    }
    const capped = await requestSubscription(t.db, visitor, { email }, { publicUrl: PUBLIC_URL });
    expect(capped.mailed).toBe(false);
    expect(await mailsTo(email, "newsletter_confirm")).toHaveLength(MAX_CONFIRMATION_EMAILS_PER_DAY);
    // A day later the address can be mailed again.
    const tomorrow = new Date(Date.now() + 25 * 3_600_000);
    const later = await requestSubscription(t.db, visitor, { email }, { publicUrl: PUBLIC_URL, now: tomorrow });
    expect(later.mailed).toBe(true);
  });
});

describe("confirmSubscription", () => {
  it("subscribes the address once, sends the welcome email with its unsubscribe link, and the link is single-use", async () => {
    const email = "confirm.me@example.com";
    await requestSubscription(t.db, visitor, { email }, { publicUrl: PUBLIC_URL });
    const token = await linkToken(email, "newsletter_confirm");
    expect(await peekConfirmation(t.db, token)).toEqual({ maskedEmail: "co•••@example.com" });
    // Looking at the link changed nothing.
    expect(await subscriberOf(email)).toBeUndefined();

    await expect(confirmSubscription(t.db, visitor, token, { publicUrl: PUBLIC_URL })).resolves.toEqual({ email });
    const sub = await subscriberOf(email);
    expect(sub).toMatchObject({ email, unsubscribedAt: null });
    const [welcome] = await mailsTo(email, "newsletter_welcome");
    expect(welcome!.textBody).toContain(`${PUBLIC_URL}/newsletter/unsubscribe?token=${sub!.unsubscribeToken}`);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, sub!.id));
    expect(audit.map((a) => a.action)).toEqual(["newsletter.subscribe"]);

    await expect(confirmSubscription(t.db, visitor, token, { publicUrl: PUBLIC_URL })).rejects.toBeInstanceOf(
      NewsletterConfirmLinkError,
    );
    expect(await peekConfirmation(t.db, token)).toBeNull();
  });

  it("refuses unknown, malformed and expired links with a 404 refusal", async () => {
    for (const token of ["", "nope", "x".repeat(500)]) {
      const err = await confirmSubscription(t.db, visitor, token, { publicUrl: PUBLIC_URL }).catch((e) => e);
      expect(err).toBeInstanceOf(NewsletterConfirmLinkError);
      expect(err).toMatchObject({ status: 404, title: "Link Expired" });
    }
    const email = "late.reader@example.com";
    await requestSubscription(t.db, visitor, { email }, { publicUrl: PUBLIC_URL });
    const token = await linkToken(email, "newsletter_confirm");
    const afterExpiry = new Date(Date.now() + 73 * 3_600_000);
    await expect(
      confirmSubscription(t.db, visitor, token, { publicUrl: PUBLIC_URL, now: afterExpiry }),
    ).rejects.toBeInstanceOf(NewsletterConfirmLinkError);
    expect(await subscriberOf(email)).toBeUndefined();
  });

  it("lets one of two concurrent presses of the same link win", async () => {
    const email = "double.click@example.com";
    await requestSubscription(t.db, visitor, { email }, { publicUrl: PUBLIC_URL });
    const token = await linkToken(email, "newsletter_confirm");
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () => confirmSubscription(t.db, visitor, token, { publicUrl: PUBLIC_URL })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await mailsTo(email, "newsletter_welcome")).toHaveLength(1);
  });
});

describe("unsubscribe", () => {
  it("marks the subscriber unsubscribed without signing in, is repeatable, and a new confirmation subscribes again", async () => {
    const email = "leaving.reader@example.com";
    await requestSubscription(t.db, visitor, { email }, { publicUrl: PUBLIC_URL });
    await confirmSubscription(t.db, visitor, await linkToken(email, "newsletter_confirm"), { publicUrl: PUBLIC_URL });
    const token = await linkToken(email, "newsletter_welcome");
    expect(await peekUnsubscribe(t.db, token)).toEqual({ maskedEmail: "le•••@example.com", unsubscribed: false });

    await expect(unsubscribe(t.db, visitor, token)).resolves.toEqual({ email });
    const sub = await subscriberOf(email);
    expect(sub!.unsubscribedAt).toBeInstanceOf(Date);
    await expect(unsubscribe(t.db, visitor, token)).resolves.toEqual({ email });
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, sub!.id));
    expect(audit.map((a) => a.action).sort()).toEqual(["newsletter.subscribe", "newsletter.unsubscribe"]);

    await requestSubscription(t.db, visitor, { email }, { publicUrl: PUBLIC_URL });
    await confirmSubscription(t.db, visitor, await linkToken(email, "newsletter_confirm"), { publicUrl: PUBLIC_URL });
    const back = await subscriberOf(email);
    expect(back).toMatchObject({ id: sub!.id, unsubscribedAt: null, unsubscribeToken: token });
    expect(await mailsTo(email, "newsletter_welcome")).toHaveLength(2);
  });

  it("refuses a token that names no subscriber", async () => {
    await expect(unsubscribe(t.db, visitor, "not-a-token")).rejects.toBeInstanceOf(NewsletterUnsubscribeLinkError);
    await expect(unsubscribe(t.db, visitor, "")).rejects.toBeInstanceOf(NewsletterUnsubscribeLinkError);
    expect(await peekUnsubscribe(t.db, "not-a-token")).toBeNull();
  });

  it("leaves nothing half-done when the audit write fails", async () => {
    const email = "atomic.reader@example.com";
    await requestSubscription(t.db, visitor, { email }, { publicUrl: PUBLIC_URL });
    const token = await linkToken(email, "newsletter_confirm");
    await t.db.execute(
      sql.raw(`create or replace function pc_test_refuse_audit() returns trigger language plpgsql as $$
        begin raise exception 'audit write refused by test'; end $$`),
    );
    await t.db.execute(
      sql.raw(
        "create trigger pc_test_refuse_audit before insert on audit_log for each row execute function pc_test_refuse_audit()",
      ),
    );
    try {
      await expect(confirmSubscription(t.db, visitor, token, { publicUrl: PUBLIC_URL })).rejects.toThrow();
    } finally {
      await t.db.execute(sql.raw("drop trigger pc_test_refuse_audit on audit_log"));
      await t.db.execute(sql.raw("drop function pc_test_refuse_audit()"));
    }
    expect(await subscriberOf(email)).toBeUndefined();
    expect(await mailsTo(email, "newsletter_welcome")).toHaveLength(0);
    // The link was not used up: it still works.
    await expect(confirmSubscription(t.db, visitor, token, { publicUrl: PUBLIC_URL })).resolves.toEqual({ email });
  });
});

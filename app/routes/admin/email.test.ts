/**
 * /admin/emails/:id through the admin guard: one stored email as an administrator reads it. A secret-bearing email
 * (a reset or verification link) shows its link only in the dev mailbox, where the stored row is the delivery; with
 * a mail server connected the link never reaches this page, delivered or not.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminMiddleware } from "#server/auth/guards.ts";
import { emailOutbox, user } from "#server/db/schema/index.ts";
import { createTestDb, type TestDb } from "#server/db/test-utils.ts";
import { REDACTED_LINK } from "#server/domain/email/outbox.ts";
import { behindGuard, callRoute, signedUpAccount, TEST_ORIGIN, testServices } from "#server/web/test-support.ts";
import { loader } from "./email.tsx";

type Services = Awaited<ReturnType<typeof testServices>>;

let t: TestDb;
/** The dev mailbox (no SMTP_URL): the stored row is the delivery. */
let mailbox: Services;
/** A mail server connected (never reached: these tests only read stored rows). */
let smtp: Services;
let admin: { cookie: string; id: string };

beforeAll(async () => {
  t = await createTestDb();
  // The services made last hear the database's committed writes: the dev mailbox, so no test mail goes to SMTP.
  smtp = await testServices(t, { SMTP_URL: "smtp://127.0.0.1:2525" });
  mailbox = await testServices(t);
  admin = await signedUpAccount(mailbox, "Morgan Boss", "boss-email@poundcodes.test");
  await t.db.update(user).set({ role: "admin" }).where(eq(user.id, admin.id));
});
afterAll(async () => {
  await smtp.mail.stop();
  await t.close();
});

const SECRET = "SECRET-reset-token-4f9a2c";

/** A reset email waiting to be sent, whose link carries the reset token. */
async function pendingReset(): Promise<string> {
  const [row] = await t.db
    .insert(emailOutbox)
    .values({
      toAddress: "reset-owner@example.com",
      subject: "Reset your PoundCodes password",
      textBody: `Hello,\n\nReset your password here: ${TEST_ORIGIN}/api/auth/reset-password/${SECRET}?callbackURL=%2Freset-password\n\nThe link works for one hour.`,
      template: "reset_password",
      status: "pending",
    })
    .returning({ id: emailOutbox.id });
  return row!.id;
}

const view = (s: Services, id: string) => {
  const request = new Request(`${TEST_ORIGIN}/admin/emails/${id}`, { headers: { cookie: admin.cookie } });
  return behindGuard(s, adminMiddleware, request, (context) => callRoute(loader, { request, context, params: { id } }));
};

type Shown = { kept: boolean; to: string; status: string; text: string };

describe("one stored email in the admin mailbox", () => {
  it("first probe, finding 9: with a mail server connected, a pending reset email's link is never shown, and the page says it was not kept", async () => {
    const id = await pendingReset();
    const r = await view(smtp, id);
    expect(r.status).toBe(200);
    const shown = r.body as Shown;
    expect(shown).toMatchObject({ kept: false, to: "reset-owner@example.com", status: "pending" });
    expect(shown.text).not.toContain(SECRET);
    expect(shown.text).toContain(REDACTED_LINK);
    expect(shown.text).toContain("Reset your password here:");
    expect(JSON.stringify(r.body)).not.toContain(SECRET);
  });

  it("first probe, finding 9: in the dev mailbox, where the stored email is the delivery, the link is shown", async () => {
    const id = await pendingReset();
    const r = await view(mailbox, id);
    expect(r.status).toBe(200);
    const shown = r.body as Shown;
    expect(shown.kept).toBe(true);
    expect(shown.text).toContain(`${TEST_ORIGIN}/api/auth/reset-password/${SECRET}?callbackURL=%2Freset-password`);
    expect(shown.text).not.toContain(REDACTED_LINK);
  });

  it("answers an unknown or malformed id with 404", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-an-id"]) {
      const r = await view(mailbox, id);
      expect(r.status, id).toBe(404);
    }
  });
});

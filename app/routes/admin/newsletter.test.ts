/**
 * The admin newsletter through the admin guard, with real sessions: non-administrators are sent away; the page
 * lists subscribers and campaigns; compose refuses empty fields with the spec's message and keeps what was typed;
 * preview answers sanitized HTML; the test send goes to the administrator; send stores the campaign, enqueues its
 * first batch and opens its page; removal deletes the subscriber (audited); the progress endpoint answers JSON.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminMiddleware } from "#server/auth/guards.ts";
import {
  auditLog,
  emailOutbox,
  newsletterCampaigns,
  newsletterDeliveries,
  newsletterSubscribers,
  user,
} from "#server/db/schema/index.ts";
import { createTestDb, type TestDb } from "#server/db/test-utils.ts";
import {
  behindGuard,
  callRoute,
  formPost,
  type routeContext,
  signedUpAccount,
  TEST_ORIGIN,
  testServices,
} from "#server/web/test-support.ts";
import { action, loader } from "./newsletter.tsx";
import { loader as campaignLoader } from "./newsletter-campaign.tsx";
import { loader as progressLoader } from "./newsletter-campaign-progress.tsx";

let t: TestDb;
let s: Awaited<ReturnType<typeof testServices>>;
let admin: { cookie: string; id: string; email: string };
let dana: { cookie: string; id: string };
const enqueued: { name: string; data: unknown }[] = [];

beforeAll(async () => {
  t = await createTestDb();
  s = await testServices(t);
  // The job runtime is not started in tests: record what would be enqueued.
  s.jobs.enqueue = async (_tx, name, data) => {
    enqueued.push({ name, data });
    return String(enqueued.length);
  };
  admin = await signedUpAccount(s, "Morgan Boss", "boss@poundcodes.test");
  await t.db.update(user).set({ role: "admin" }).where(eq(user.id, admin.id));
  dana = await signedUpAccount(s, "Dana Whitfield", "dana@example.com");
  await t.db
    .insert(newsletterSubscribers)
    .values([{ email: "reader.one@example.com" }, { email: "reader.two@example.com" }]);
});
afterAll(() => t.close());

const guarded = (request: Request, fn: (context: ReturnType<typeof routeContext>) => Promise<unknown>) =>
  behindGuard(s, adminMiddleware, request, fn);
const page = (cookie: string, search = "") => {
  const request = new Request(`${TEST_ORIGIN}/admin/newsletter${search}`, { headers: { cookie } });
  return guarded(request, (context) => callRoute(loader, { request, context }));
};
const post = (cookie: string, fields: Record<string, string>) => {
  const request = formPost("/admin/newsletter", fields, { cookie });
  return guarded(request, (context) => callRoute(action, { request, context }));
};
const campaign = (cookie: string, campaignId: string) => {
  const request = new Request(`${TEST_ORIGIN}/admin/newsletter/campaigns/${campaignId}`, { headers: { cookie } });
  return guarded(request, (context) => callRoute(campaignLoader, { request, context, params: { campaignId } }));
};
const progress = (cookie: string, campaignId: string) => {
  const request = new Request(`${TEST_ORIGIN}/admin/newsletter/campaigns/${campaignId}/progress`, {
    headers: { cookie },
  });
  return guarded(request, (context) => callRoute(progressLoader, { request, context, params: { campaignId } }));
};

describe("the admin newsletter", () => {
  it("sends a non-administrator to /dashboard from the page, its action and the progress endpoint", async () => {
    for (const r of [
      await page(dana.cookie),
      await post(dana.cookie, { intent: "send-campaign", subject: "Hi", content: "<p>Hi</p>" }),
      await progress(dana.cookie, "00000000-0000-4000-8000-000000000000"),
    ]) {
      expect(r.status).toBe(302);
      expect(r.headers.get("location")).toBe("/dashboard");
    }
    expect(await t.db.select().from(newsletterCampaigns)).toHaveLength(0);
  });

  it("lists the subscribers with search, and the count that Send goes to", async () => {
    const all = (await page(admin.cookie)).body as { total: number; active: number; subscribers: { email: string }[] };
    expect(all.total).toBe(2);
    expect(all.active).toBe(2);
    const one = (await page(admin.cookie, "?q=two")).body as { subscribers: { email: string }[] };
    expect(one.subscribers.map((r) => r.email)).toEqual(["reader.two@example.com"]);
  });

  it("refuses empty fields with 'Subject and content are required.', keeping what was typed", async () => {
    for (const intent of ["send-campaign", "send-test", "preview"]) {
      const r = await post(admin.cookie, { intent, subject: "Only a subject", content: "<p></p>" });
      expect(r.status).toBe(400);
      const body = r.body as { message: string; result: { initialValue: { subject: string } } };
      expect(body.message).toBe("Subject and content are required.");
      expect(body.result.initialValue.subject).toBe("Only a subject");
    }
    const r = await post(admin.cookie, { intent: "send-campaign", subject: " ", content: "<p>Body</p>" });
    expect((r.body as { message: string }).message).toBe("Subject and content are required.");
    expect(await t.db.select().from(newsletterCampaigns)).toHaveLength(0);
  });

  it("previews sanitized content and sends the test to the administrator", async () => {
    const preview = await post(admin.cookie, {
      intent: "preview",
      subject: "March",
      content: '<p onclick="x()">Hello</p><script>alert(1)</script>',
    });
    expect(preview.body).toMatchObject({ ok: true, preview: { subject: "March", contentHtml: "<p>Hello</p>" } });
    const test = await post(admin.cookie, { intent: "send-test", subject: "March", content: "<p>Hello</p>" });
    expect(test.body).toMatchObject({ ok: true, title: "Test Email Sent" });
    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.template, "newsletter_test"));
    expect(mails.map((m) => [m.toAddress, m.subject])).toEqual([[admin.email, "[Test] March"]]);
    expect(await t.db.select().from(newsletterCampaigns)).toHaveLength(0);
  });

  it("sends: stores the campaign, a delivery per subscriber and the first batch job, then opens its page", async () => {
    const r = await post(admin.cookie, { intent: "send-campaign", subject: "March news", content: "<p>News</p>" });
    expect(r.status).toBe(302);
    const [c] = await t.db.select().from(newsletterCampaigns);
    expect(r.headers.get("location")).toBe(`/admin/newsletter/campaigns/${c!.id}`);
    expect(c).toMatchObject({ status: "sending", recipientCount: 2, createdBy: admin.id });
    expect(await t.db.select().from(newsletterDeliveries)).toHaveLength(2);
    expect(enqueued).toEqual([{ name: "newsletter.batch", data: { campaignId: c!.id } }]);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, c!.id));
    expect(audit.map((a) => a.action).sort()).toEqual(["newsletter.campaign_create", "newsletter.campaign_send"]);

    const view = (await campaign(admin.cookie, c!.id)).body as { subject: string; progress: { pending: number } };
    expect(view).toMatchObject({ subject: "March news", progress: { status: "sending", recipients: 2, pending: 2 } });
    const live = await progress(admin.cookie, c!.id);
    expect(live.status).toBe(200);
    expect(live.body).toMatchObject({ progress: { status: "sending", sent: 0, pending: 2 } });
    expect((await progress(admin.cookie, "00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await campaign(admin.cookie, "not-a-uuid")).status).toBe(404);
  });

  it("removes a subscriber (audited); removing again is refused with the spec's title", async () => {
    const [sub] = await t.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, "reader.one@example.com"));
    const r = await post(admin.cookie, { intent: "remove-subscriber", id: sub!.id });
    expect(r.body).toMatchObject({ ok: true, title: "Subscriber removed" });
    expect(await t.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.id, sub!.id))).toHaveLength(
      0,
    );
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.entityId, sub!.id));
    expect(audit).toMatchObject({ action: "newsletter.subscriber_remove", actorUserId: admin.id });
    const again = await post(admin.cookie, { intent: "remove-subscriber", id: sub!.id });
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ ok: false, title: "Error removing subscriber" });
  });

  it("refuses to send with no subscribers, writing nothing", async () => {
    await t.db.delete(newsletterSubscribers);
    const before = (await t.db.select().from(newsletterCampaigns)).length;
    const r = await post(admin.cookie, { intent: "send-campaign", subject: "Nobody", content: "<p>x</p>" });
    expect(r.status).toBe(409);
    expect((await t.db.select().from(newsletterCampaigns)).length).toBe(before);
    expect(((await page(admin.cookie)).body as { active: number }).active).toBe(0);
  });
});

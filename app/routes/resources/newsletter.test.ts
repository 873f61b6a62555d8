/**
 * The newsletter end to end through its route modules: the footer form (with and without JavaScript), the
 * confirmation page and the unsubscribe page, including a mail client's RFC 8058 one-click POST.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox, newsletterSubscribers } from "#server/db/schema/index.ts";
import { createTestDb, type TestDb } from "#server/db/test-utils.ts";
import { consumeFlash } from "#server/web/flash.ts";
import { answerOf, callRoute, formPost, routeContext, TEST_ORIGIN, testServices } from "#server/web/test-support.ts";
import { action as confirmAction, loader as confirmLoader } from "../public/newsletter-confirm.tsx";
import { action as unsubscribeAction, loader as unsubscribeLoader } from "../public/newsletter-unsubscribe.tsx";
import { action as signupAction } from "./newsletter.tsx";

let t: TestDb;
let s: Awaited<ReturnType<typeof testServices>>;
beforeAll(async () => {
  t = await createTestDb();
  s = await testServices(t);
});
afterAll(() => t.close());

let ipSeq = 0;
const call = (
  fn: (args: never) => unknown,
  request: Request,
  ip = `198.51.100.${++ipSeq}`,
): Promise<Awaited<ReturnType<typeof answerOf>>> =>
  Promise.resolve(callRoute(fn, { request, context: routeContext(s, ip) })).then(answerOf);
const signup = (fields: Record<string, string>, ip?: string) =>
  call(signupAction, formPost("/resources/newsletter", fields), ip);
const get = (path: string) => new Request(`${TEST_ORIGIN}${path}`);

async function flashOf(headers: Headers) {
  const cookie = (headers.get("Set-Cookie") ?? "").split(";")[0]!;
  return (await consumeFlash(s.config, new Request(TEST_ORIGIN, { headers: { Cookie: cookie } }))).toast;
}
/** The path and query of the link in the latest `template` email to `email`. */
async function linkIn(email: string, template: string): Promise<string> {
  const rows = await t.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.template, template)));
  const last = rows.sort((a, b) => +b.createdAt - +a.createdAt)[0];
  const m = /https?:\/\/[^\s]+\/newsletter\/[a-z]+\?token=[^\s]+/.exec(last?.textBody ?? "");
  if (!m) throw new Error(`no ${template} link to ${email}`);
  const url = new URL(m[0]);
  return `${url.pathname}${url.search}`;
}
const subscriber = async (email: string) =>
  (await t.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)))[0];

describe("the sign-up resource", () => {
  it("answers in place with JavaScript, the same for a new and an already subscribed address", async () => {
    const first = await signup({ email: "Reader.One@Example.com" });
    expect(first).toMatchObject({
      status: 200,
      body: { ok: true, title: "Check your inbox" },
    });
    // Nobody is subscribed before confirming.
    expect(await subscriber("reader.one@example.com")).toBeUndefined();
    const confirmLink = await linkIn("reader.one@example.com", "newsletter_confirm");
    const token = new URL(confirmLink, TEST_ORIGIN).searchParams.get("token")!;
    await call(confirmAction, formPost(confirmLink, { token }));
    expect(await subscriber("reader.one@example.com")).toMatchObject({ unsubscribedAt: null });

    const again = await signup({ email: "reader.one@example.com" });
    expect(again).toEqual({ ...first, headers: again.headers });
  });

  it("without JavaScript, goes back to the page at the form with the answer as a toast", async () => {
    const r = await signup({ email: "reader.two@example.com", redirectTo: "/blog?page=2#newsletter-signup" });
    expect(r.status).toBe(302);
    expect(r.headers.get("Location")).toBe("/blog?page=2#newsletter-signup");
    expect(await flashOf(r.headers)).toMatchObject({ type: "success", title: "Check your inbox" });

    const bad = await signup({ email: "not-an-email", redirectTo: "/contact" });
    expect(bad.headers.get("Location")).toBe("/contact#newsletter");
    expect(await flashOf(bad.headers)).toMatchObject({
      type: "error",
      title: "Sign-up Failed",
      description: "Please enter a valid email address.",
    });

    const offsite = await signup({ email: "reader.three@example.com", redirectTo: "//evil.example/x" });
    expect(offsite.headers.get("Location")).toBe("/#newsletter");
  });

  it("refuses a filled honeypot and rate-limits one address", async () => {
    const bot = await signup({ email: "bot.news@example.com", website: "x" });
    expect(bot).toMatchObject({ status: 400, body: { ok: false, code: "honeypot" } });
    let last: Awaited<ReturnType<typeof signup>> | undefined;
    for (let i = 0; i < 11; i++) last = await signup({ email: "" }, "203.0.113.88");
    expect(last!.status).toBe(429);
  });
});

describe("a retried sign-up (ADR 027)", () => {
  it("answers the first answer and emails one confirmation; a new key may ask again", async () => {
    const email = "retry.reader@example.com";
    const first = await signup({ email, formKey: "newsletter-key-0001" });
    const again = await signup({ email, formKey: "newsletter-key-0001" });
    expect(again).toEqual({ ...first, headers: again.headers });
    const confirmations = () =>
      t.db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.template, "newsletter_confirm")));
    expect(await confirmations()).toHaveLength(1);
    await signup({ email, formKey: "newsletter-key-0002" });
    expect(await confirmations()).toHaveLength(2);
  });
});

describe("the confirmation page", () => {
  it("changes nothing on GET; the button confirms once", async () => {
    await signup({ email: "reader.four@example.com" });
    const link = await linkIn("reader.four@example.com", "newsletter_confirm");
    const token = new URL(link, TEST_ORIGIN).searchParams.get("token")!;
    const page = await call(confirmLoader, get(link));
    expect(page.body).toMatchObject({ token, maskedEmail: "re•••@example.com" });
    expect(await subscriber("reader.four@example.com")).toBeUndefined();

    const ok = await call(confirmAction, formPost(link, { token }));
    expect(ok.body).toMatchObject({ ok: true, title: "You're subscribed" });
    const again = await call(confirmAction, formPost(link, { token }));
    expect(again).toMatchObject({ status: 404, body: { ok: false, title: "Link Expired" } });
    expect((await call(confirmLoader, get(link))).body).toMatchObject({ maskedEmail: null });
  });
});

describe("the unsubscribe page", () => {
  async function subscribed(email: string) {
    await signup({ email });
    const link = await linkIn(email, "newsletter_confirm");
    await call(confirmAction, formPost(link, { token: new URL(link, TEST_ORIGIN).searchParams.get("token")! }));
    return linkIn(email, "newsletter_welcome");
  }

  it("shows the address on GET without changing anything, and the button unsubscribes without a session", async () => {
    const link = await subscribed("reader.five@example.com");
    const token = new URL(link, TEST_ORIGIN).searchParams.get("token")!;
    expect((await call(unsubscribeLoader, get(link))).body).toEqual({
      token,
      maskedEmail: "re•••@example.com",
      unsubscribed: false,
    });
    expect((await subscriber("reader.five@example.com"))!.unsubscribedAt).toBeNull();

    const r = await call(unsubscribeAction, formPost(link, { token }));
    expect(r.body).toMatchObject({ ok: true, title: "You've been unsubscribed" });
    expect((await subscriber("reader.five@example.com"))!.unsubscribedAt).toBeInstanceOf(Date);
    expect((await call(unsubscribeLoader, get(link))).body).toMatchObject({ unsubscribed: true });
  });

  it("accepts a mail client's RFC 8058 one-click POST to the link itself", async () => {
    const link = await subscribed("reader.six@example.com");
    const oneClick = new Request(`${TEST_ORIGIN}${link}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    const r = await call(unsubscribeAction, oneClick);
    expect(r).toMatchObject({ status: 200, body: { ok: true } });
    expect((await subscriber("reader.six@example.com"))!.unsubscribedAt).toBeInstanceOf(Date);
  });

  it("answers an unknown or missing token with 404 and the product's message", async () => {
    for (const path of ["/newsletter/unsubscribe?token=nope", "/newsletter/unsubscribe"]) {
      const r = await call(unsubscribeAction, formPost(path, {}));
      expect(r).toMatchObject({ status: 404, body: { ok: false, title: "Link Not Valid" } });
    }
  });
});

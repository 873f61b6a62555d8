/**
 * The contact page and the Instant Caller Data Enrich inquiry, called as React Router calls them: prefill from
 * the query, success as a redirect with the flash toast, refusals with the product's strings and no writes.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contacts, emailOutbox } from "#server/db/schema/index.ts";
import { createTestDb, type TestDb } from "#server/db/test-utils.ts";
import { consumeFlash } from "#server/web/flash.ts";
import { answerOf, callRoute, formPost, routeContext, TEST_ORIGIN, testServices } from "#server/web/test-support.ts";
import { action as contactAction, loader as contactLoader } from "./contact.tsx";
import { action as inquiryAction } from "./instant-caller-data-enrich.tsx";

let t: TestDb;
let s: Awaited<ReturnType<typeof testServices>>;
beforeAll(async () => {
  t = await createTestDb();
  s = await testServices(t, { SALES_EMAIL: "sales-route@poundcodes.test" });
});
afterAll(() => t.close());

let ipSeq = 0;
const post = (
  fn: (args: never) => Promise<unknown>,
  path: string,
  fields: Record<string, string>,
  ip = `198.51.100.${++ipSeq}`,
) => callRoute(fn, { request: formPost(path, fields), context: routeContext(s, ip) }).then(answerOf);
/** The toast a redirect carries in its flash cookie. */
async function flashOf(headers: Headers) {
  const cookie = (headers.get("Set-Cookie") ?? "").split(";")[0]!;
  return (await consumeFlash(s.config, new Request(TEST_ORIGIN, { headers: { Cookie: cookie } }))).toast;
}
const contactsOf = (email: string) => t.db.select().from(contacts).where(eq(contacts.email, email));

describe("the contact page loader", () => {
  const load = (query: string) =>
    callRoute(contactLoader, { request: new Request(`${TEST_ORIGIN}/contact${query}`), context: routeContext(s) });

  it("prefills the subject from ?subject= and ?service=", () => {
    expect(load("?subject=PhilanthropyInquiry")).toMatchObject({ subject: "Philanthropy Inquiry", service: null });
    expect(load("?service=crm")).toMatchObject({ subject: "CRM Integration", service: "crm" });
    expect(load("?service=support")).toMatchObject({ subject: "Customer Support", service: "support" });
    expect(load("?service=crm&subject=Salesforce%20sync")).toMatchObject({
      subject: "Salesforce sync",
      service: "crm",
    });
    expect(load("?service=unknown")).toMatchObject({ subject: "", service: null });
    expect(load("")).toMatchObject({ subject: "", service: null });
  });
});

describe("the contact form action", () => {
  it("records the message and redirects with the 'Message Sent!' toast", async () => {
    const r = await post(contactAction, "/contact", {
      name: "Maria Lopez",
      email: "maria.route@example.com",
      phone: "",
      company: "Lopez Family Law",
      subject: "CRM Integration",
      message: "Can calls go straight into Clio?",
      website: "",
    });
    expect(r.status).toBe(302);
    expect(r.headers.get("Location")).toBe("/contact#contact-form");
    expect(await flashOf(r.headers)).toMatchObject({
      type: "success",
      title: "Message Sent!",
      description: "Thanks for reaching out. We'll get back to you soon.",
    });
    const [row] = await contactsOf("maria.route@example.com");
    expect(row).toMatchObject({ source: "contact_form", status: "new", subject: "CRM Integration", phone: null });
    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, "sales-route@poundcodes.test"));
    expect(mails.some((m) => m.template === "contact_form_submission" && m.textBody.includes("Clio"))).toBe(true);
  });

  it("answers missing or bad fields with 400, each field's message and the typed values, and writes nothing", async () => {
    const r = await post(contactAction, "/contact", { name: " ", email: "maria@", phone: "12", message: "" });
    expect(r.status).toBe(400);
    const body = r.body as {
      ok: boolean;
      result: { error: Record<string, string[]>; initialValue: Record<string, string> };
    };
    expect(body.ok).toBe(false);
    expect(body.result.error).toEqual({
      name: ["Name is required."],
      email: ["Please enter a valid email address."],
      phone: ["Please enter a valid phone number, e.g. (555) 123-4567."],
      message: ["Message is required."],
    });
    expect(body.result.initialValue.email).toBe("maria@");
    expect(await contactsOf("maria@")).toHaveLength(0);
  });

  it("refuses a filled honeypot with 'Submission Failed' and writes nothing", async () => {
    const r = await post(contactAction, "/contact", {
      name: "Bot",
      email: "bot.contact@example.com",
      message: "Buy now",
      website: "https://spam.example",
    });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ ok: false, code: "honeypot", title: "Submission Failed" });
    expect(await contactsOf("bot.contact@example.com")).toHaveLength(0);
  });

  it("rate-limits one address with 429 and Retry-After", async () => {
    let last: Awaited<ReturnType<typeof post>> | undefined;
    for (let i = 0; i < 11; i++) last = await post(contactAction, "/contact", { name: "" }, "203.0.113.77");
    expect(last!.status).toBe(429);
    expect(last!.body).toMatchObject({ ok: false, code: "rate_limited" });
    expect(Number(last!.headers.get("Retry-After"))).toBeGreaterThan(0);
  });
});

describe("a retried submission (ADR 027)", () => {
  const fields = (email: string) => ({ name: "Retry Route", email, message: "Is #4LAW open in Ohio?", website: "" });

  it("with the form's key: the first answer again, from any address, and one contact and one notice", async () => {
    const email = "retry.route@example.com";
    const first = await post(contactAction, "/contact", { ...fields(email), formKey: "contact-key-0001" });
    const again = await post(contactAction, "/contact", { ...fields(email), formKey: "contact-key-0001" });
    for (const r of [first, again]) {
      expect(r.status).toBe(302);
      expect(r.headers.get("Location")).toBe("/contact#contact-form");
      expect(await flashOf(r.headers)).toMatchObject({ type: "success", title: "Message Sent!" });
    }
    const rows = await contactsOf(email);
    expect(rows).toHaveLength(1);
    const notices = await t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, "sales-route@poundcodes.test"));
    expect(notices.filter((m) => m.textBody.includes(rows[0]!.id))).toHaveLength(1);
    // A new key is a new message.
    await post(contactAction, "/contact", { ...fields(email), formKey: "contact-key-0002" });
    expect(await contactsOf(email)).toHaveLength(2);
  });

  it("without JavaScript (no key), the same form sent twice is one message", async () => {
    const email = "retry.nojs@example.com";
    await post(contactAction, "/contact", fields(email));
    const again = await post(contactAction, "/contact", fields(email));
    expect(again.status).toBe(302);
    expect(await contactsOf(email)).toHaveLength(1);
  });

  it("the pricing inquiry too", async () => {
    const inquiry = { name: "Jordan Retry", email: "jordan.retry@example.com", formKey: "inquiry-key-0001" };
    await post(inquiryAction, "/services/instant-caller-data-enrich", inquiry);
    const again = await post(inquiryAction, "/services/instant-caller-data-enrich", inquiry);
    expect(again.status).toBe(302);
    expect(await flashOf(again.headers)).toMatchObject({ title: "Inquiry Sent!" });
    expect(await contactsOf("jordan.retry@example.com")).toHaveLength(1);
  });
});

describe("the pricing inquiry action", () => {
  it("records the inquiry with its source and redirects with 'Inquiry Sent!'", async () => {
    const r = await post(inquiryAction, "/services/instant-caller-data-enrich", {
      name: "Jordan Blake",
      email: "jordan.route@example.com",
      company: "",
      message: "",
    });
    expect(r.status).toBe(302);
    expect(r.headers.get("Location")).toBe("/services/instant-caller-data-enrich#pricing-inquiry");
    expect(await flashOf(r.headers)).toMatchObject({
      type: "success",
      title: "Inquiry Sent!",
      description: "Thank you for your interest. We will get back to you shortly.",
    });
    const [row] = await contactsOf("jordan.route@example.com");
    expect(row).toMatchObject({ source: "instant_caller_data_enrich_inquiry", status: "new", company: null });
  });

  it("needs a name and an email", async () => {
    const r = await post(inquiryAction, "/services/instant-caller-data-enrich", { name: "", email: "" });
    expect(r.status).toBe(400);
    expect((r.body as { result: { error: Record<string, string[]> } }).result.error).toEqual({
      name: ["Name is required."],
      email: ["Email is required."],
    });
  });
});

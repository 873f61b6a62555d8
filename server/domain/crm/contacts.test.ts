import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactSchema, inquirySchema } from "#kernel/schemas/contact.ts";
import { auditLog, contacts, emailOutbox } from "#server/db/schema/index.ts";
import { createTestDb, type TestDb } from "#server/db/test-utils.ts";
import type { Actor } from "../actor.ts";
import { submitContact, submitInquiry } from "./contacts.ts";

const SALES = "sales-contacts@poundcodes.test";
const visitor: Actor = { userId: null, ip: "198.51.100.20" };

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.close());

const contactsOf = (email: string) => t.db.select().from(contacts).where(eq(contacts.email, email));
const mailsTo = (addresses: string[]) =>
  t.db.select().from(emailOutbox).where(inArray(emailOutbox.toAddress, addresses));
const auditOf = (id: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, "contact"), eq(auditLog.entityId, id)));

/** Makes every audit insert fail while `fn` runs: the last step of each verb, to prove all-or-nothing. */
async function withAuditRefused(fn: () => Promise<unknown>): Promise<unknown> {
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
    return await fn().catch((e: unknown) => e);
  } finally {
    await t.db.execute(sql.raw("drop trigger pc_test_refuse_audit on audit_log"));
    await t.db.execute(sql.raw("drop function pc_test_refuse_audit()"));
  }
}

describe("submitContact", () => {
  it("records a new contact_form contact, queues the contact_form_submission notice to sales, and audits", async () => {
    const input = contactSchema.parse({
      name: "  Maria Lopez ",
      email: "Maria.Lopez@Example.com",
      phone: "(404) 555-0199",
      company: "Lopez Family Law",
      subject: "Philanthropy Inquiry",
      message: "We run a legal aid clinic and would like to hear about your non-profit program.",
    });
    const { contactId } = await submitContact(t.db, visitor, input, { salesEmail: SALES });

    const [row] = await contactsOf("maria.lopez@example.com");
    expect(row).toMatchObject({
      id: contactId,
      name: "Maria Lopez",
      phone: "(404) 555-0199",
      company: "Lopez Family Law",
      subject: "Philanthropy Inquiry",
      source: "contact_form",
      status: "new",
    });
    const mails = await mailsTo([SALES]);
    const notice = mails.find((m) => m.textBody.includes(contactId));
    expect(notice).toMatchObject({ template: "contact_form_submission", status: "pending" });
    expect(notice!.subject).toBe("Contact form: Philanthropy Inquiry");
    expect(notice!.textBody).toContain("Email: maria.lopez@example.com");
    expect(notice!.textBody).toContain("We run a legal aid clinic");
    const audit = await auditOf(contactId);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "contact.create", ip: "198.51.100.20", actorUserId: null });
  });

  it("keeps optional fields empty and escapes the message in the notice's HTML", async () => {
    const input = contactSchema.parse({
      name: "Sam <b>Bold</b>",
      email: "sam.html@example.com",
      phone: "",
      company: "",
      message: "<script>alert(1)</script> Please call me.",
    });
    await submitContact(t.db, visitor, input, { salesEmail: SALES });
    const [row] = await contactsOf("sam.html@example.com");
    expect(row).toMatchObject({ phone: null, company: null, subject: null });
    const [notice] = (await mailsTo([SALES])).filter((m) => m.textBody.includes("sam.html@example.com"));
    expect(notice!.subject).toBe("Contact form: message from Sam <b>Bold</b>");
    expect(notice!.htmlBody).not.toContain("<script>");
    expect(notice!.htmlBody).toContain("&lt;script&gt;");
  });

  it("writes nothing, queues nothing, when a step fails", async () => {
    const input = contactSchema.parse({ name: "Rolled Back", email: "rollback.contact@example.com", message: "Hi" });
    const err = (await withAuditRefused(() => submitContact(t.db, visitor, input, { salesEmail: SALES }))) as Error & {
      cause?: Error;
    };
    expect(`${err?.message} ${err?.cause?.message}`).toMatch(/audit write refused by test/);
    expect(await contactsOf("rollback.contact@example.com")).toHaveLength(0);
    expect((await mailsTo([SALES])).filter((m) => m.textBody.includes("rollback.contact@example.com"))).toHaveLength(0);
  });
});

describe("submitInquiry", () => {
  it("records the inquiry with the Instant Caller Data Enrich source and notifies sales", async () => {
    const input = inquirySchema.parse({
      name: "Jordan Blake",
      email: "jordan@blakeinjury.example",
      company: "Blake Injury Law",
      message: "About 400 inbound calls a month. What would enrichment cost?",
    });
    const { contactId } = await submitInquiry(t.db, visitor, input, { salesEmail: SALES });
    const [row] = await contactsOf("jordan@blakeinjury.example");
    expect(row).toMatchObject({
      id: contactId,
      name: "Jordan Blake",
      company: "Blake Injury Law",
      phone: null,
      source: "instant_caller_data_enrich_inquiry",
      status: "new",
    });
    const notice = (await mailsTo([SALES])).find((m) => m.textBody.includes(contactId));
    expect(notice).toMatchObject({ template: "instant_caller_data_enrich_inquiry" });
    expect(notice!.subject).toBe("Pricing inquiry: Instant Caller Data Enrich from Jordan Blake");
    expect(await auditOf(contactId)).toHaveLength(1);
  });

  it("accepts name and email alone", async () => {
    const input = inquirySchema.parse({ name: "Ari", email: "ari@example.com", company: "", message: "" });
    await submitInquiry(t.db, visitor, input, { salesEmail: SALES });
    const [row] = await contactsOf("ari@example.com");
    expect(row).toMatchObject({ company: null, message: null });
  });

  it("writes nothing when a step fails", async () => {
    const input = inquirySchema.parse({ name: "Rolled Back", email: "rollback.inquiry@example.com" });
    await withAuditRefused(() => submitInquiry(t.db, visitor, input, { salesEmail: SALES }));
    expect(await contactsOf("rollback.inquiry@example.com")).toHaveLength(0);
  });
});

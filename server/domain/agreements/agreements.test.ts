import { randomBytes } from "node:crypto";
import { readdirSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NO_AGREEMENTS, signAgreementSchema } from "#kernel/schemas/agreements.ts";
import { US_STATE_NAMES } from "#kernel/us-states.ts";
import { agreements, auditLog, emailOutbox, territoryLicenses, vanityNumbers } from "../../db/schema/index.ts";
import { createTestDb, type TestDb } from "../../db/test-utils.ts";
import type { ObjectStorage } from "../../integrations/storage/storage.ts";
import {
  agreementDocument,
  documentSource,
  draftAgreement,
  getAgreement,
  listAgreements,
  reviseDraftAgreement,
  signAgreement,
} from "./agreements.ts";
import { renderAgreementDocument, sha256Hex } from "./document.ts";
import { seedLicence, seedLicensee, seedPendingAgreement, seedUser, tempStorage } from "./test-fixtures.ts";

let t: TestDb;
let store: ReturnType<typeof tempStorage>;
beforeAll(async () => {
  t = await createTestDb();
  store = tempStorage();
});
afterAll(() => t.close());

const opts = () => ({
  storage: store.storage,
  salesEmail: "sales@poundcodes.test",
  linkSecret: "order-link-secret-for-tests",
  publicUrl: "https://poundcodes.test",
  userAgent: "Mozilla/5.0 (Test) Chrome/130",
});
const sign = (name: string, sha: string) =>
  signAgreementSchema.parse({ signerName: name, consent: true, documentSha256: sha });

async function rowOf(id: string) {
  const [row] = await t.db.select().from(agreements).where(eq(agreements.id, id));
  return row!;
}
const filesOf = (licenseeId: string) => {
  try {
    return readdirSync(path.join(store.root, "agreements", licenseeId)).sort();
  } catch {
    return [];
  }
};

describe("drafting an agreement from a licence", () => {
  it("builds the real licence terms: parties, number, territory, fees in dollars, term, deposit rules", async () => {
    const o = await seedLicensee(t.db);
    const l = await seedLicence(t.db, o.licenseeId, { vanity: "(800) 529-4357" });
    const { agreementId, terms } = await draftAgreement(
      t.db,
      { licenseeId: o.licenseeId, territoryLicenseId: l.licenceId },
      { now: new Date("2026-11-16T15:00:00Z") },
    );
    const row = await rowOf(agreementId);
    expect(row).toMatchObject({
      status: "pending",
      agreementType: "Adjunct Marketing Agreement",
      territoryName: l.territory.name,
      territoryLicenseId: l.licenceId,
      terms,
      signedAt: null,
    });
    expect(terms.startsWith(`1. Parties. This Adjunct Marketing Agreement is made between PoundCodes`)).toBe(true);
    for (const needle of [
      "Hartwell & Reyes Injury Law",
      "1450 Peachtree Street NE, Suite 900, Atlanta, GA 30309",
      `the #Code ${l.category.name}, with the paired vanity number (800) 529-4357`,
      "area codes 404, 470, 678",
      "The Start Date is January 4, 2027",
      "initial term of 12 months",
      "Monthly Fee of $2,505.00 (base license fee $2,140.00, keyword adjustment $365.00 for Legal Keywords)",
      "minimum monthly fee of $95.00",
      "Setup Deposit of $200.00",
      "within 5 Business Days",
      "PoundCodes refunds the $200.00 in full",
      "$0.05 a minute, $0.02 a message and $0.50 a lead",
      "minutes are multiplied by 1.20",
      "$233.85 per million people",
      "30 days' written notice",
      `governed by the law of ${US_STATE_NAMES[l.state]}.`,
    ]) {
      expect(terms).toContain(needle);
    }
    expect(terms).not.toMatch(/lorem|ipsum|TODO/i);
  });

  it("starts on signature when the licence has already begun, and refuses another licensee's licence", async () => {
    const o = await seedLicensee(t.db);
    const l = await seedLicence(t.db, o.licenseeId, { startsAt: new Date("2026-03-02T05:00:00Z") });
    const { terms } = await draftAgreement(t.db, { licenseeId: o.licenseeId, territoryLicenseId: l.licenceId });
    expect(terms).toContain("The Start Date is the date the Licensee signs this Agreement");
    const other = await seedLicensee(t.db, "Other Firm");
    await expect(
      draftAgreement(t.db, { licenseeId: other.licenseeId, territoryLicenseId: l.licenceId }),
    ).rejects.toMatchObject({ status: 404 });
  });
});

/** A licence of a vanity number on its own, in a fresh territory (seedLicence's, which also holds a #Code licence). */
async function seedVanityLicence(db: TestDb["db"], licenseeId: string, numberText: string) {
  const { territory } = await seedLicence(db, licenseeId);
  const [number] = await db
    .insert(vanityNumbers)
    .values({
      numberText,
      slug: `vanity-${randomBytes(4).toString("hex")}`,
      status: "licensed",
      monthlyFeeCents: 49_900,
      setupFeeCents: 75_000,
      licenseeId,
      territoryId: territory.id,
    })
    .returning({ id: vanityNumbers.id });
  const [licence] = await db
    .insert(territoryLicenses)
    .values({
      licenseeId,
      territoryId: territory.id,
      vanityNumberId: number!.id,
      monthlyFeeCents: 49_900,
      finalCalculatedFeeCents: 49_900,
      setupFeeCents: 75_000,
      pricingDetails: { setup_fee: 75_000 },
      startsAt: new Date("2027-01-04T05:00:00Z"),
    })
    .returning({ id: territoryLicenses.id });
  return { territory, licenceId: licence!.id };
}

describe("drafting an agreement for a vanity number", () => {
  it("names the number as the Licensed Number, with no #Code or category in the terms", async () => {
    const o = await seedLicensee(t.db);
    const l = await seedVanityLicence(t.db, o.licenseeId, "(888) 555-4LAW");
    const { agreementId, terms } = await draftAgreement(
      t.db,
      { licenseeId: o.licenseeId, territoryLicenseId: l.licenceId },
      { now: new Date("2026-11-16T15:00:00Z") },
    );
    expect(await rowOf(agreementId)).toMatchObject({
      status: "pending",
      territoryName: l.territory.name,
      territoryLicenseId: l.licenceId,
      terms,
    });
    for (const needle of [
      `for the exclusive license of the vanity number 1-888-555-4LAW in ${l.territory.name}.`,
      `to use the vanity number 1-888-555-4LAW (the "Licensed Number") in the territory of ${l.territory.name}`,
      `will not license the Licensed Number in ${l.territory.name} to anyone else`,
      "Monthly Fee of $499.00",
      "Setup Deposit of $750.00",
      "for the same vanity number",
    ]) {
      expect(terms).toContain(needle);
    }
    expect(terms).not.toMatch(/#Code|category/);
    const other = await seedLicensee(t.db, "Other Firm");
    await expect(
      draftAgreement(t.db, { licenseeId: other.licenseeId, territoryLicenseId: l.licenceId }),
    ).rejects.toMatchObject({ status: 404 });
  });
});

describe("the document", () => {
  it("is the same bytes every time for the same row, and changes when the terms change", async () => {
    const a = await seedPendingAgreement(t.db);
    const row = await rowOf(a.agreementId);
    const one = await renderAgreementDocument(documentSource(row));
    const two = await renderAgreementDocument(documentSource(row));
    expect(sha256Hex(one)).toBe(sha256Hex(two));
    expect(Buffer.from(one.slice(0, 5)).toString()).toBe("%PDF-");
    const changed = await renderAgreementDocument({ ...documentSource(row), terms: `${row.terms} Extra.` });
    expect(sha256Hex(changed)).not.toBe(sha256Hex(one));
  });

  it("draws any text the database holds, wraps long words, and runs to several pages", async () => {
    const a = await seedPendingAgreement(t.db);
    const row = await rowOf(a.agreementId);
    const long = `${row.terms}\n\n11. Unicode. Zoë Ångström — “quoted” ✓ 中文 ${"x".repeat(300)}\n\n${"12. Filler. words ".repeat(400)}`;
    const bytes = await renderAgreementDocument({ ...documentSource(row), terms: long });
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBeGreaterThan(2);
    expect(pdf.getTitle()).toContain("Adjunct Marketing Agreement");
  });
});

describe("the licensee's agreements", () => {
  it("lists only the signed-in licensee's own agreements, with a 150-character preview", async () => {
    const mine = await seedPendingAgreement(t.db);
    await seedPendingAgreement(t.db);
    const list = await listAgreements(t.db, mine.actor);
    expect(list.map((c) => c.id)).toEqual([mine.agreementId]);
    expect(list[0]!.termsPreview.length).toBeLessThanOrEqual(151);
    expect(list[0]).toMatchObject({ status: "pending", canSign: true, signedDate: null });
    expect(NO_AGREEMENTS).toBe("No Agreements Found");
    const nobody = { userId: await seedUser(t.db), role: "user" as const };
    expect(await listAgreements(t.db, nobody)).toEqual([]);
    expect(await listAgreements(t.db, { userId: null })).toEqual([]);
  });

  it("gives another licensee, a visitor and a malformed id the same 404; an administrator may read", async () => {
    const a = await seedPendingAgreement(t.db);
    const other = await seedLicensee(t.db, "Other Firm");
    for (const actor of [other.actor, { userId: null }]) {
      await expect(getAgreement(t.db, actor, a.agreementId, { storage: store.storage })).rejects.toMatchObject({
        status: 404,
        code: "agreement_not_found",
      });
      await expect(agreementDocument(t.db, actor, a.agreementId, { storage: store.storage })).rejects.toMatchObject({
        status: 404,
      });
    }
    await expect(getAgreement(t.db, a.actor, "not-a-uuid", { storage: store.storage })).rejects.toMatchObject({
      status: 404,
    });
    const admin = { userId: await seedUser(t.db, { role: "admin" }), role: "admin" as const };
    const seen = await getAgreement(t.db, admin, a.agreementId, { storage: store.storage });
    expect(seen.canSign).toBe(false);
  });
});

describe("signing", () => {
  it("records signer, time, address, browser and the SHA-256 of the document shown; stores the signed PDF; emails; audits", async () => {
    const a = await seedPendingAgreement(t.db);
    const shown = await agreementDocument(t.db, a.actor, a.agreementId, { storage: store.storage });
    const detail = await getAgreement(t.db, a.actor, a.agreementId, { storage: store.storage });
    expect(detail.documentSha256).toBe(sha256Hex(shown.bytes));
    const now = new Date("2026-11-20T16:30:00Z");
    const r = await signAgreement(t.db, a.actor, a.agreementId, sign("Dana  Hartwell", shown.sha256), {
      ...opts(),
      now,
    });
    const row = await rowOf(a.agreementId);
    expect(row).toMatchObject({
      status: "active",
      signerName: "Dana Hartwell",
      signerUserId: a.userId,
      signerIp: "203.0.113.9",
      signerUserAgent: "Mozilla/5.0 (Test) Chrome/130",
      documentSha256: sha256Hex(shown.bytes),
      signedDate: "2026-11-20",
      signedDocumentKey: r.signedDocumentKey,
    });
    expect(row.signedAt?.toISOString()).toBe(now.toISOString());

    // The stored document is the shown pages plus one certificate page, and is what the owner now downloads.
    const stored = await store.storage.get(r.signedDocumentKey);
    const signedPdf = await PDFDocument.load(stored!.body);
    const shownPdf = await PDFDocument.load(shown.bytes);
    expect(signedPdf.getPageCount()).toBe(shownPdf.getPageCount() + 1);
    const after = await agreementDocument(t.db, a.actor, a.agreementId, { storage: store.storage });
    expect(Buffer.from(after.bytes).equals(Buffer.from(stored!.body))).toBe(true);
    expect(after.fileName).toMatch(/-signed\.pdf$/);
    // The original sits next to it, and its hash is the recorded one.
    const original = await store.storage.get(r.signedDocumentKey.replace("-signed-", "-original-"));
    expect(sha256Hex(original!.body)).toBe(row.documentSha256);

    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.template, "agreement_signed"));
    expect(mails.some((m) => m.textBody.includes(row.documentSha256!))).toBe(true);
    const notices = await t.db.select().from(emailOutbox).where(eq(emailOutbox.template, "agreement_signed_notice"));
    expect(notices.some((m) => m.toAddress === "sales@poundcodes.test")).toBe(true);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, a.agreementId));
    expect(audit.map((x) => x.action)).toEqual(["agreement.sign"]);

    const cards = await listAgreements(t.db, a.actor);
    expect(cards[0]).toMatchObject({ status: "active", canSign: false, signedOnline: true, signedDate: "2026-11-20" });
  });

  it("cannot be signed again or changed once signed", async () => {
    const a = await seedPendingAgreement(t.db);
    const shown = await agreementDocument(t.db, a.actor, a.agreementId, { storage: store.storage });
    await signAgreement(t.db, a.actor, a.agreementId, sign("Dana Hartwell", shown.sha256), opts());
    const before = await rowOf(a.agreementId);
    const files = filesOf(a.licenseeId);
    await expect(
      signAgreement(t.db, a.actor, a.agreementId, sign("Someone Else", shown.sha256), opts()),
    ).rejects.toMatchObject({ status: 409, code: "agreement_already_signed" });
    const admin = { userId: await seedUser(t.db, { role: "admin" }), role: "admin" as const };
    await expect(
      reviseDraftAgreement(t.db, admin, { agreementId: a.agreementId, terms: "New terms." }),
    ).rejects.toMatchObject({ status: 409, code: "agreement_locked" });
    expect(await rowOf(a.agreementId)).toEqual(before);
    expect(filesOf(a.licenseeId)).toEqual(files);
  });

  it("refuses a document that changed after it was shown, and signs the new one once reviewed", async () => {
    const a = await seedPendingAgreement(t.db);
    const shown = await agreementDocument(t.db, a.actor, a.agreementId, { storage: store.storage });
    const admin = { userId: await seedUser(t.db, { role: "admin" }), role: "admin" as const };
    await expect(reviseDraftAgreement(t.db, a.actor, { agreementId: a.agreementId, terms: "x" })).rejects.toMatchObject(
      { status: 403 },
    );
    await reviseDraftAgreement(t.db, admin, {
      agreementId: a.agreementId,
      terms: `${(await rowOf(a.agreementId)).terms}\n\n11. Addendum. Routing starts within two business days.`,
    });
    await expect(
      signAgreement(t.db, a.actor, a.agreementId, sign("Dana Hartwell", shown.sha256), opts()),
    ).rejects.toMatchObject({ status: 409, code: "agreement_document_changed" });
    expect((await rowOf(a.agreementId)).status).toBe("pending");
    expect(filesOf(a.licenseeId)).toEqual([]);
    const fresh = await agreementDocument(t.db, a.actor, a.agreementId, { storage: store.storage });
    await signAgreement(t.db, a.actor, a.agreementId, sign("Dana Hartwell", fresh.sha256), opts());
    expect((await rowOf(a.agreementId)).documentSha256).toBe(fresh.sha256);
  });

  it("refuses another licensee, an administrator and a non-pending agreement, writing nothing", async () => {
    const a = await seedPendingAgreement(t.db);
    const shown = await agreementDocument(t.db, a.actor, a.agreementId, { storage: store.storage });
    const other = await seedLicensee(t.db, "Other Firm");
    const admin = { userId: await seedUser(t.db, { role: "admin" }), role: "admin" as const };
    for (const actor of [other.actor, admin, { userId: null }]) {
      await expect(
        signAgreement(t.db, actor, a.agreementId, sign("Mallory", shown.sha256), opts()),
      ).rejects.toMatchObject({ status: 404 });
    }
    await t.db.update(agreements).set({ status: "terminated" }).where(eq(agreements.id, a.agreementId));
    await expect(
      signAgreement(t.db, a.actor, a.agreementId, sign("Dana Hartwell", shown.sha256), opts()),
    ).rejects.toMatchObject({ status: 409, code: "agreement_not_pending" });
    expect((await rowOf(a.agreementId)).signedAt).toBeNull();
    expect(filesOf(a.licenseeId)).toEqual([]);
  });

  it("deletes the stored objects when the row write fails, leaving the agreement pending", async () => {
    const a = await seedPendingAgreement(t.db);
    const shown = await agreementDocument(t.db, a.actor, a.agreementId, { storage: store.storage });
    const puts: string[] = [];
    const deletes: string[] = [];
    const failing: ObjectStorage = {
      kind: "local",
      put: async (k, b, c) => {
        puts.push(k);
        await store.storage.put(k, b, c);
      },
      get: (k) => store.storage.get(k),
      delete: async (k) => {
        deletes.push(k);
        await store.storage.delete(k);
      },
    };
    // A sales address the outbox refuses (NOT NULL) makes the transaction fail after the update.
    await expect(
      signAgreement(t.db, a.actor, a.agreementId, sign("Dana Hartwell", shown.sha256), {
        ...opts(),
        storage: failing,
        salesEmail: null as unknown as string,
      }),
    ).rejects.toThrow();
    expect(puts).toHaveLength(2);
    expect(deletes.sort()).toEqual([...puts].sort());
    expect(filesOf(a.licenseeId)).toEqual([]);
    const row = await rowOf(a.agreementId);
    expect(row).toMatchObject({ status: "pending", signedAt: null, documentSha256: null, signedDocumentKey: null });
  });

  it("gives one signature for two concurrent attempts", async () => {
    const a = await seedPendingAgreement(t.db);
    const shown = await agreementDocument(t.db, a.actor, a.agreementId, { storage: store.storage });
    const results = await Promise.allSettled(
      ["Dana Hartwell", "Dana R. Hartwell"].map((n) =>
        signAgreement(t.db, a.actor, a.agreementId, sign(n, shown.sha256), opts()),
      ),
    );
    const ok = results.filter((r) => r.status === "fulfilled");
    const refused = results.filter((r) => r.status === "rejected");
    expect(ok).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect((refused[0] as PromiseRejectedResult).reason).toMatchObject({ code: "agreement_already_signed" });
    const row = await rowOf(a.agreementId);
    const winner = (ok[0] as PromiseFulfilledResult<{ signedDocumentKey: string }>).value;
    expect(row.signedDocumentKey).toBe(winner.signedDocumentKey);
    // Only the winner's two objects remain.
    expect(filesOf(a.licenseeId)).toHaveLength(2);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, a.agreementId));
    expect(audit).toHaveLength(1);
  });
});

import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAGE_CONTENT_TEXT } from "#kernel/schemas/dynamic-pages.ts";
import {
  auditLog,
  dynamicPageRevisions,
  dynamicPages,
  emailOutbox,
  territoryLicenses,
} from "#server/db/schema/index.ts";
import { createTestDb, type TestDb } from "#server/db/test-utils.ts";
import { LANDING_PAGE_TEMPLATES } from "#server/integrations/email/landing-page-templates.ts";
import type { Actor } from "../actor.ts";
import { ForbiddenError } from "../errors.ts";
import { seedCategory, seedTerritory } from "../reservations/test-fixtures.ts";
import { createDynamicPage } from "./admin.ts";
import {
  approveRevision,
  listOwnPages,
  listPendingRevisions,
  listRevisionHistory,
  NoActiveLicenceError,
  NothingChangedError,
  OwnPageNotFoundError,
  proposePageChanges,
  RevisionAlreadyReviewedError,
  rejectRevision,
} from "./revisions.ts";
import { seedLicensee } from "./test-fixtures.ts";

const OPTS = { publicUrl: "https://poundcodes.test" };
let t: TestDb;
let admin: Actor;
beforeAll(async () => {
  t = await createTestDb();
  const reviewer = await seedLicensee(t.db, { companyName: "PoundCodes staff" });
  admin = { userId: reviewer.userId, role: "admin", ip: "198.51.100.9" };
});
afterAll(() => t.close());

/** A licensee with an active #Code licence and a page for it, already filled in by an administrator. */
async function pageOfLicensee() {
  const territory = await seedTerritory(t.db);
  const category = await seedCategory(t.db);
  const licensee = await seedLicensee(t.db);
  const [licence] = await t.db
    .insert(territoryLicenses)
    .values({ licenseeId: licensee.id, territoryId: territory.id, categoryId: category.id, monthlyFeeCents: 50_000 })
    .returning({ id: territoryLicenses.id });
  const made = await createDynamicPage(t.db, admin, {
    licenseeId: licensee.id,
    licenceId: licence!.id,
    pageTitle: "Original title",
  });
  await t.db
    .update(dynamicPages)
    .set({
      businessNameOnPage: "Original Business",
      companyDescription: "Original description.",
      services: ["Free evaluation"],
      areasOfLaw: ["Car Accidents"],
      yearsInBusiness: 9,
      testimonialLink: "https://reviews.example.com/original",
    })
    .where(eq(dynamicPages.id, made.id));
  const actor: Actor = { userId: licensee.userId, role: "user", ip: "203.0.113.5" };
  return { territory, category, licensee, licenceId: licence!.id, pageId: made.id, actor, name: made.name };
}

const TEXT = {
  pageTitle: "Original title",
  businessNameOnPage: "Original Business",
  companyDescription: "Original description.",
  services: ["Free evaluation"],
  areasOfLaw: ["Car Accidents"],
  lawFirmHighlights: null,
};

const pageRow = async (id: string) => (await t.db.select().from(dynamicPages).where(eq(dynamicPages.id, id)))[0]!;
const revisionsOf = (id: string) =>
  t.db.select().from(dynamicPageRevisions).where(eq(dynamicPageRevisions.dynamicPageId, id));
const mailsTo = (to: string) => t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to));

describe("proposePageChanges", () => {
  it("stores only the changed fields as one waiting proposal; the page is unchanged until approved", async () => {
    const p = await pageOfLicensee();
    const r = await proposePageChanges(
      t.db,
      p.actor,
      { pageId: p.pageId, ...TEXT, pageTitle: "New title", areasOfLaw: ["Car Accidents", "Dog Bites"] },
      { ...OPTS, deskEmail: "desk@poundcodes.test" },
    );
    expect(r).toMatchObject({ replaced: false, fields: ["Page title", "Areas of law"] });
    const [rev] = await revisionsOf(p.pageId);
    expect(rev).toMatchObject({
      status: "pending",
      licenseeId: p.licensee.id,
      submittedBy: p.licensee.userId,
      changes: { pageTitle: "New title", areasOfLaw: ["Car Accidents", "Dog Bites"] },
    });
    expect((await pageRow(p.pageId)).pageTitle).toBe("Original title");
    const [own] = (await listOwnPages(t.db, p.actor))!;
    expect(own).toMatchObject({ id: p.pageId, editable: true, pending: { id: rev!.id } });
    const desk = await mailsTo("desk@poundcodes.test");
    expect(desk.map((m) => m.template)).toContain(LANDING_PAGE_TEMPLATES.submitted);
  });

  it("sanitizes proposed HTML and refuses a proposal that changes nothing", async () => {
    const p = await pageOfLicensee();
    await proposePageChanges(
      t.db,
      p.actor,
      { pageId: p.pageId, ...TEXT, lawFirmHighlights: "<p>Top <em>rated</em></p><img src=x onerror=alert(1)>" },
      OPTS,
    );
    const [rev] = await revisionsOf(p.pageId);
    expect(rev!.changes).toEqual({ lawFirmHighlights: '<p>Top <em>rated</em></p><img src="x" />' });
    await expect(proposePageChanges(t.db, p.actor, { pageId: p.pageId, ...TEXT }, OPTS)).rejects.toBeInstanceOf(
      NothingChangedError,
    );
  });

  it("a licensee cannot propose for another licensee's page (404, nothing written)", async () => {
    const a = await pageOfLicensee();
    const b = await pageOfLicensee();
    await expect(
      proposePageChanges(t.db, b.actor, { pageId: a.pageId, ...TEXT, pageTitle: "Hijacked" }, OPTS),
    ).rejects.toBeInstanceOf(OwnPageNotFoundError);
    const visitor: Actor = { userId: null };
    await expect(
      proposePageChanges(t.db, visitor, { pageId: a.pageId, ...TEXT, pageTitle: "Hijacked" }, OPTS),
    ).rejects.toBeInstanceOf(OwnPageNotFoundError);
    expect(await revisionsOf(a.pageId)).toEqual([]);
    expect((await listOwnPages(t.db, b.actor))!.map((o) => o.id)).toEqual([b.pageId]);
  });

  it("needs an active licence for the page's #Code and territory", async () => {
    const p = await pageOfLicensee();
    await t.db
      .update(territoryLicenses)
      .set({ status: "cancelled", startsAt: new Date("2026-01-01"), endsAt: new Date("2026-06-01") })
      .where(eq(territoryLicenses.id, p.licenceId));
    const err = await proposePageChanges(t.db, p.actor, { pageId: p.pageId, ...TEXT, pageTitle: "Late" }, OPTS).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(NoActiveLicenceError);
    expect((err as Error).message).toBe(PAGE_CONTENT_TEXT.noLicence);
    expect(await revisionsOf(p.pageId)).toEqual([]);
    const [own] = (await listOwnPages(t.db, p.actor))!;
    expect(own!.editable).toBe(false);
  });

  it("keeps one waiting proposal per page: a new one replaces it, also when sent at the same moment", async () => {
    const p = await pageOfLicensee();
    const first = await proposePageChanges(t.db, p.actor, { pageId: p.pageId, ...TEXT, pageTitle: "One" }, OPTS);
    const second = await proposePageChanges(
      t.db,
      p.actor,
      { pageId: p.pageId, ...TEXT, businessNameOnPage: "Two LLC" },
      OPTS,
    );
    expect(second).toMatchObject({ revisionId: first.revisionId, replaced: true });
    const revs = await revisionsOf(p.pageId);
    expect(revs).toHaveLength(1);
    expect(revs[0]!.changes).toEqual({ businessNameOnPage: "Two LLC" });

    const results = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) =>
        proposePageChanges(t.db, p.actor, { pageId: p.pageId, ...TEXT, pageTitle: `Race ${i}` }, OPTS),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled").length).toBeGreaterThan(0);
    const pending = (await revisionsOf(p.pageId)).filter((r) => r.status === "pending");
    expect(pending).toHaveLength(1);
  });
});

describe("approveRevision and rejectRevision", () => {
  it("approving applies exactly the proposed fields, marks it approved, audits and emails the licensee", async () => {
    const p = await pageOfLicensee();
    const { revisionId } = await proposePageChanges(
      t.db,
      p.actor,
      { pageId: p.pageId, ...TEXT, pageTitle: "Approved title", services: ["Home visits"] },
      OPTS,
    );
    // An administrator changes another field meanwhile: approving must not undo it.
    await t.db.update(dynamicPages).set({ yearsInBusiness: 10 }).where(eq(dynamicPages.id, p.pageId));
    const [pending] = (await listPendingRevisions(t.db, admin)).filter((r) => r.id === revisionId);
    expect(pending!.diff).toEqual([
      { field: "pageTitle", label: "Page title", before: "Original title", after: "Approved title" },
      { field: "services", label: "Services", before: ["Free evaluation"], after: ["Home visits"] },
    ]);
    const done = await approveRevision(t.db, admin, { revisionId }, OPTS);
    expect(done.fields).toEqual(["Page title", "Services"]);
    const page = await pageRow(p.pageId);
    expect(page).toMatchObject({
      pageTitle: "Approved title",
      services: ["Home visits"],
      businessNameOnPage: "Original Business",
      companyDescription: "Original description.",
      areasOfLaw: ["Car Accidents"],
      yearsInBusiness: 10,
      testimonialLink: "https://reviews.example.com/original",
    });
    const [rev] = await revisionsOf(p.pageId);
    expect(rev).toMatchObject({ status: "approved", reviewedBy: admin.userId });
    expect(rev!.reviewedAt).toBeInstanceOf(Date);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, revisionId), eq(auditLog.action, "dynamic_page_revision.approve")));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.details).toMatchObject({ before: { pageTitle: "Original title" } });
    const mails = await mailsTo(p.licensee.email);
    expect(mails.map((m) => m.template)).toEqual([LANDING_PAGE_TEMPLATES.approved]);
    expect(mails[0]!.textBody).toContain(`${OPTS.publicUrl}/p/`);
    const [own] = (await listOwnPages(t.db, p.actor))!;
    expect(own).toMatchObject({ pending: null, lastReview: { status: "approved" } });
  });

  it("rejecting keeps the page unchanged, stores the note and emails it to the licensee", async () => {
    const p = await pageOfLicensee();
    const before = await pageRow(p.pageId);
    const { revisionId } = await proposePageChanges(
      t.db,
      p.actor,
      { pageId: p.pageId, ...TEXT, pageTitle: "Best lawyers in the world" },
      OPTS,
    );
    await rejectRevision(t.db, admin, { revisionId, note: "Superlatives need a source." }, OPTS);
    const after = await pageRow(p.pageId);
    expect(after).toEqual(before);
    const [rev] = await revisionsOf(p.pageId);
    expect(rev).toMatchObject({ status: "rejected", reviewNote: "Superlatives need a source." });
    const mails = await mailsTo(p.licensee.email);
    expect(mails.map((m) => m.template)).toEqual([LANDING_PAGE_TEMPLATES.rejected]);
    expect(mails[0]!.textBody).toContain("Superlatives need a source.");
    const [own] = (await listOwnPages(t.db, p.actor))!;
    expect(own!.lastReview).toMatchObject({ status: "rejected", note: "Superlatives need a source." });
    const history = await listRevisionHistory(t.db, admin, {
      q: p.category.name,
      sort: "reviewed",
      dir: "desc",
      page: 1,
      size: 25,
      filters: { status: "rejected" },
    });
    expect(history.rows.map((h) => [h.id, h.note, h.fields])).toEqual([
      [revisionId, "Superlatives need a source.", ["Page title"]],
    ]);
    await expect(approveRevision(t.db, admin, { revisionId }, OPTS)).rejects.toBeInstanceOf(
      RevisionAlreadyReviewedError,
    );
  });

  it("concurrent approvals apply the proposal once; the others are told it was already reviewed", async () => {
    const p = await pageOfLicensee();
    const { revisionId } = await proposePageChanges(
      t.db,
      p.actor,
      { pageId: p.pageId, ...TEXT, pageTitle: "Raced title" },
      OPTS,
    );
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () => approveRevision(t.db, admin, { revisionId }, OPTS)),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results) {
      if (r.status === "rejected") expect(r.reason).toBeInstanceOf(RevisionAlreadyReviewedError);
    }
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, revisionId), eq(auditLog.action, "dynamic_page_revision.approve")));
    expect(audit).toHaveLength(1);
    expect(await mailsTo(p.licensee.email)).toHaveLength(1);
    expect((await pageRow(p.pageId)).pageTitle).toBe("Raced title");
  });

  it("only administrators review", async () => {
    const p = await pageOfLicensee();
    const { revisionId } = await proposePageChanges(
      t.db,
      p.actor,
      { pageId: p.pageId, ...TEXT, pageTitle: "Self-approved" },
      OPTS,
    );
    await expect(approveRevision(t.db, p.actor, { revisionId }, OPTS)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(rejectRevision(t.db, p.actor, { revisionId, note: "no" }, OPTS)).rejects.toBeInstanceOf(
      ForbiddenError,
    );
    await expect(listPendingRevisions(t.db, p.actor)).rejects.toBeInstanceOf(ForbiddenError);
    expect((await pageRow(p.pageId)).pageTitle).toBe("Original title");
  });
});

/**
 * The firm edits every field of its own page (issue: landing pages a firm is glad to pay for): offices with hours,
 * reviews, accent, social links and its own logo; LANDING_PAGE_APPROVAL decides whether the changes wait for an
 * administrator; a page logo is served by who may see it.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { proposePageSchema } from "#kernel/schemas/dynamic-pages.ts";
import { auditLog, dynamicPageRevisions, dynamicPages, territoryLicenses } from "#server/db/schema/index.ts";
import { createTestDb, type TestDb } from "#server/db/test-utils.ts";
import { localStorage } from "#server/integrations/storage/storage.ts";
import type { Actor } from "../actor.ts";
import { DomainError } from "../errors.ts";
import { MediaNotFoundError } from "../profile/images.ts";
import { seedCategory, seedTerritory } from "../reservations/test-fixtures.ts";
import { createDynamicPage, getDynamicPageForAdmin } from "./admin.ts";
import { getLandingPage } from "./landing-pages.ts";
import { readPageLogo, storePageLogo } from "./page-logos.ts";
import { approveRevision, listOwnPages, proposePageChanges } from "./revisions.ts";
import { seedLicensee } from "./test-fixtures.ts";

const OPTS = { publicUrl: "https://poundcodes.test" };
const memoryStorage = () => localStorage(mkdtempSync(join(tmpdir(), "page-logos-")));
let t: TestDb;
let admin: Actor;
beforeAll(async () => {
  t = await createTestDb();
  const reviewer = await seedLicensee(t.db, { companyName: "PoundCodes staff" });
  admin = { userId: reviewer.userId, role: "admin", ip: "198.51.100.9" };
});
afterAll(() => t.close());

async function firmWithPage() {
  const territory = await seedTerritory(t.db);
  const category = await seedCategory(t.db);
  const licensee = await seedLicensee(t.db, { companyName: "Harbor Legal" });
  const [licence] = await t.db
    .insert(territoryLicenses)
    .values({ licenseeId: licensee.id, territoryId: territory.id, categoryId: category.id, monthlyFeeCents: 50_000 })
    .returning({ id: territoryLicenses.id });
  const made = await createDynamicPage(t.db, admin, {
    licenseeId: licensee.id,
    licenceId: licence!.id,
    pageTitle: null,
  });
  const actor: Actor = { userId: licensee.userId, role: "user", ip: "203.0.113.5" };
  return { territory, category, licensee, pageId: made.id, actor, path: made.path };
}

/** The form as the firm's browser posts it, parsed by the same schema the route uses. */
function formOf(pageId: string, fields: Record<string, string>) {
  const fd = new FormData();
  fd.set("intent", "propose");
  fd.set("pageId", pageId);
  for (const [k, v] of Object.entries(fields)) fd.set(k, v);
  const parsed = proposePageSchema.safeParse(Object.fromEntries(fd));
  return parsed;
}

const pngBytes = () =>
  sharp({ create: { width: 40, height: 20, channels: 3, background: "#1f2d52" } })
    .png()
    .toBuffer()
    .then((b) => new Uint8Array(b));
const fileOf = (bytes: Uint8Array) => ({ name: "logo.png", size: bytes.byteLength, bytes: async () => bytes });

const COMPLETE = {
  businessNameOnPage: "Harbor Legal Group",
  companyDescription: "We represent injured workers.",
  areasOfLaw: ["Workers' Compensation"],
};

describe("the firm's editor", () => {
  it("proposes every field: offices with hours, reviews, accent, social links; approval applies them all", async () => {
    const f = await firmWithPage();
    const r = await proposePageChanges(
      t.db,
      f.actor,
      {
        pageId: f.pageId,
        ...COMPLETE,
        accent: "emerald",
        yearsInBusiness: 12,
        officeLocations: [
          {
            name: "Downtown",
            address: "1 Main St",
            city: "Springfield",
            phone: "(555) 010-2000",
            hours: "Mon–Fri 9–5",
          },
        ],
        reviews: [{ quote: "They answered at midnight.", author: "J. R." }],
        socialMediaLinks: { linkedin: "https://www.linkedin.com/company/harbor" },
        contactInfo: { email: "intake@harbor.example" },
      },
      OPTS,
    );
    expect(r.applied).toBe(false);
    const [rev] = await t.db.select().from(dynamicPageRevisions).where(eq(dynamicPageRevisions.id, r.revisionId));
    expect(Object.keys(rev!.changes).sort()).toEqual(
      [
        "accent",
        "areasOfLaw",
        "businessNameOnPage",
        "companyDescription",
        "contactInfo",
        "officeLocations",
        "reviews",
        "socialMediaLinks",
        "yearsInBusiness",
      ].sort(),
    );
    await approveRevision(t.db, admin, { revisionId: r.revisionId }, OPTS);
    const [page] = await t.db.select().from(dynamicPages).where(eq(dynamicPages.id, f.pageId));
    expect(page).toMatchObject({
      accent: "emerald",
      yearsInBusiness: 12,
      reviews: [{ quote: "They answered at midnight.", author: "J. R." }],
      officeLocations: [expect.objectContaining({ hours: "Mon–Fri 9–5" })],
    });
    const view = await getLandingPage(t.db, {
      poundCode: f.path.split("/")[2]!,
      territorySlug: f.path.split("/")[3]!,
    });
    expect(view).toMatchObject({
      accent: "emerald",
      reviews: [{ quote: "They answered at midnight.", author: "J. R." }],
      officeLocations: [expect.objectContaining({ hours: "Mon–Fri 9–5" })],
      missing: [],
    });
  });

  it("with approval off, publishes at once: page updated, proposal recorded as applied, audited, nothing waits", async () => {
    const f = await firmWithPage();
    const r = await proposePageChanges(t.db, f.actor, { pageId: f.pageId, ...COMPLETE }, { ...OPTS, approval: "off" });
    expect(r.applied).toBe(true);
    const [page] = await t.db.select().from(dynamicPages).where(eq(dynamicPages.id, f.pageId));
    expect(page).toMatchObject({ businessNameOnPage: "Harbor Legal Group", areasOfLaw: ["Workers' Compensation"] });
    const revisions = await t.db
      .select()
      .from(dynamicPageRevisions)
      .where(eq(dynamicPageRevisions.dynamicPageId, f.pageId));
    expect(revisions).toHaveLength(1);
    expect(revisions[0]).toMatchObject({ status: "approved", reviewedBy: null });
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.entityId, r.revisionId));
    expect(audits.map((a) => a.action)).toEqual(["dynamic_page_revision.apply"]);
    const [own] = (await listOwnPages(t.db, f.actor))!;
    expect(own).toMatchObject({
      pending: null,
      missing: [],
      lastReview: { status: "approved", byAdministrator: false },
    });
  });

  it("tells the firm and administrators what a page still needs before it is public", async () => {
    const f = await firmWithPage();
    const [own] = (await listOwnPages(t.db, f.actor))!;
    // The business name falls back to the profile's company name; the rest is missing.
    expect(own!.missing).toEqual(["description", "practice"]);
    expect(await getDynamicPageForAdmin(t.db, admin, f.pageId)).toMatchObject({
      isPublic: false,
      missing: ["description", "practice"],
    });
    await proposePageChanges(t.db, f.actor, { pageId: f.pageId, ...COMPLETE }, { ...OPTS, approval: "off" });
    expect(await getDynamicPageForAdmin(t.db, admin, f.pageId)).toMatchObject({ isPublic: true, missing: [] });
  });

  it("reads the whole form, blank rows left out, and refuses an unknown accent or a review without its author", () => {
    const ok = formOf("00000000-0000-4000-8000-000000000001", {
      accent: "rose",
      "reviews[0].quote": "Great",
      "reviews[0].author": "A. B.",
      "reviews[1].quote": "",
      "reviews[1].author": "",
      "officeLocations[0].name": "Uptown",
      "officeLocations[0].hours": "Sat 10–2",
    });
    expect(ok.success).toBe(true);
    const bad = formOf("00000000-0000-4000-8000-000000000001", {
      accent: "neon",
      "reviews[0].quote": "Great",
    });
    expect(bad.success).toBe(false);
  });
});

describe("page logos", () => {
  it("are served privately while only a proposal names them, publicly once the page shows them", async () => {
    const storage = memoryStorage();
    const f = await firmWithPage();
    const { url, key } = await storePageLogo(storage, f.actor, fileOf(await pngBytes()), { maxBytes: 1_000_000 });
    expect(url).toBe(`/media/${key}`);
    expect(key.startsWith(`page_logos/${f.actor.userId}/`)).toBe(true);
    const stranger: Actor = { userId: null, ip: "198.51.100.77" };
    // Named by nothing yet: nobody sees it, not even its owner.
    await expect(readPageLogo(t.db, storage, f.actor, key)).rejects.toBeInstanceOf(MediaNotFoundError);

    const r = await proposePageChanges(t.db, f.actor, { pageId: f.pageId, ...COMPLETE, lawFirmLogoUrl: url }, OPTS);
    await expect(readPageLogo(t.db, storage, f.actor, key)).resolves.toMatchObject({ visibility: "private" });
    await expect(readPageLogo(t.db, storage, admin, key)).resolves.toMatchObject({ visibility: "private" });
    await expect(readPageLogo(t.db, storage, stranger, key)).rejects.toBeInstanceOf(MediaNotFoundError);

    await approveRevision(t.db, admin, { revisionId: r.revisionId }, OPTS);
    const answer = await readPageLogo(t.db, storage, stranger, key);
    expect(answer).toMatchObject({ visibility: "public", contentType: "image/png" });
    expect(answer.body.byteLength).toBeGreaterThan(0);
  });

  it("a firm's proposal may name only a logo it uploaded itself", async () => {
    const storage = memoryStorage();
    const a = await firmWithPage();
    const b = await firmWithPage();
    const theirs = await storePageLogo(storage, b.actor, fileOf(await pngBytes()), { maxBytes: 1_000_000 });
    for (const lawFirmLogoUrl of [theirs.url, "https://tracker.example/pixel.png", "/media/company_logos/x/x-1.png"]) {
      await expect(
        proposePageChanges(t.db, a.actor, { pageId: a.pageId, ...COMPLETE, lawFirmLogoUrl }, OPTS),
      ).rejects.toBeInstanceOf(DomainError);
    }
  });
});

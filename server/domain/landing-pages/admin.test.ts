import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DYNAMIC_PAGES_TEXT, pageContentSchema, savePageSchema } from "#kernel/schemas/dynamic-pages.ts";
import {
  auditLog,
  categories,
  dynamicPageRevisions,
  dynamicPages,
  territoryLicenses,
} from "#server/db/schema/index.ts";
import { createTestDb, type TestDb } from "#server/db/test-utils.ts";
import type { Actor } from "../actor.ts";
import { ForbiddenError } from "../errors.ts";
import { seedCategory, seedTerritory } from "../reservations/test-fixtures.ts";
import {
  createDynamicPage,
  DynamicPageNotFoundError,
  DynamicPagePairTakenError,
  deleteDynamicPage,
  dynamicPageCreateChoices,
  getDynamicPageForAdmin,
  LicenceNotActiveForPageError,
  listDynamicPagesForAdmin,
  updateDynamicPage,
} from "./admin.ts";
import { seedLicensee } from "./test-fixtures.ts";

const admin: Actor = { userId: null, role: "admin", ip: "198.51.100.9" };
const member: Actor = { userId: "user_member", role: "user" };

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.close());

/** A licensee with an active licence of a fresh #Code in a fresh territory. */
async function licensed(opts: { status?: "active" | "cancelled"; company?: string } = {}) {
  const territory = await seedTerritory(t.db);
  const category = await seedCategory(t.db);
  const licensee = await seedLicensee(t.db, { companyName: opts.company ?? "Whitfield Injury Law" });
  const [licence] = await t.db
    .insert(territoryLicenses)
    .values({
      licenseeId: licensee.id,
      territoryId: territory.id,
      categoryId: category.id,
      monthlyFeeCents: 50_000,
      status: opts.status ?? "active",
      ...(opts.status === "cancelled" ? { startsAt: new Date("2026-01-01"), endsAt: new Date("2026-06-01") } : {}),
    })
    .returning({ id: territoryLicenses.id });
  return { territory, category, licensee, licenceId: licence!.id };
}

const query = (q = "", over: Record<string, unknown> = {}) =>
  ({ q, sort: "territory", dir: "asc", page: 1, size: 25, filters: {}, ...over }) as never;

describe("createDynamicPage", () => {
  it("creates the page of a licensee's active #Code licence, audited", async () => {
    const { territory, category, licensee, licenceId } = await licensed();
    const made = await createDynamicPage(t.db, admin, {
      licenseeId: licensee.id,
      licenceId,
      pageTitle: "Call us today",
    });
    const [page] = await t.db.select().from(dynamicPages).where(eq(dynamicPages.id, made.id));
    expect(page).toMatchObject({
      poundCode: category.name.toUpperCase(),
      territoryId: territory.id,
      licenseeId: licensee.id,
      pageTitle: "Call us today",
    });
    expect(made.name).toBe(`${category.name} in ${territory.name}`);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, made.id));
    expect(audit.map((a) => a.action)).toEqual(["dynamic_page.create"]);
  });

  it("offers only active #Code licences whose pair has no page, under their licensee", async () => {
    const free = await licensed({ company: "Aaron Free Pair Law" });
    const taken = await licensed({ company: "Aaron Taken Pair Law" });
    await createDynamicPage(t.db, admin, {
      licenseeId: taken.licensee.id,
      licenceId: taken.licenceId,
      pageTitle: null,
    });
    const ended = await licensed({ status: "cancelled", company: "Aaron Ended Law" });
    const choices = await dynamicPageCreateChoices(t.db, admin);
    const byId = new Map(choices.map((c) => [c.value, c]));
    expect(byId.get(free.licensee.id)?.pairs).toEqual([
      { value: free.licenceId, label: `${free.category.name} · ${free.territory.name}` },
    ]);
    expect(byId.has(taken.licensee.id)).toBe(false);
    expect(byId.has(ended.licensee.id)).toBe(false);
  });

  it("refuses a licence that is not the licensee's, not active, or not a #Code, and writes nothing", async () => {
    const a = await licensed();
    const b = await licensed();
    await expect(
      createDynamicPage(t.db, admin, { licenseeId: b.licensee.id, licenceId: a.licenceId, pageTitle: null }),
    ).rejects.toBeInstanceOf(LicenceNotActiveForPageError);
    const ended = await licensed({ status: "cancelled" });
    await expect(
      createDynamicPage(t.db, admin, { licenseeId: ended.licensee.id, licenceId: ended.licenceId, pageTitle: null }),
    ).rejects.toBeInstanceOf(LicenceNotActiveForPageError);
    const keyword = await licensed();
    await t.db
      .update(categories)
      .set({ categoryType: "keyword_group", name: `Keyword ${keyword.category.id}`, keywordBaseMultiplier: 1 })
      .where(eq(categories.id, keyword.category.id));
    await expect(
      createDynamicPage(t.db, admin, {
        licenseeId: keyword.licensee.id,
        licenceId: keyword.licenceId,
        pageTitle: null,
      }),
    ).rejects.toBeInstanceOf(LicenceNotActiveForPageError);
    const pages = await t.db.select().from(dynamicPages).where(eq(dynamicPages.territoryId, a.territory.id));
    expect(pages).toEqual([]);
  });

  it("refuses a pair that already has a page (whatever the #Code's case), naming it", async () => {
    const { territory, category, licensee, licenceId } = await licensed();
    await t.db.insert(dynamicPages).values({
      poundCode: category.name.slice(1).toLowerCase(),
      territoryId: territory.id,
      licenseeId: licensee.id,
    });
    const err = await createDynamicPage(t.db, admin, { licenseeId: licensee.id, licenceId, pageTitle: null }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(DynamicPagePairTakenError);
    expect((err as Error).message).toBe(DYNAMIC_PAGES_TEXT.pairTaken(category.name.toUpperCase(), territory.name));
    const pages = await t.db.select().from(dynamicPages).where(eq(dynamicPages.territoryId, territory.id));
    expect(pages).toHaveLength(1);
  });

  it("refuses anyone but an administrator", async () => {
    const { licensee, licenceId } = await licensed();
    await expect(
      createDynamicPage(t.db, member, { licenseeId: licensee.id, licenceId, pageTitle: null }),
    ).rejects.toBeInstanceOf(ForbiddenError);
    await expect(listDynamicPagesForAdmin(t.db, member, query())).rejects.toBeInstanceOf(ForbiddenError);
  });
});

describe("listDynamicPagesForAdmin", () => {
  it("lists pages joined to territory and licensee, searchable", async () => {
    const { territory, licensee, licenceId } = await licensed({ company: "Zebrafish Legal Partners" });
    const made = await createDynamicPage(t.db, admin, { licenseeId: licensee.id, licenceId, pageTitle: null });
    const page = await listDynamicPagesForAdmin(t.db, admin, query("zebrafish"));
    expect(page.total).toBe(1);
    expect(page.rows[0]).toMatchObject({
      id: made.id,
      territoryName: territory.name,
      licenseeName: "Zebrafish Legal Partners",
      path: made.path,
      pendingChanges: false,
    });
  });
});

const FULL_FORM = {
  intent: "save-page",
  pageTitle: "Injured? Dial us",
  businessNameOnPage: "Whitfield & Co",
  companyDescription: "<p>We <strong>help</strong>.</p><script>alert(1)</script>",
  services: "Free evaluation\n\n  Home visits \nFree evaluation",
  areasOfLaw: "Car Accidents\nDog Bites",
  lawFirmHighlights: "Plain text & proud",
  yearsInBusiness: "12",
  lawFirmLogoUrl: "https://cdn.example.com/logo.png",
  testimonialLink: "https://reviews.example.com/w",
  attorneyDirectoryUrl: "",
  "officeLocations[0].name": "Main Office",
  "officeLocations[0].address": "1 Main Street",
  "officeLocations[0].city": "Springfield",
  "officeLocations[0].phone": "(555) 010-1000",
  "officeLocations[1].name": "",
  "officeLocations[1].address": "",
  "partnersInfo[0].name": "Dana Whitfield",
  "partnersInfo[0].description": "Founding partner.",
  "socialMediaLinks.facebook": "https://www.facebook.com/w",
  "socialMediaLinks.twitter": "",
  "contactInfo.phone": "(555) 010-2000",
  "contactInfo.email": "Intake@Whitfield.example",
  "contactInfo.address": "",
};

function parseForm(fields: Record<string, string>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  // The same parsing the route does.
  return import("@conform-to/zod/v4").then(({ parseWithZod }) => parseWithZod(form, { schema: savePageSchema }));
}

describe("updateDynamicPage", () => {
  it("saves every field: HTML sanitized, lists cleaned, repeatable groups, links merged, audited", async () => {
    const { licensee, licenceId } = await licensed();
    const made = await createDynamicPage(t.db, admin, { licenseeId: licensee.id, licenceId, pageTitle: null });
    await t.db
      .update(dynamicPages)
      .set({ socialMediaLinks: { tiktok: "https://www.tiktok.com/@w", x: "https://x.com/old" } })
      .where(eq(dynamicPages.id, made.id));
    const parsed = await parseForm(FULL_FORM);
    expect(parsed.status).toBe("success");
    if (parsed.status !== "success") return;
    const { intent: _intent, ...content } = parsed.value;
    const saved = await updateDynamicPage(t.db, admin, { id: made.id, ...content });
    expect(saved.changed.length).toBeGreaterThan(5);
    const [page] = await t.db.select().from(dynamicPages).where(eq(dynamicPages.id, made.id));
    expect(page).toMatchObject({
      pageTitle: "Injured? Dial us",
      companyDescription: "<p>We <strong>help</strong>.</p>",
      lawFirmHighlights: "Plain text & proud",
      services: ["Free evaluation", "Home visits"],
      areasOfLaw: ["Car Accidents", "Dog Bites"],
      yearsInBusiness: 12,
      attorneyDirectoryUrl: null,
      officeLocations: [
        { name: "Main Office", address: "1 Main Street", city: "Springfield", phone: "(555) 010-1000" },
      ],
      partnersInfo: [{ name: "Dana Whitfield", description: "Founding partner." }],
      socialMediaLinks: { tiktok: "https://www.tiktok.com/@w", facebook: "https://www.facebook.com/w" },
      contactInfo: { phone: "(555) 010-2000", email: "intake@whitfield.example" },
    });
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, made.id), eq(auditLog.action, "dynamic_page.update")));
    expect((audit!.details as { after: Record<string, unknown> }).after.pageTitle).toBe("Injured? Dial us");
    const detail = await getDynamicPageForAdmin(t.db, admin, made.id);
    expect(detail.content.services).toEqual(["Free evaluation", "Home visits"]);

    // Saving the same form again changes nothing and writes no audit row.
    const again = await updateDynamicPage(t.db, admin, { id: made.id, ...content });
    expect(again.changed).toEqual([]);
  });

  it("refuses bad input with the field's message: non-http links, negative years, incomplete groups", async () => {
    const bad = await parseForm({
      ...FULL_FORM,
      lawFirmLogoUrl: "javascript:alert(1)",
      testimonialLink: "ftp://example.com/x",
      yearsInBusiness: "-3",
      "officeLocations[0].name": "",
      "officeLocations[0].address": "",
      "partnersInfo[0].name": "",
      "socialMediaLinks.facebook": "not a url",
    });
    expect(bad.status).toBe("error");
    const errors = bad.reply().error ?? {};
    expect(errors.lawFirmLogoUrl).toEqual(["Logo must be a web address starting with http:// or https://."]);
    expect(errors.testimonialLink?.[0]).toMatch(/http/);
    expect(errors.yearsInBusiness).toEqual(["Years in business cannot be negative."]);
    expect(errors["officeLocations[0].name"]).toEqual(["An office needs a name or an address."]);
    expect(errors["partnersInfo[0].name"]).toEqual(["A partner needs a name."]);
    expect(errors["socialMediaLinks.facebook"]?.[0]).toMatch(/http/);
    expect(pageContentSchema.safeParse({ yearsInBusiness: "0" }).success).toBe(true);
  });

  it("answers 404 for a page that is gone", async () => {
    await expect(
      updateDynamicPage(t.db, admin, {
        id: "00000000-0000-4000-8000-000000000000",
        ...pageContentSchema.parse({}),
      }),
    ).rejects.toBeInstanceOf(DynamicPageNotFoundError);
  });
});

describe("deleteDynamicPage", () => {
  it("deletes the page and its proposals, audited with the whole page", async () => {
    const { licensee, licenceId } = await licensed();
    const made = await createDynamicPage(t.db, admin, { licenseeId: licensee.id, licenceId, pageTitle: "Bye" });
    await t.db
      .insert(dynamicPageRevisions)
      .values({ dynamicPageId: made.id, licenseeId: licensee.id, changes: { pageTitle: "New" } });
    await deleteDynamicPage(t.db, admin, { id: made.id });
    expect(await t.db.select().from(dynamicPages).where(eq(dynamicPages.id, made.id))).toEqual([]);
    expect(
      await t.db.select().from(dynamicPageRevisions).where(eq(dynamicPageRevisions.dynamicPageId, made.id)),
    ).toEqual([]);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, made.id), eq(auditLog.action, "dynamic_page.delete")));
    expect((audit!.details as { before: { pageTitle: string } }).before.pageTitle).toBe("Bye");
    await expect(deleteDynamicPage(t.db, admin, { id: made.id })).rejects.toBeInstanceOf(DynamicPageNotFoundError);
    await expect(deleteDynamicPage(t.db, member, { id: made.id })).rejects.toBeInstanceOf(ForbiddenError);
  });
});

/**
 * Every catalog and content write refreshes every cached page that shows what it changed, and only those: the writes
 * are the domain's own (they record what they changed, server/domain/changes.ts), the pages are this app's route
 * table with the `pageCache` declarations its modules export, and the cache is the HTTP app's. Only the rendering is
 * a stand-in, which counts renders.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routes from "#app/routes.ts";
import { blogPostFormSchema } from "#kernel/schemas/blog-admin.ts";
import { categoryFormSchema, deleteKeywordSchema, keywordFormSchema } from "#kernel/schemas/categories.ts";
import { contentSaveSchema } from "#kernel/schemas/content-editor.ts";
import { faqPublishSchema } from "#kernel/schemas/faq-admin.ts";
import { profileSchema } from "#kernel/schemas/profile.ts";
import { reservationSchema } from "#kernel/schemas/reservation.ts";
import { supportTopicFormSchema } from "#kernel/schemas/support-topics-admin.ts";
import { TERRITORY_FEE_NAMES, type TerritoryFeesInput } from "#kernel/schemas/territories-admin.ts";
import { loadConfig } from "#server/config.ts";
import type { Database } from "#server/db/client.ts";
import {
  blogPosts,
  categories,
  editableContent,
  faqItems,
  specialPricingKeywords,
  supportTopics,
  territories,
  user,
} from "#server/db/schema/index.ts";
import type { TestDb } from "#server/db/test-utils.ts";
import type { Actor } from "#server/domain/actor.ts";
import { saveCategory } from "#server/domain/catalogue/categories-admin.ts";
import { deleteKeyword, saveKeyword } from "#server/domain/catalogue/keywords-admin.ts";
import {
  getTerritoryForAdmin,
  saveTerritoryFees,
  setTerritoryCategoryStatus,
  toggleTerritoryVisibility,
} from "#server/domain/catalogue/territories-admin.ts";
import { createSeededDb } from "#server/domain/catalogue/test-fixtures.ts";
import { savePost } from "#server/domain/content/blog-admin.ts";
import { saveContentValue } from "#server/domain/content/editable-content-admin.ts";
import { setFaqPublished } from "#server/domain/content/faq-admin.ts";
import { saveTopic } from "#server/domain/content/support-topics-admin.ts";
import { updateProfile } from "#server/domain/profile/profile.ts";
import { reserveTerritory } from "#server/domain/reservations/reservations.ts";
import { setUserActive } from "#server/domain/users/admin.ts";
import { createHttpApp } from "#server/http/app.ts";
import { createLogger } from "#server/logger.ts";
import { createServices } from "#server/services.ts";

type RouteEntry = { id?: string; path?: string; index?: boolean; file: string; children?: RouteEntry[] };

/** Every route module of the app, by its file under app/. */
const modules = import.meta.glob<Record<string, unknown>>(["./**/*.tsx", "../root.tsx"]);

/** The route table the server build would hold: app/routes.ts with each route's own module. */
async function routeTable(): Promise<ServerBuild["routes"]> {
  const table: Record<string, unknown> = { root: { id: "root", path: "", module: await modules["../root.tsx"]!() } };
  const add = async (entries: RouteEntry[], parentId: string) => {
    for (const r of entries) {
      const id = r.id ?? r.file.replace(/\.tsx?$/, "");
      const load = modules[`./${r.file.replace(/^routes\//, "")}`];
      if (!load) throw new Error(`no module for ${r.file}`);
      table[id] = { id, parentId, path: r.path, index: r.index, module: await load() };
      if (r.children) await add(r.children, id);
    }
  };
  await add(routes as unknown as RouteEntry[], "root");
  return table as ServerBuild["routes"];
}

const PAGES = [
  "/",
  "/all-numbers",
  "/licensing/by-state",
  "/products-services",
  "/number/hash-4law",
  "/number/hash-4law/georgia",
  "/number/hash-help",
  "/number/hash-help/east-texas",
  "/p/4law/georgia",
  "/resources/territories",
  "/resources/territories?number=hash-4law",
  "/resources/pound-codes?territory=georgia",
  "/resources/territory-popup/georgia",
  "/resources/territory-popup/east-texas",
  "/sitemap.xml",
  "/blog",
  "/blog/planning-your-first-pound-code-campaign",
  "/faq",
  "/support-topics",
  "/privacy",
  "/about",
] as const;
type Page = (typeof PAGES)[number];

/** The pages that show every territory's status over all numbers (and the sitemap, which lists the catalog). */
const OVERVIEW: Page[] = [
  "/",
  "/all-numbers",
  "/licensing/by-state",
  "/resources/territories",
  "/resources/pound-codes?territory=georgia",
  "/sitemap.xml",
];
const NUMBER_4LAW: Page[] = [
  "/number/hash-4law",
  "/number/hash-4law/georgia",
  "/resources/territories?number=hash-4law",
];
const NUMBER_HELP: Page[] = ["/number/hash-help", "/number/hash-help/east-texas"];
const CONTENT: Page[] = [
  "/blog",
  "/blog/planning-your-first-pound-code-campaign",
  "/faq",
  "/support-topics",
  "/privacy",
  "/about",
];

let t: TestDb;
let db: Database;
let app: ReturnType<typeof createHttpApp>;
let admin: Actor;
const licenseeUser = "catalogue-test-demo-user";

beforeAll(async () => {
  t = await createSeededDb();
  db = t.db;
  const config = loadConfig({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "pc-page-cache-")),
    BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-42",
  });
  const services = await createServices(config, { handle: t, logger: createLogger("silent") });
  const requestHandler = async () =>
    new Response(`<!doctype html><p>${Math.random()}</p>`, { headers: { "content-type": "text/html" } });
  app = createHttpApp({
    services,
    mode: "production",
    build: { routes: await routeTable() } as ServerBuild,
    requestHandler,
  });
  const [a] = await db
    .insert(user)
    .values({
      id: "page-cache-admin",
      name: "Avery Admin",
      email: "avery.admin@example.com",
      emailVerified: true,
      role: "admin",
    })
    .returning({ id: user.id });
  admin = { userId: a!.id, role: "admin", ip: "198.51.100.20" };
}, 60_000);
afterAll(async () => {
  app?.close();
  await t?.close();
});

const cacheOf = async (p: string) =>
  (await app.request(p, { headers: { accept: "text/html", "accept-encoding": "identity" } })).headers.get(
    "x-page-cache",
  );

/** Caches every page, runs the write, and answers which pages the cache no longer serves. */
async function droppedBy(write: () => Promise<unknown>): Promise<Page[]> {
  app.pageCache.clear();
  for (const p of PAGES) await cacheOf(p);
  for (const p of PAGES) expect(await cacheOf(p), p).toBe("hit");
  await write();
  const dropped: Page[] = [];
  for (const p of PAGES) if ((await cacheOf(p)) !== "hit") dropped.push(p);
  return dropped;
}

const except = (...gone: Page[][]) => PAGES.filter((p) => !gone.flat().includes(p));
const idOf = async (table: typeof territories | typeof categories, slug: string) => {
  const [row] = await db.select({ id: table.id }).from(table).where(eq(table.slug, slug));
  return row!.id;
};

const ids: Record<string, string> = {};
beforeAll(async () => {
  ids.ohio = await idOf(territories, "ohio");
  ids.georgia = await idOf(territories, "georgia");
  ids.eastTexas = await idOf(territories, "east-texas");
  ids.help = await idOf(categories, "hash-help");
  ids.law = await idOf(categories, "hash-4law");
});

const ALL_NUMBER_PAGES: Page[] = [...NUMBER_4LAW, ...NUMBER_HELP];
/** What a write to every number's data drops: every page showing the catalog. */
const CATALOG: Page[] = except(CONTENT);
const LANDING: Page[] = ["/p/4law/georgia", "/sitemap.xml"];
const only = (...sets: Page[][]) => PAGES.filter((p) => sets.flat().includes(p));

describe("which pages a write refreshes", () => {
  it("every page is cacheable and cached once", async () => {
    app.pageCache.clear();
    for (const p of PAGES) expect(await cacheOf(p), p).toBe("miss");
    for (const p of PAGES) expect(await cacheOf(p), p).toBe("hit");
  });

  it("a reservation: the overviews and that number's pages (the pair is in Ohio)", async () => {
    const dropped = await droppedBy(() =>
      reserveTerritory(
        db,
        { userId: null, ip: "198.51.100.21" },
        reservationSchema.parse({
          territoryId: ids.ohio,
          categoryId: ids.law,
          name: "Dana Whitfield",
          email: "dana.whitfield@example.com",
          phone: "(614) 555-0140",
          agreeToTerms: true,
        }),
        {
          linkSecret: "order-link-secret-for-tests",
          publicUrl: "https://poundcodes.test",
          salesEmail: "sales@poundcodes.test",
        },
      ),
    );
    expect(dropped).toEqual(only(OVERVIEW, NUMBER_4LAW, ["/p/4law/georgia"]));
  });

  it("an administrator's status for a pair: the overviews, that number's pages and that territory's popup", async () => {
    const dropped = await droppedBy(() =>
      setTerritoryCategoryStatus(db, admin, {
        territoryId: ids.eastTexas!,
        categoryId: ids.help!,
        status: "negotiations",
      }),
    );
    expect(dropped).toEqual(only(OVERVIEW, NUMBER_HELP, ["/resources/territory-popup/east-texas"]));
  });

  it("a territory's fees: every page drawing every territory, and that territory's own pages", async () => {
    const { fees } = await getTerritoryForAdmin(db, admin, ids.georgia!);
    // The form's fields: dollars for the fees (cents stored), the multipliers as they are.
    const form = Object.fromEntries(
      TERRITORY_FEE_NAMES.map((name) => {
        const stored = name.endsWith("Fee")
          ? (fees as Record<string, number | null>)[`${name}Cents`]
          : (fees as Record<string, number | null>)[name];
        const value = stored === null || stored === undefined ? "" : name.endsWith("Fee") ? stored / 100 : stored;
        return [name, String(value)];
      }),
    ) as TerritoryFeesInput;
    form.baseMonthlyFee = String(Number(form.baseMonthlyFee) + 1);
    const dropped = await droppedBy(() => saveTerritoryFees(db, admin, { territoryId: ids.georgia!, ...form }));
    expect(dropped).toEqual(
      only(OVERVIEW, ALL_NUMBER_PAGES, ["/p/4law/georgia", "/resources/territory-popup/georgia"]),
    );
  });

  it("a territory hidden: every page drawing every territory, and that territory's own pages", async () => {
    const dropped = await droppedBy(() => toggleTerritoryVisibility(db, admin, { territoryId: ids.eastTexas! }));
    expect(dropped).toEqual(only(OVERVIEW, ALL_NUMBER_PAGES, ["/resources/territory-popup/east-texas"]));
    await toggleTerritoryVisibility(db, admin, { territoryId: ids.eastTexas! });
  });

  it("a category, a keyword: every page showing the catalog", async () => {
    const [help] = await db.select().from(categories).where(eq(categories.id, ids.help!));
    expect(
      await droppedBy(() =>
        saveCategory(
          db,
          admin,
          categoryFormSchema.parse({
            intent: "save-category",
            id: help!.id,
            name: help!.name,
            slug: help!.slug,
            description: "Help for every emergency, one dial away.",
            categoryType: help!.categoryType,
            feePercentageOfBase: String(help!.feePercentageOfBase ?? ""),
          }),
        ),
      ),
    ).toEqual(CATALOG);
    let keywordId = "";
    expect(
      await droppedBy(async () => {
        keywordId = (
          await saveKeyword(
            db,
            admin,
            keywordFormSchema.parse({ intent: "save-keyword", keywordText: "tow truck", multiplier: "1.2" }),
          )
        ).id;
      }),
    ).toEqual(CATALOG);
    expect(
      await droppedBy(() =>
        deleteKeyword(db, admin, deleteKeywordSchema.parse({ intent: "delete-keyword", id: keywordId })),
      ),
    ).toEqual(CATALOG);
    expect(await db.$count(specialPricingKeywords, eq(specialPricingKeywords.id, keywordId))).toBe(0);
  });

  it("a blog post: the blog, the home page's news and the sitemap", async () => {
    const dropped = await droppedBy(() =>
      savePost(
        db,
        admin,
        blogPostFormSchema.parse({
          intent: "save-post",
          title: "Choosing a #Code for a second office",
          slug: "choosing-a-code-for-a-second-office",
          excerpt: "What changes when a firm opens in a new territory.",
          content: "<p>Start from the territory your callers dial from.</p>",
          status: "published",
        }),
      ),
    );
    expect(dropped).toEqual(only(["/", "/sitemap.xml", "/blog", "/blog/planning-your-first-pound-code-campaign"]));
    expect(await db.$count(blogPosts)).toBeGreaterThan(1);
  });

  it("an FAQ answer published or not: the FAQ and the home page's questions", async () => {
    const [item] = await db.select().from(faqItems).where(eq(faqItems.isPublished, true)).limit(1);
    const dropped = await droppedBy(() =>
      setFaqPublished(db, admin, faqPublishSchema.parse({ intent: "publish-faq", id: item!.id, publish: "false" })),
    );
    expect(dropped).toEqual(only(["/", "/faq"]));
  });

  it("a support topic: the support topics and the sitemap", async () => {
    const dropped = await droppedBy(() =>
      saveTopic(
        db,
        admin,
        supportTopicFormSchema.parse({
          intent: "save-topic",
          title: "Moving a #Code to a new phone number",
          slug: "moving-a-code-to-a-new-phone-number",
          content: "<p>Your #Code follows the number you route it to.</p>",
          published: "on",
        }),
      ),
    );
    expect(dropped).toEqual(only(["/sitemap.xml", "/support-topics"]));
    expect(await db.$count(supportTopics)).toBeGreaterThan(1);
  });

  it("site text: the pages showing it (the home page, the number pages, the privacy policy)", async () => {
    const [row] = await db
      .select()
      .from(editableContent)
      .where(eq(editableContent.contentKey, "home_hero_title"))
      .limit(1);
    const dropped = await droppedBy(() =>
      saveContentValue(
        db,
        admin,
        contentSaveSchema.parse({ intent: "save-content", id: row!.id, contentValue: "Numbers callers remember" }),
      ),
    );
    expect(dropped).toEqual(only(["/", "/number/hash-4law", "/number/hash-4law/georgia", ...NUMBER_HELP, "/privacy"]));
  });

  it("a licensee's profile, and the licensee deactivated: their landing pages and the sitemap", async () => {
    const licensee = { userId: licenseeUser, role: "user" as const, ip: "198.51.100.22" };
    expect(
      await droppedBy(() =>
        updateProfile(
          db,
          licensee,
          profileSchema.parse({
            contactName: "Maya Hartwell",
            phone: "(404) 555-0142",
            companyName: "Hartwell & Reyes Injury Law",
            city: "Atlanta",
            stateProvince: "GA",
          }),
        ),
      ),
    ).toEqual(only(LANDING));
    expect(await droppedBy(() => setUserActive(db, admin, { userId: licenseeUser, active: false }))).toEqual(
      only(LANDING),
    );
  });
});

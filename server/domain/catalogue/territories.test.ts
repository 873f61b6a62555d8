import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NumberContext, TerritoryView } from "#kernel/catalogue.ts";
import { statusForCategory } from "#kernel/territory-status.ts";
import { categories, territories, territoryCategories, vanityNumbers } from "../../db/schema/index.ts";
import { POUND_CODES } from "../../db/seed/data/categories.ts";
import { TERRITORIES, territoryByKey } from "../../db/seed/data/territories.ts";
import { statusOf, TERRITORY_STATUS_BY_KEY } from "../../db/seed/data/territory-category-statuses.ts";
import { VANITY_NUMBERS } from "../../db/seed/data/vanity-numbers.ts";
import type { TestDb } from "../../db/test-utils.ts";
import { breakdownLines, quotePrice } from "../pricing/pricing.ts";
import { findTerritoryBySlug, listTerritories, territoryPopup } from "./territories.ts";
import { countingDb, createSeededDb } from "./test-fixtures.ts";

let t: TestDb;
const ids = new Map<string, string>(); // map key → territory id
const slugs = new Map<string, string>(); // map key → territory slug
const catIds = new Map<string, string>(); // category slug → id

beforeAll(async () => {
  t = await createSeededDb();
  for (const r of await t.db.select().from(territories)) {
    const key = r.portion ? `${r.state}-${r.portion}` : r.state;
    ids.set(key, r.id);
    slugs.set(key, r.slug);
  }
  for (const c of await t.db.select().from(categories)) catIds.set(c.slug, c.id);
});
afterAll(() => t?.close());

async function poundcodeContext(slug: string): Promise<NumberContext> {
  const [c] = await t.db.select().from(categories).where(eq(categories.slug, slug));
  return { kind: "poundcode", categoryId: c!.id, name: c!.name, slug: c!.slug, description: c!.description };
}

function byKey(list: TerritoryView[], key: string): TerritoryView {
  const v = list.find((x) => x.key === key);
  if (!v) throw new Error(`no ${key}`);
  return v;
}

describe("listTerritories", () => {
  it("lists the 59 demo territories by state then name, keyed STATE or STATE-PORTION", async () => {
    const list = await listTerritories(t.db, { context: { kind: "all" } });
    expect(list).toHaveLength(59);
    expect(list.map((x) => x.key)).toEqual(TERRITORIES.map((x) => x.key));
    for (const v of list) {
      expect(v.key).toMatch(/^[A-Z]{2}(-[NCSEW])?$/);
      expect(v.key).toBe(v.portion ? `${v.state}-${v.portion}` : v.state);
      expect(v.slug).toBe(v.name.toLowerCase().replace(/\s+/g, "-"));
    }
    const keys = list.map((x) => x.key);
    expect(keys).not.toContain("CA");
    expect(keys.filter((k) => k.startsWith("CA"))).toEqual(["CA-C", "CA-N", "CA-S"]);
    expect(keys).toContain("DC");
    expect(byKey(list, "TX-E")).toMatchObject({ name: "East Texas", slug: "east-texas", state: "TX", portion: "E" });
    expect(byKey(list, "NM").slug).toBe("new-mexico");
  });

  it("on the all-numbers page derives the map status over the #Codes (matches the seeded territory status)", async () => {
    const list = await listTerritories(t.db, { context: { kind: "all" } });
    for (const v of list) {
      expect(v.mapStatus, v.key).toBe(TERRITORY_STATUS_BY_KEY.get(v.key));
      expect(v.listStatus).toBe(v.mapStatus);
    }
    expect(byKey(list, "CT").mapStatus).toBe("licensed");
    expect(byKey(list, "GA").mapStatus).toBe("partial");
    expect(new Set(list.map((v) => v.mapStatus))).toEqual(
      new Set(["available", "partial", "negotiations", "licensed"]),
    );
  });

  it("on a #Code page uses that category's status in each territory", async () => {
    const law = await listTerritories(t.db, { context: await poundcodeContext("hash-4law") });
    expect(byKey(law, "GA").mapStatus).toBe("licensed");
    expect(byKey(law, "TX-E").mapStatus).toBe("licensed");
    expect(byKey(law, "AK").mapStatus).toBe(statusForCategory(statusOf("AK", "hash-4law")));

    for (const slug of ["hash-help", "hash-roof"]) {
      const list = await listTerritories(t.db, { context: await poundcodeContext(slug) });
      for (const v of list) {
        expect(v.mapStatus, `${slug} ${v.key}`).toBe(statusForCategory(statusOf(v.key, slug)));
        expect(v.listStatus).toBe(v.mapStatus);
        expect(v.mapStatus).not.toBe("partial");
      }
    }
  });

  it("carries no per-category rows: a page never holds the catalog times the territories", async () => {
    for (const context of [{ kind: "all" } as const, await poundcodeContext("hash-4law")]) {
      const list = await listTerritories(t.db, { context });
      expect(list.every((v) => v.categories.length === 0)).toBe(true);
    }
  });

  it("prices each territory from its base fee and usage multipliers; a #Code page adds that code's quote", async () => {
    const all = await listTerritories(t.db, { context: { kind: "all" } });
    for (const v of all) {
      const seed = territoryByKey(v.key);
      expect(v.pricing.baseMonthlyCents).toBe(Math.max(9_500, seed.baseMonthlyFeeCents));
      expect(v.pricing.setupCents).toBe(seed.baseSetupFeeCents);
      expect(v.pricing.perMinuteCents).toBe(Math.round(5 * seed.minutesMultiplier));
      expect(v.pricing.perSmsCents).toBe(Math.round(2 * seed.smsMultiplier));
      // A web-form lead is the fixed $0.50 whatever the territory's lead multiplier.
      expect(v.pricing.perWebFormLeadCents).toBe(50);
      expect(v.pricing.categoryQuote).toBeNull();
      expect(v.population).toBe(seed.population);
      expect(v.areaCodes).toEqual(seed.areaCodes);
    }

    const law = await listTerritories(t.db, { context: await poundcodeContext("hash-4law") });
    const ga = byKey(law, "GA");
    const [row] = await t.db
      .select()
      .from(territories)
      .where(eq(territories.id, ids.get("GA")!));
    const [cat] = await t.db.select().from(categories).where(eq(categories.slug, "hash-4law"));
    const expected = quotePrice({ territory: row!, category: cat! });
    expect(ga.pricing.categoryQuote).toEqual({
      categoryId: cat!.id,
      categoryName: "#4LAW",
      finalMonthlyCents: expected.finalMonthlyCents,
      lines: breakdownLines(expected).filter((l) => ["monthly", "adjustment", "total"].includes(l.kind)),
    });
    expect(ga.pricing.categoryQuote!.finalMonthlyCents).toBe(territoryByKey("GA").poundLawMonthlyFeeCents);
    expect(ga.pricing.baseMonthlyCents).toBe(territoryByKey("GA").baseMonthlyFeeCents);
  });

  it("gives one monthly figure per category, and a #Code page's breakdown adds up to it", async () => {
    const law = await listTerritories(t.db, { context: await poundcodeContext("hash-4law") });
    for (const v of law) {
      const quote = v.pricing.categoryQuote!;
      const lines = quote.lines;
      const total = lines.filter((l) => l.kind === "total");
      expect(total).toHaveLength(1);
      expect(total[0]!.cents).toBe(quote.finalMonthlyCents);
      const parts = lines.filter((l) => l.kind === "monthly" || l.kind === "adjustment");
      expect(parts.reduce((a, l) => a + l.cents, 0)).toBe(quote.finalMonthlyCents);
      // The deposit and usage prices are the territory's, shown once, not repeated in the breakdown.
      expect(lines.some((l) => l.kind === "one_off" || l.kind === "usage")).toBe(false);
    }
    const eastTexas = byKey(law, "TX-E");
    expect(eastTexas.pricing.categoryQuote!.finalMonthlyCents).toBe(territoryByKey("TX-E").poundLawMonthlyFeeCents);
  });

  it("does three queries whatever the number of territories, and none of a #Code's on a vanity number's page", async () => {
    const counting = countingDb(t.db);
    await listTerritories(counting.db, { context: await poundcodeContext("hash-help") });
    expect(counting.count()).toBe(3);
    const all = countingDb(t.db);
    await listTerritories(all.db, { context: { kind: "all" } });
    expect(all.count()).toBe(3);
    const [vanity] = await t.db.select().from(vanityNumbers).limit(1);
    const onVanity = countingDb(t.db);
    await listTerritories(onVanity.db, {
      context: {
        kind: "vanity",
        id: vanity!.id,
        numberText: vanity!.numberText,
        slug: vanity!.slug,
        name: null,
        description: null,
        status: vanity!.status,
        territoryId: vanity!.territoryId,
        associatedPoundCode: null,
      },
    });
    // The territories, the number, its territory statuses.
    expect(onVanity.count()).toBe(3);
  });

  it("works inside a transaction", async () => {
    const n = await t.db.transaction(async (tx) => (await listTerritories(tx, { context: { kind: "all" } })).length);
    expect(n).toBe(59);
  });

  it("hides inactive territories", async () => {
    const id = ids.get("WY")!;
    await t.db.update(territories).set({ status: "inactive" }).where(eq(territories.id, id));
    try {
      const list = await listTerritories(t.db, { context: { kind: "all" } });
      expect(list).toHaveLength(58);
      expect(list.some((v) => v.id === id)).toBe(false);
      expect(await territoryPopup(t.db, slugs.get("WY")!)).toBeNull();
    } finally {
      await t.db.update(territories).set({ status: "available" }).where(eq(territories.id, id));
    }
  });

  it("counts a #Code without a territory_categories row as available", async () => {
    const [extra] = await t.db
      .insert(categories)
      .values({ name: "#ZEST", slug: "hash-zest", feePercentageOfBase: 100, categoryType: "standard" })
      .returning();
    try {
      const all = await listTerritories(t.db, { context: { kind: "all" } });
      // Connecticut had all ten #Codes licensed; an eleventh without a row is available, so it is partial now.
      expect(byKey(all, "CT").mapStatus).toBe("partial");
      const zest = await listTerritories(t.db, { context: await poundcodeContext("hash-zest") });
      expect(zest.every((v) => v.mapStatus === "available")).toBe(true);
      expect(byKey(zest, "CT").pricing.categoryQuote?.categoryName).toBe("#ZEST");
    } finally {
      await t.db.delete(categories).where(eq(categories.id, extra!.id));
    }
  });
});

describe("findTerritoryBySlug", () => {
  it("matches the slug, the name-derived slug and the name with dashes as spaces, case-insensitively", async () => {
    expect((await findTerritoryBySlug(t.db, "east-texas"))?.id).toBe(ids.get("TX-E"));
    expect((await findTerritoryBySlug(t.db, "EAST-TEXAS"))?.id).toBe(ids.get("TX-E"));
    expect((await findTerritoryBySlug(t.db, "East Texas"))?.id).toBe(ids.get("TX-E"));
    expect((await findTerritoryBySlug(t.db, "  new-mexico "))?.id).toBe(ids.get("NM"));
    expect((await findTerritoryBySlug(t.db, "district-of-columbia"))?.id).toBe(ids.get("DC"));
    expect((await findTerritoryBySlug(t.db, "upstate-new-york"))?.id).toBe(ids.get("NY-N"));
  });

  it("matches a stored slug that differs from the name", async () => {
    const id = ids.get("TX-W")!;
    await t.db.update(territories).set({ slug: "tx-west" }).where(eq(territories.id, id));
    try {
      expect((await findTerritoryBySlug(t.db, "tx-west"))?.id).toBe(id);
      expect((await findTerritoryBySlug(t.db, "west-texas"))?.id).toBe(id);
    } finally {
      await t.db.update(territories).set({ slug: "west-texas" }).where(eq(territories.id, id));
    }
  });

  it("matches a portion code only when one territory has it", async () => {
    expect((await findTerritoryBySlug(t.db, "e"))?.id).toBe(ids.get("TX-E"));
    expect((await findTerritoryBySlug(t.db, "W"))?.id).toBe(ids.get("TX-W"));
    expect(await findTerritoryBySlug(t.db, "n")).toBeNull();
  });

  it("returns null for unknown, empty and hidden territories", async () => {
    expect(await findTerritoryBySlug(t.db, "atlantis")).toBeNull();
    expect(await findTerritoryBySlug(t.db, "")).toBeNull();
    expect(await findTerritoryBySlug(t.db, " - ")).toBeNull();
    expect(await findTerritoryBySlug(t.db, "x".repeat(500))).toBeNull();
    expect(await findTerritoryBySlug(t.db, "'; drop table territories; --")).toBeNull();
    const id = ids.get("VT")!;
    await t.db.update(territories).set({ status: "inactive" }).where(eq(territories.id, id));
    try {
      expect(await findTerritoryBySlug(t.db, "vermont")).toBeNull();
      expect((await findTerritoryBySlug(t.db, "vermont", { includeInactive: true }))?.id).toBe(id);
    } finally {
      await t.db.update(territories).set({ status: "available" }).where(eq(territories.id, id));
    }
  });
});

describe("territoryPopup", () => {
  it("shows up to 5 available #Codes by name and up to 5 available vanity numbers, the territory's own first", async () => {
    const popup = await territoryPopup(t.db, "georgia");
    expect(popup).not.toBeNull();
    expect(popup!.name).toBe("Georgia");
    expect(popup!.areaCodes).toEqual(territoryByKey("GA").areaCodes);
    expect(popup!.population).toBe(territoryByKey("GA").population);

    const availableCodes = POUND_CODES.filter((c) => statusOf("GA", c.slug) === "available")
      .map((c) => c.name)
      .sort()
      .slice(0, 5);
    expect(popup!.poundCodes.map((c) => c.name)).toEqual(availableCodes);
    expect(popup!.poundCodes.map((c) => c.name)).not.toContain("#4LAW");
    expect(popup!.poundCodes.every((c) => c.slug.startsWith("hash-"))).toBe(true);

    expect(popup!.vanityNumbers).toHaveLength(5);
    expect(popup!.vanityNumbers[0]!.numberText).toBe("(404) ROOFERS");
    const available = new Set(VANITY_NUMBERS.filter((v) => v.status === "available").map((v) => v.numberText));
    for (const v of popup!.vanityNumbers) expect(available.has(v.numberText), v.numberText).toBe(true);
    // Then the national (toll-free) numbers by number text.
    const national = VANITY_NUMBERS.filter((v) => v.status === "available" && v.territoryKey === null)
      .map((v) => v.numberText)
      .sort()
      .slice(0, 4);
    expect(popup!.vanityNumbers.slice(1).map((v) => v.numberText)).toEqual(national);
  });

  it("leaves out #Codes that are licensed or in negotiations and vanity numbers that are not available", async () => {
    const ct = await territoryPopup(t.db, slugs.get("CT")!);
    expect(ct!.poundCodes).toEqual([]);
    expect(ct!.vanityNumbers).toHaveLength(5);

    // Houston's local number is licensed: East Texas gets none of its own.
    const txe = await territoryPopup(t.db, slugs.get("TX-E")!);
    expect(txe!.vanityNumbers.map((v) => v.numberText)).not.toContain("(713) INJURED");

    // A #Code put in negotiations disappears; a row set back to available reappears.
    const ak = ids.get("AK")!;
    const easy = catIds.get("hash-auto")!;
    const where = and(eq(territoryCategories.territoryId, ak), eq(territoryCategories.categoryId, easy));
    const [before] = await t.db.select().from(territoryCategories).where(where);
    await t.db.update(territoryCategories).set({ status: "negotiations" }).where(where);
    try {
      const popup = await territoryPopup(t.db, slugs.get("AK")!);
      expect(popup!.poundCodes.map((c) => c.name)).not.toContain("#AUTO");
      expect(popup!.poundCodes.length).toBeLessThanOrEqual(5);
    } finally {
      await t.db.update(territoryCategories).set({ status: before!.status }).where(where);
    }

    // Only vanity numbers with status available, even the territory's own.
    const fls = slugs.get("FL-S")!;
    expect((await territoryPopup(t.db, fls))!.vanityNumbers[0]!.numberText).toBe("(305) ABOGADO");
    await t.db.update(vanityNumbers).set({ status: "pending" }).where(eq(vanityNumbers.slug, "305-abogado"));
    try {
      const popup = await territoryPopup(t.db, fls);
      expect(popup!.vanityNumbers.map((v) => v.numberText)).not.toContain("(305) ABOGADO");
      expect(popup!.vanityNumbers).toHaveLength(5);
    } finally {
      await t.db.update(vanityNumbers).set({ status: "available" }).where(eq(vanityNumbers.slug, "305-abogado"));
    }
  });

  it("returns null for an unknown or malformed territory slug", async () => {
    expect(await territoryPopup(t.db, "atlantis")).toBeNull();
    expect(await territoryPopup(t.db, ids.get("GA")!)).toBeNull();
    expect(await territoryPopup(t.db, "GA")).toBeNull();
    expect(await territoryPopup(t.db, "georgia'; drop table territories; --")).toBeNull();
    expect(await territoryPopup(t.db, "")).toBeNull();
  });
});

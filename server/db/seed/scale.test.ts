import { count, inArray, isNotNull, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lookupNumber } from "../../domain/catalogue/numbers.ts";
import { sitemapEntries } from "../../domain/catalogue/sitemap.ts";
import type { Database } from "../client.ts";
import {
  categories,
  reservations,
  territories,
  territoryCategories,
  territoryLicenses,
  territoryVanityNumbers,
  user,
  vanityNumbers,
} from "../schema/index.ts";
import { createTestDb } from "../test-utils.ts";
import { seedCounts } from "./counts.ts";
import { POUND_CODES } from "./data/categories.ts";
import { dialDigits } from "./data/vanity-numbers.ts";
import { type GrowthCounts, growCatalogue, SCALE_FIXTURE_NOTE } from "./scale.ts";
import { seedDemo } from "./seed.ts";

let db: Database;
let close: () => Promise<void>;
let grown: GrowthCounts | null = null;
const demo = seedCounts();
const SCALE = 5;

beforeAll(async () => {
  ({ db, close } = await createTestDb());
});
afterAll(async () => {
  if (close) await close();
});

const rows = async (table: typeof categories | typeof vanityNumbers | typeof territoryCategories) =>
  (await db.select({ n: count() }).from(table))[0]?.n ?? 0;

/** Statuses of the rows of the offerings the fixture added, with how many there are. */
async function newPairStatuses(kind: "codes" | "vanity"): Promise<Record<string, number>> {
  const { rows: found } = await db.execute<{ status: string; n: number }>(
    kind === "codes"
      ? sql`select tc.status, count(*)::int as n from territory_categories tc join categories c on c.id = tc.category_id
            where c.slug not in (${sql.join(
              POUND_CODES.map((p) => sql`${p.slug}`),
              sql`, `,
            )}) group by tc.status`
      : sql`select tv.status, count(*)::int as n from territory_vanity_numbers tv join vanity_numbers v on v.id = tv.vanity_number_id
            where v.notes like ${`${SCALE_FIXTURE_NOTE}%`} group by tv.status`,
  );
  return Object.fromEntries(found.map((r) => [r.status, r.n]));
}

describe("growCatalogue", () => {
  it("refuses a database without the demo seed, and a scale below 2", async () => {
    await expect(growCatalogue(db, { scale: SCALE })).rejects.toThrow("seed the demo catalog first");
    await expect(growCatalogue(db, { scale: 1 })).rejects.toThrow(RangeError);
    await expect(growCatalogue(db, { scale: 2.5 })).rejects.toThrow(RangeError);
    expect(await rows(categories)).toBe(0);
  });

  it("grows the demo catalog about fivefold at scale 5, every offering in every territory", async () => {
    let n = 0;
    await seedDemo(db, {
      createDemoUser: async (input) => {
        const id = `scale-test-${++n}`;
        await db.insert(user).values({ id, email: input.email, name: input.name, emailVerified: true });
        return { id };
      },
    });
    grown = await growCatalogue(db, { scale: SCALE });
    expect(grown).not.toBeNull();
    const territoryCount = demo.territories;
    expect(grown?.added).toEqual({
      poundCodes: 50,
      territoryCategories: 50 * territoryCount,
      vanityNumbers: 100,
      territoryVanityNumbers: 100 * territoryCount,
    });
    expect(grown?.totals).toEqual({
      categories: demo.categories + 50,
      poundCodes: POUND_CODES.length + 50,
      territoryCategories: demo.territoryCategories + 50 * territoryCount,
      vanityNumbers: demo.vanityNumbers + 100,
      territoryVanityNumbers: demo.territoryVanityNumbers + 100 * territoryCount,
    });
    // About fivefold: between 4× and 7× the demo's #Codes, vanity numbers and their rows.
    const t = grown!.totals;
    for (const ratio of [
      t.poundCodes / POUND_CODES.length,
      t.territoryCategories / demo.territoryCategories,
      t.vanityNumbers / demo.vanityNumbers,
    ]) {
      expect(ratio).toBeGreaterThanOrEqual(4);
      expect(ratio).toBeLessThanOrEqual(7);
    }
    expect(await rows(categories)).toBe(t.categories);
    expect(await rows(territoryCategories)).toBe(t.territoryCategories);
    expect(await rows(vanityNumbers)).toBe(t.vanityNumbers);
  });

  it("gives every #Code and vanity number a unique name, slug and number", async () => {
    const codes = await db.select({ name: categories.name, slug: categories.slug }).from(categories);
    expect(new Set(codes.map((c) => c.slug)).size).toBe(codes.length);
    expect(new Set(codes.map((c) => c.name)).size).toBe(codes.length);
    const added = codes.filter((c) => !POUND_CODES.some((p) => p.slug === c.slug) && c.name.startsWith("#"));
    expect(added).toHaveLength(50);
    for (const c of added) {
      expect(c.name).toMatch(/^#\d{1,2}[A-Z]+$/);
      expect(c.slug).toBe(`hash-${c.name.slice(1).toLowerCase()}`);
    }
    const numbers = await db.select({ text: vanityNumbers.numberText, slug: vanityNumbers.slug }).from(vanityNumbers);
    expect(new Set(numbers.map((v) => v.slug)).size).toBe(numbers.length);
    expect(new Set(numbers.map((v) => v.text)).size).toBe(numbers.length);
    expect(new Set(numbers.map((v) => dialDigits(v.text))).size).toBe(numbers.length);
    const local = await db
      .select({ n: count() })
      .from(vanityNumbers)
      .where(sql`${vanityNumbers.notes} like ${`${SCALE_FIXTURE_NOTE}%`} and ${isNotNull(vanityNumbers.territoryId)}`);
    expect(local[0]?.n).toBe(40);
  });

  it("holds about 15 % and licenses about 10 % of the new pairs, as its counts say", async () => {
    for (const kind of ["codes", "vanity"] as const) {
      const found = await newPairStatuses(kind);
      expect(found).toEqual(kind === "codes" ? grown?.statuses.poundCodes : grown?.statuses.vanityNumbers);
      const total = Object.values(found).reduce((a, n) => a + n, 0);
      expect(total).toBe(kind === "codes" ? grown?.added.territoryCategories : grown?.added.territoryVanityNumbers);
      expect((found.licensed ?? 0) / total).toBeGreaterThan(0.07);
      expect((found.licensed ?? 0) / total).toBeLessThan(0.13);
      expect((found.negotiations ?? 0) / total).toBeGreaterThan(0.12);
      expect((found.negotiations ?? 0) / total).toBeLessThan(0.18);
    }
  });

  it("never holds a pair twice, and no reservation or license names a new offering", async () => {
    const { rows: twice } = await db.execute<{ n: number }>(sql`
      select (select count(*) from (select 1 from territory_categories group by territory_id, category_id
                                    having count(*) > 1) a)
           + (select count(*) from (select 1 from territory_vanity_numbers group by territory_id, vanity_number_id
                                    having count(*) > 1) b) as n`);
    expect(Number(twice[0]?.n)).toBe(0);
    const newNumbers = db
      .select({ id: vanityNumbers.id })
      .from(vanityNumbers)
      .where(like(vanityNumbers.notes, `${SCALE_FIXTURE_NOTE}%`));
    const [licensed] = await db
      .select({ n: count() })
      .from(territoryLicenses)
      .where(inArray(territoryLicenses.vanityNumberId, newNumbers));
    const [held] = await db
      .select({ n: count() })
      .from(reservations)
      .where(inArray(reservations.vanityNumberId, newNumbers));
    expect([licensed?.n, held?.n]).toEqual([0, 0]);
    // Every new vanity number has a row in every territory.
    const [perNumber] = await db
      .select({ n: count() })
      .from(territoryVanityNumbers)
      .where(inArray(territoryVanityNumbers.vanityNumberId, newNumbers));
    expect(perNumber?.n).toBe(100 * ((await db.select({ n: count() }).from(territories))[0]?.n ?? 0));
  });

  it("serves the new numbers: their pages resolve and the sitemap lists them", async () => {
    const entries = await sitemapEntries(db);
    expect(entries.filter((p) => p.startsWith("/number/"))).toHaveLength(
      (grown?.totals.poundCodes ?? 0) + (grown?.totals.vanityNumbers ?? 0),
    );
    const grownCode = (await db.select({ slug: categories.slug }).from(categories)).find(
      (c) => /^hash-\d/.test(c.slug) && c.slug !== "hash-4law",
    );
    expect(grownCode).toBeDefined();
    expect(await lookupNumber(db, grownCode?.slug ?? "")).toMatchObject({ kind: "poundcode" });
  });

  it("does nothing the second time, whatever the scale", async () => {
    const before = [await rows(categories), await rows(territoryCategories), await rows(vanityNumbers)];
    expect(await growCatalogue(db, { scale: SCALE })).toBeNull();
    expect(await growCatalogue(db, { scale: 3, seed: 99 })).toBeNull();
    expect([await rows(categories), await rows(territoryCategories), await rows(vanityNumbers)]).toEqual(before);
  });
});

import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SearchResult } from "#kernel/catalogue.ts";
import { territories, vanityNumbers } from "../../db/schema/index.ts";
import type { TestDb } from "../../db/test-utils.ts";
import { searchNumbers } from "./search.ts";
import { readSearchIndex } from "./search-candidates.ts";
import { countingDb, createSeededDb } from "./test-fixtures.ts";

let t: TestDb;
beforeAll(async () => {
  t = await createSeededDb();
  // A number written in digits, which dials the same as (800) LAW-HELP.
  await t.db
    .insert(vanityNumbers)
    .values({ numberText: "(800) 529-4357", slug: "800-529-4357", name: "Help Line", territoryId: null });
});
afterAll(() => t?.close());

function show(r: SearchResult): string {
  return r.kind === "vanity" ? r.numberText : r.name;
}

function find(results: SearchResult[], kind: SearchResult["kind"], text: string): SearchResult | undefined {
  return results.find((r) => r.kind === kind && show(r) === text);
}

describe("searchNumbers: #Codes", () => {
  it("finds a #Code by its code with or without '#', exact match first", async () => {
    for (const q of ["4law", "4LAW", "#4law", "#4LAW", "hash-4law"]) {
      const [first] = await searchNumbers(t.db, q);
      expect(first, q).toMatchObject({ kind: "poundcode", name: "#4LAW", slug: "hash-4law", matched: "code #4LAW" });
    }
    const [help] = await searchNumbers(t.db, "#help");
    expect(help).toMatchObject({ kind: "poundcode", name: "#HELP", matched: "code #HELP" });
    expect(help?.kind === "poundcode" && help.description).toContain("help");
  });

  it("finds #Codes by the beginning of the code", async () => {
    const results = await searchNumbers(t.db, "#ta");
    expect(results[0]).toMatchObject({ kind: "poundcode", name: "#TAXES" });
    expect(results[0]!.matched).toBe("code #TAXES starts with TA");
  });

  it("finds #Codes by a keyword of their description", async () => {
    const injury = await searchNumbers(t.db, "injury");
    expect(find(injury, "poundcode", "#4LAW")?.matched).toBe('description mentions "injury"');
    const mortgage = await searchNumbers(t.db, "Mortgage");
    expect(find(mortgage, "poundcode", "#HOME")).toBeDefined();
  });

  it("finds #Codes through keyword groups and special pricing keywords", async () => {
    const legal = await searchNumbers(t.db, "legal");
    const law = find(legal, "poundcode", "#4LAW");
    expect(law?.matched).toMatch(/^Legal Keywords: /);
    expect(find(legal, "poundcode", "#AUTO")).toBeDefined(); // "auto accident attorneys"
    expect(find(legal, "poundcode", "#MOVE")).toBeUndefined();

    const truck = await searchNumbers(t.db, "truck accident lawyer");
    expect(find(truck, "poundcode", "#4LAW")?.matched).toMatch(/^keyword "/);
    expect(find(truck, "poundcode", "#AUTO")?.matched).toMatch(/^keyword "/);
  });
});

describe("searchNumbers: vanity numbers", () => {
  it("finds a word typed as letters in the text and through the keypad", async () => {
    const results = await searchNumbers(t.db, "LAW");
    expect(find(results, "vanity", "(800) LAW-HELP")?.matched).toBe("number contains LAW");
    expect(find(results, "vanity", "(212) LAW-FIRM")?.matched).toBe("number contains LAW");
    expect(find(results, "vanity", "(800) 529-4357")?.matched).toBe("keypad LAW = 529");
    expect(find(results, "poundcode", "#4LAW")).toBeDefined();

    // A word inside a territory name does not count ("law" in Delaware); the start of a word does.
    expect(find(results, "territory", "Delaware")).toBeUndefined();

    const help = await searchNumbers(t.db, "help");
    expect(help[0]).toMatchObject({ kind: "poundcode", name: "#HELP" });
    expect(find(help, "vanity", "(800) 529-4357")?.matched).toBe("keypad HELP = 4357");
  });

  it("finds numbers by digits, ignoring punctuation", async () => {
    const results = await searchNumbers(t.db, "5294357");
    expect(results[0]).toMatchObject({ kind: "vanity", numberText: "(800) 529-4357", matched: "digits 5294357" });
    expect(find(results, "vanity", "(800) LAW-HELP")?.matched).toBe("dials 5294357");

    const exact = await searchNumbers(t.db, "1 (800) 529-4357");
    expect(exact[0]).toMatchObject({ numberText: "(800) 529-4357", matched: "number (800) 529-4357" });
    expect(exact[1]).toMatchObject({ numberText: "(800) LAW-HELP", matched: "dials (800) 529-4357" });
  });

  it("finds a number by its text or slug exactly", async () => {
    expect((await searchNumbers(t.db, "(888) INJURED"))[0]).toMatchObject({
      kind: "vanity",
      slug: "888-injured",
      matched: "number (888) INJURED",
    });
    expect((await searchNumbers(t.db, "404-roofers"))[0]).toMatchObject({ kind: "vanity", name: "Atlanta Roofers" });
  });
});

describe("searchNumbers: territories", () => {
  it("finds territories by state code and map key", async () => {
    const tx = await searchNumbers(t.db, "TX");
    expect(tx.slice(0, 2).map((r) => r.kind === "territory" && r.key)).toEqual(["TX-E", "TX-W"]);
    expect(tx[0]).toMatchObject({ matched: "state code TX", slug: "east-texas" });
    const ga = await searchNumbers(t.db, "ga");
    expect(ga[0]).toMatchObject({ kind: "territory", name: "Georgia", key: "GA" });
    expect((await searchNumbers(t.db, "tx-e"))[0]).toMatchObject({ kind: "territory", name: "East Texas" });
  });

  it("finds every territory of a state by its name", async () => {
    const texas = await searchNumbers(t.db, "texas");
    expect(texas.filter((r) => r.kind === "territory").map((r) => r.kind === "territory" && r.key)).toEqual([
      "TX-E",
      "TX-W",
    ]);
    expect(texas[0]!.matched).toBe("state Texas");
    const ca = await searchNumbers(t.db, "California");
    expect(ca.filter((r) => r.kind === "territory")).toHaveLength(3);
  });

  it("finds a portion by name", async () => {
    const [first] = await searchNumbers(t.db, "south florida");
    expect(first).toMatchObject({ kind: "territory", name: "South Florida", key: "FL-S", slug: "south-florida" });
    expect(first!.matched).toBe("territory South Florida");
    const north = await searchNumbers(t.db, "Northern");
    expect(north.map(show)).toEqual(expect.arrayContaining(["Northern California", "Northern Illinois"]));
  });

  it("finds territories by area code", async () => {
    const results = await searchNumbers(t.db, "305");
    expect(results[0]).toMatchObject({ kind: "territory", name: "South Florida", matched: "area code 305" });
    expect(results[0]?.kind === "territory" && results[0].areaCodes).toContain("305");
    expect(find(results, "vanity", "(305) ABOGADO")?.matched).toBe("digits 305");
    const paren = await searchNumbers(t.db, "(212)");
    expect(paren[0]).toMatchObject({ kind: "territory", key: "NY-S", matched: "area code 212" });
  });

  it("never returns hidden territories", async () => {
    await t.db.update(territories).set({ status: "inactive" }).where(eq(territories.state, "WY"));
    try {
      expect((await searchNumbers(t.db, "WY")).filter((r) => r.kind === "territory")).toEqual([]);
      expect((await searchNumbers(t.db, "wyoming")).filter((r) => r.kind === "territory")).toEqual([]);
    } finally {
      await t.db.update(territories).set({ status: "available" }).where(eq(territories.state, "WY"));
    }
    expect((await searchNumbers(t.db, "WY"))[0]).toMatchObject({ kind: "territory", name: "Wyoming" });
  });
});

describe("searchNumbers: input handling", () => {
  it("returns nothing for empty or whitespace input", async () => {
    expect(await searchNumbers(t.db, "")).toEqual([]);
    expect(await searchNumbers(t.db, "   \t ")).toEqual([]);
    expect(await searchNumbers(t.db, null)).toEqual([]);
  });

  it("treats SQL-looking and pattern characters as plain text", async () => {
    for (const q of [
      "'; drop table x; --",
      "'; drop table vanity_numbers; --",
      "%",
      "_",
      "%%%",
      "\\",
      "'",
      '"',
      "a' or '1'='1",
    ]) {
      const results = await searchNumbers(t.db, q);
      expect(Array.isArray(results), q).toBe(true);
    }
    expect(await searchNumbers(t.db, "%")).toEqual([]);
    expect(await searchNumbers(t.db, "_")).toEqual([]);
    const rows = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from vanity_numbers`);
    expect(rows.rows[0]!.n).toBeGreaterThan(20);
  });

  it("handles control characters, very long input and odd Unicode", async () => {
    expect(Array.isArray(await searchNumbers(t.db, "law\u0000help"))).toBe(true);
    expect(Array.isArray(await searchNumbers(t.db, "x".repeat(100_000)))).toBe(true);
    expect(Array.isArray(await searchNumbers(t.db, "😀".repeat(100)))).toBe(true);
    expect(Array.isArray(await searchNumbers(t.db, "\ud800law"))).toBe(true);
    // The cap keeps the first 64 characters: a long query beginning with a code still finds it.
    expect((await searchNumbers(t.db, `#4law ${"z".repeat(200)}`)).length).toBeGreaterThanOrEqual(0);
  });

  it("caps the number of results", async () => {
    const all = await searchNumbers(t.db, "800");
    expect(all.length).toBeGreaterThan(3);
    expect(find(all, "vanity", "(800) LAW-HELP")?.matched).toBe("digits 800");
    expect(all.length).toBeLessThanOrEqual(20);
    expect(await searchNumbers(t.db, "800", { limit: 3 })).toEqual(all.slice(0, 3));
    expect(await searchNumbers(t.db, "800", { limit: 0 })).toHaveLength(1);
    const many = await searchNumbers(t.db, "a", { limit: 1000 });
    expect(many.length).toBeLessThanOrEqual(100);
  });

  it("does at most four queries", async () => {
    const counting = countingDb(t.db);
    await searchNumbers(counting.db, "legal");
    expect(counting.count()).toBeLessThanOrEqual(4);
  });

  it("answers the same over a kept index, with no query", async () => {
    const index = await readSearchIndex(t.db);
    // Every kind of query the matchers know: codes, keywords, words through the keypad, digits, exact text and
    // slugs, states, portions, area codes, pattern characters and nothing at all.
    const queries = [
      "4law",
      "#HELP",
      "hash-4law",
      "legal",
      "law",
      "LAW-HELP",
      "800",
      "5294357",
      "1-800-529-4357",
      "(800) LAW-HELP",
      "800-law-help",
      "help line",
      "truck accident lawyer",
      "TX",
      "tx-e",
      "texas",
      "south florida",
      "south-florida",
      "305",
      "(212)",
      "%",
      "a",
      "zz",
      "ga",
    ];
    for (const q of queries) {
      expect(await searchNumbers(t.db, q, { index }), q).toEqual(await searchNumbers(t.db, q));
    }
    const counting = countingDb(t.db);
    for (const q of queries) await searchNumbers(counting.db, q, { index });
    expect(counting.count()).toBe(0);
  });
});

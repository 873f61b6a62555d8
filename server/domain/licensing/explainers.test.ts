import { and, eq, isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LICENCE_TERMS } from "#kernel/schemas/company.ts";
import { categories, specialPricingKeywords, territories } from "../../db/schema/index.ts";
import { KEYWORD_GROUPS, POUND_CODES, SPECIAL_PRICING_KEYWORDS } from "../../db/seed/data/categories.ts";
import { createTestDb, type TestDb } from "../../db/test-utils.ts";
import { countingDb, createSeededDb } from "../catalogue/test-fixtures.ts";
import { quoteFor } from "../pricing/quote.ts";
import { RESERVATION_HOLD_BUSINESS_DAYS, UNCONFIRMED_HOLD_HOURS } from "../reservations/reservations.ts";
import { categoryExplainer, keywordExplainer, stateExplainer } from "./explainers.ts";

let seeded: TestDb;
let bare: TestDb;
beforeAll(async () => {
  seeded = await createSeededDb();
  bare = await createTestDb();
});
afterAll(async () => {
  await seeded.close();
  await bare.close();
});

async function territoryId(db: TestDb["db"], name: string): Promise<string> {
  const [row] = await db.select({ id: territories.id }).from(territories).where(eq(territories.name, name));
  return row!.id;
}

async function categoryId(db: TestDb["db"], name: string): Promise<string> {
  const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.name, name));
  return row!.id;
}

describe("licensing explainers on the demo catalogue", () => {
  it("count the catalogue: 59 territories (46 whole, 13 portions of 5 states), 10 #Codes, the keyword groups", async () => {
    const { figures } = await stateExplainer(seeded.db);
    expect(figures).toEqual({
      territories: 59,
      wholeStates: 46,
      portions: 13,
      splitStates: 5,
      poundCodes: POUND_CODES.length,
      keywordGroups: KEYWORD_GROUPS.length,
      pricingKeywords: SPECIAL_PRICING_KEYWORDS.length,
    });
    // One figure for one thing: every explainer shows the same counts.
    expect((await categoryExplainer(seeded.db)).figures).toEqual(figures);
    expect((await keywordExplainer(seeded.db)).figures).toEqual(figures);
  });

  it("price the most populous portion, alone and as its whole state, exactly as the pricing engine does", async () => {
    const [largest] = await seeded.db
      .select({ name: territories.name, population: territories.population })
      .from(territories)
      .where(isNotNull(territories.portion))
      .orderBy(territories.population)
      .then((rows) => rows.reverse());
    const { example } = await stateExplainer(seeded.db);
    expect(example!.territory).toMatchObject({ name: largest!.name, stateName: "Texas", portion: "E" });
    const id = await territoryId(seeded.db, largest!.name);
    const alone = await quoteFor(seeded.db, { territoryId: id });
    const whole = await quoteFor(seeded.db, { territoryId: id, scope: "full_state" });
    expect(example!.territoryQuote.finalMonthlyCents).toBe(alone.finalMonthlyCents);
    expect(example!.territoryQuote.setupCents).toBe(alone.setupCents);
    expect(example!.fullStateQuote!.finalMonthlyCents).toBe(whole.finalMonthlyCents);
    expect(example!.fullStateQuote!.setupCents).toBe(whole.setupCents);
    // The demo catalogue's East Texas (ADR 002): $3,925.00 alone, $4,370.00 for the whole of Texas.
    expect(alone.finalMonthlyCents).toBe(392_500);
    expect(whole.finalMonthlyCents).toBe(437_000);
    expect(example!.territoryQuote.lines.map((l) => l.key)).toEqual([
      "base",
      "monthly_total",
      "setup",
      "per_minute",
      "per_sms",
      "per_web_form_lead",
    ]);
    expect(example!.fullStateQuote!.lines[0]!.label).toBe("Base monthly fee (full state)");
  });

  it("give the cheapest and dearest territory, each priced alone", async () => {
    const { example } = await stateExplainer(seeded.db);
    // Vermont and Wyoming both sit at the $95.00 minimum (ADR 002).
    expect(example!.lowest).toEqual({ monthlyCents: 9_500, names: ["Vermont", "Wyoming"] });
    expect(example!.highest.names).toHaveLength(1);
    const dearest = await quoteFor(seeded.db, {
      territoryId: await territoryId(seeded.db, example!.highest.names[0]!),
    });
    expect(example!.highest.monthlyCents).toBe(dearest.finalMonthlyCents);
    expect(example!.highest.monthlyCents).toBeGreaterThanOrEqual(example!.territoryQuote.finalMonthlyCents);
  });

  it("price every #Code in the example territory, and work one priced by its percentage", async () => {
    const { example } = await categoryExplainer(seeded.db);
    const id = example!.territory.id;
    expect(example!.codes.map((c) => c.name)).toEqual([
      "#4LAW",
      "#HELP",
      "#SSDI",
      "#AUTO",
      "#EASY",
      "#TAXES",
      "#HOME",
      "#ROOF",
      "#MOVE",
      "#VETS",
    ]);
    for (const code of example!.codes) {
      const q = await quoteFor(seeded.db, { territoryId: id, categoryId: await categoryId(seeded.db, code.name) });
      expect(code.monthlyCents, code.name).toBe(q.finalMonthlyCents);
      expect(code.codeSpecificFee, code.name).toBe(q.codeSpecificFee);
    }
    // #4LAW has East Texas's own rate (ADR 002: $4,905.00); #TAXES is priced at 90 % of the base.
    expect(example!.codes[0]).toMatchObject({ name: "#4LAW", monthlyCents: 490_500, codeSpecificFee: true });
    expect(example!.worked.name).toBe("#TAXES");
    expect(example!.worked.quote.lines.find((l) => l.key === "category")).toMatchObject({
      label: "Category adjustment (#TAXES 90%)",
      cents: -39_250,
    });
    expect(example!.worked.quote.finalMonthlyCents).toBe(353_250);
  });

  it("price every keyword group, and the first group with the strongest special keyword", async () => {
    const { example, keywords } = await keywordExplainer(seeded.db);
    const id = example!.territory.id;
    expect(keywords[0]).toMatchObject({ keywordText: "mesothelioma", multiplier: 1.6 });
    expect(keywords).toHaveLength(SPECIAL_PRICING_KEYWORDS.length);
    expect(example!.groups.map((g) => g.name)).toEqual([
      "Legal Keywords",
      "Financial Keywords",
      "Medical Keywords",
      "Home Services Keywords",
    ]);
    for (const group of example!.groups) {
      const q = await quoteFor(seeded.db, { territoryId: id, categoryId: await categoryId(seeded.db, group.name) });
      expect(group.monthlyCents, group.name).toBe(q.finalMonthlyCents);
    }
    const legal = await categoryId(seeded.db, "Legal Keywords");
    const withKeyword = await quoteFor(seeded.db, { territoryId: id, categoryId: legal, keywordText: "mesothelioma" });
    expect(example!.worked.name).toBe("Legal Keywords");
    expect(example!.withKeyword).toMatchObject({ name: "Legal Keywords", keywordText: "mesothelioma" });
    expect(example!.withKeyword!.quote.finalMonthlyCents).toBe(withKeyword.finalMonthlyCents);
    // The monthly and adjustment lines add up to the total shown.
    const lines = example!.withKeyword!.quote.lines;
    const sum = lines.filter((l) => l.kind === "monthly" || l.kind === "adjustment").reduce((s, l) => s + l.cents, 0);
    expect(sum).toBe(lines.find((l) => l.kind === "total")!.cents);
  });

  it("read the catalogue in three queries", async () => {
    const counted = countingDb(seeded.db);
    await stateExplainer(counted.db);
    expect(counted.count()).toBe(3);
  });

  it("leave out territories an admin has hidden, and follow price changes at once", async () => {
    const before = (await stateExplainer(seeded.db)).figures;
    await seeded.db.update(territories).set({ status: "inactive" }).where(eq(territories.name, "Vermont"));
    const after = (await stateExplainer(seeded.db)).figures;
    expect(after.territories).toBe(before.territories - 1);
    expect(after.wholeStates).toBe(before.wholeStates - 1);
    await seeded.db.update(territories).set({ status: "available" }).where(eq(territories.name, "Vermont"));

    await seeded.db
      .update(categories)
      .set({ feePercentageOfBase: 95 })
      .where(and(eq(categories.name, "#TAXES")));
    const { example } = await categoryExplainer(seeded.db);
    expect(example!.worked.quote.lines.find((l) => l.key === "category")!.label).toBe(
      "Category adjustment (#TAXES 95%)",
    );
    await seeded.db.update(categories).set({ feePercentageOfBase: 90 }).where(eq(categories.name, "#TAXES"));
  });

  it("state the reservation terms the reservation rules enforce", () => {
    expect(LICENCE_TERMS.holdBusinessDays).toBe(RESERVATION_HOLD_BUSINESS_DAYS);
    expect(LICENCE_TERMS.depositRefundBusinessDays).toBe(RESERVATION_HOLD_BUSINESS_DAYS);
    expect(LICENCE_TERMS.unconfirmedHoldHours).toBe(UNCONFIRMED_HOLD_HOURS);
  });
});

describe("licensing explainers on a small catalogue", () => {
  it("with nothing listed: zero figures and no example", async () => {
    const state = await stateExplainer(bare.db);
    expect(state.example).toBeNull();
    expect(state.figures.territories).toBe(0);
    expect((await categoryExplainer(bare.db)).example).toBeNull();
    expect((await keywordExplainer(bare.db)).example).toBeNull();
  });

  it("with no divided state: the most populous territory, and no full-state quote", async () => {
    await bare.db.insert(territories).values([
      { name: "Smallstate", state: "QA", slug: "smallstate", population: 100_000, baseMonthlyFeeCents: 5_000 },
      { name: "Bigstate", state: "QB", slug: "bigstate", population: 9_000_000, baseMonthlyFeeCents: 135_000 },
    ]);
    await bare.db.insert(categories).values({ name: "#ONE", slug: "hash-one", feePercentageOfBase: 100 });
    await bare.db.insert(specialPricingKeywords).values({ keywordText: "solo", multiplier: 1.1 });
    const state = await stateExplainer(bare.db);
    expect(state.figures).toMatchObject({ territories: 2, wholeStates: 2, portions: 0, splitStates: 0 });
    expect(state.example!.territory.name).toBe("Bigstate");
    expect(state.example!.fullStateQuote).toBeNull();
    // Smallstate's $50.00 base is raised to the $95.00 minimum by the engine.
    expect(state.example!.lowest).toEqual({ monthlyCents: 9_500, names: ["Smallstate"] });
    expect(state.example!.highest).toEqual({ monthlyCents: 135_000, names: ["Bigstate"] });
    const cat = await categoryExplainer(bare.db);
    expect(cat.example!.worked.name).toBe("#ONE");
    // No keyword group: the keyword explainer lists keywords but has nothing to price.
    const kw = await keywordExplainer(bare.db);
    expect(kw.example).toBeNull();
    expect(kw.keywords).toEqual([{ keywordText: "solo", multiplier: 1.1, description: null }]);
  });
});

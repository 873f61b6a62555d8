import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categories, specialPricingKeywords, territories } from "../../db/schema/index.ts";
import { createTestDb, type TestDb } from "../../db/test-utils.ts";
import { PricingInputError } from "./pricing.ts";
import { PricingNotFoundError, quoteFor } from "./quote.ts";

let t: TestDb;
let eastTexasId: string;
let wyomingId: string;
let lawId: string;
let taxesId: string;
let vetsId: string;
let medicalId: string;

beforeAll(async () => {
  t = await createTestDb();
  const [eastTexas, wyoming] = await t.db
    .insert(territories)
    .values([
      {
        name: "East Texas",
        state: "TX",
        portion: "E",
        slug: "east-texas",
        population: 26_181_324,
        baseMonthlyFeeCents: 392_500,
        baseSetupFeeCents: 785_000,
        fullStateMonthlyFeeCents: 437_000,
        fullStateSetupFeeCents: 874_000,
        poundLawMonthlyFeeCents: 490_500,
        poundHelpMonthlyFeeCents: 471_000,
        minutesMultiplier: 1,
        smsMultiplier: 1,
        webFormLeadMultiplier: 1.25,
      },
      {
        name: "Wyoming",
        state: "WY",
        slug: "wyoming",
        population: 576_851,
        baseMonthlyFeeCents: 9_500,
        baseSetupFeeCents: 20_000,
        // minimum_monthly_fee_cents, the per-code fees and the multipliers keep their column defaults.
      },
    ])
    .returning({ id: territories.id });
  eastTexasId = eastTexas!.id;
  wyomingId = wyoming!.id;

  const rows = await t.db
    .insert(categories)
    .values([
      { name: "#4LAW", slug: "hash-4law", feePercentageOfBase: 125, categoryType: "standard" },
      { name: "#TAXES", slug: "hash-taxes", feePercentageOfBase: 112.35, categoryType: "standard" },
      { name: "#VETS", slug: "hash-vets", feePercentageOfBase: 75, categoryType: "standard" },
      {
        name: "Medical Keywords",
        slug: "medical-keywords",
        categoryType: "keyword_group",
        keywordBaseMultiplier: 1.15,
      },
    ])
    .returning({ id: categories.id, slug: categories.slug });
  const bySlug = (slug: string) => rows.find((r) => r.slug === slug)!.id;
  lawId = bySlug("hash-4law");
  taxesId = bySlug("hash-taxes");
  vetsId = bySlug("hash-vets");
  medicalId = bySlug("medical-keywords");

  await t.db.insert(specialPricingKeywords).values([
    { keywordText: "injury", multiplier: 1.5, description: "Personal injury." },
    { keywordText: "Truck Accident", multiplier: 1.45, description: "Commercial vehicle collisions." },
  ]);
});

afterAll(() => t.close());

describe("quoteFor", () => {
  it("prices a territory alone from its base fees and usage multipliers; a web-form lead stays $0.50", async () => {
    const b = await quoteFor(t.db, { territoryId: eastTexasId });
    expect(b).toMatchObject({
      scope: "territory",
      baseCents: 392_500,
      categoryModifierCents: 0,
      keywordModifierCents: 0,
      finalMonthlyCents: 392_500,
      setupCents: 785_000,
      perMinuteCents: 5,
      perSmsCents: 2,
      // East Texas stores a 1.25 web-form lead multiplier; the lead is still the fixed $0.50.
      perWebFormLeadCents: 50,
      codeSpecificFee: false,
    });
  });

  it("uses the territory's own #4LAW fee and adds a keyword", async () => {
    const b = await quoteFor(t.db, { territoryId: eastTexasId, categoryId: lawId, keywordText: "injury" });
    expect(b).toMatchObject({
      baseCents: 490_500,
      categoryModifierCents: 0,
      keywordModifierCents: 245_250,
      finalMonthlyCents: 735_750,
      codeSpecificFee: true,
      keyword: { keywordText: "injury", multiplier: 1.5 },
    });
  });

  it("prices full-state scope from the full-state fees with the category percentage", async () => {
    const b = await quoteFor(t.db, { territoryId: eastTexasId, categoryId: lawId, scope: "full_state" });
    expect(b).toMatchObject({
      scope: "full_state",
      baseCents: 437_000,
      categoryModifierCents: 109_250,
      finalMonthlyCents: 546_250,
      setupCents: 874_000,
      codeSpecificFee: false,
    });
  });

  it("reads numeric percentages and multipliers exactly from the database", async () => {
    // 392,500 × 112.35 % = 440,973.75 → 440,974.
    const taxes = await quoteFor(t.db, { territoryId: eastTexasId, categoryId: taxesId });
    expect(taxes.category).toMatchObject({ name: "#TAXES", feePercentageOfBase: 112.35 });
    expect(taxes.categoryModifierCents).toBe(48_474);
    // 392,500 × 1.15 = 451,375; × 1.45 = 654,493.75 → 654,494.
    const medical = await quoteFor(t.db, {
      territoryId: eastTexasId,
      categoryId: medicalId,
      keywordText: "truck accident",
    });
    expect(medical).toMatchObject({
      categoryModifierCents: 58_875,
      keywordModifierCents: 203_119,
      finalMonthlyCents: 654_494,
    });
    expect(medical.keyword).toEqual({ keywordText: "Truck Accident", multiplier: 1.45 });
  });

  it("applies the column-default $95.00 minimum", async () => {
    const b = await quoteFor(t.db, { territoryId: wyomingId, categoryId: vetsId });
    expect(b).toMatchObject({
      baseCents: 9_500,
      categoryModifierCents: -2_375,
      minimumApplied: true,
      minimumAppliedCents: 2_375,
      minimumMonthlyFeeCents: 9_500,
      finalMonthlyCents: 9_500,
      setupCents: 20_000,
      perWebFormLeadCents: 50,
    });
    // No full-state fee on file: full_state scope falls back to the base fees.
    const full = await quoteFor(t.db, { territoryId: wyomingId, scope: "full_state" });
    expect(full).toMatchObject({ baseCents: 9_500, setupCents: 20_000 });
  });

  it("works inside a transaction", async () => {
    const b = await t.db.transaction((tx) => quoteFor(tx, { territoryId: wyomingId, keywordText: "  injury " }));
    expect(b.keywordModifierCents).toBe(4_750);
  });

  it("throws PricingNotFoundError for a missing territory, category or keyword", async () => {
    const missing = "00000000-0000-4000-8000-000000000000";
    await expect(quoteFor(t.db, { territoryId: missing })).rejects.toMatchObject({
      name: "PricingNotFoundError",
      entity: "territory",
      key: missing,
    });
    await expect(quoteFor(t.db, { territoryId: "not-a-uuid" })).rejects.toBeInstanceOf(PricingNotFoundError);
    await expect(quoteFor(t.db, { territoryId: eastTexasId, categoryId: missing })).rejects.toMatchObject({
      entity: "category",
    });
    await expect(quoteFor(t.db, { territoryId: eastTexasId, categoryId: "42" })).rejects.toMatchObject({
      entity: "category",
    });
    await expect(quoteFor(t.db, { territoryId: eastTexasId, keywordText: "mesothelioma" })).rejects.toMatchObject({
      entity: "keyword",
      key: "mesothelioma",
    });
  });

  it("treats a blank keyword as none and rejects an unknown scope", async () => {
    const b = await quoteFor(t.db, { territoryId: eastTexasId, keywordText: "   " });
    expect(b.keyword).toBeNull();
    await expect(quoteFor(t.db, { territoryId: eastTexasId, scope: "nationwide" as never })).rejects.toBeInstanceOf(
      PricingInputError,
    );
  });
});

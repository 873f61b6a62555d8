/**
 * Territory administration on both databases: the list ordered by state and joined with categories, the spec's
 * Hide/Show rule, fees validated and stored in integer cents with before/after audit rows, the preview equal to the
 * public pages' quote, and category statuses written only through the availability module, refused when they would
 * contradict an active licence or reservation. Non-administrators are refused everywhere.
 */
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TerritoryCategoryStatus } from "#kernel/enums.ts";
import { DEFAULT_PAGE_SIZE } from "#kernel/list-query.ts";
import {
  HELD_NAMED_ON_ROW,
  TERRITORY_ADMIN_TEXT,
  type TerritoryFeesInput,
  territoryFeesSchema,
} from "#kernel/schemas/territories-admin.ts";
import { auditLog, categories, territories, territoryCategories } from "#server/db/schema/index.ts";
import { createTestDb, type TestDb } from "#server/db/test-utils.ts";
import { readPairStatus } from "../availability/availability.ts";
import { DomainError, ForbiddenError, ValidationError } from "../errors.ts";
import { quotePrice } from "../pricing/pricing.ts";
import {
  getTerritoryForAdmin,
  listTerritoriesForAdmin,
  PairHeldError,
  previewTerritoryPrices,
  saveTerritoryFees,
  setTerritoryCategoryStatus,
  TerritoryNotFoundError,
  toggleTerritoryVisibility,
} from "./territories-admin.ts";
import { ADMIN, linkTerritory, MEMBER, seedLicence, seedReservation, seedTerritory } from "./test-fixtures.ts";

let t: TestDb;
let law: string;
let help: string;
beforeAll(async () => {
  t = await createTestDb();
  const rows = await t.db
    .insert(categories)
    .values([
      { name: "#4LAW", slug: "hash-4law", feePercentageOfBase: 100 },
      { name: "#HELP", slug: "hash-help", feePercentageOfBase: 120 },
    ])
    .returning({ id: categories.id, slug: categories.slug });
  law = rows.find((r) => r.slug === "hash-4law")!.id;
  help = rows.find((r) => r.slug === "hash-help")!.id;
});
afterAll(() => t.close());

async function refusal(p: Promise<unknown>): Promise<DomainError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(DomainError);
  return err as DomainError;
}

const audits = (entityId: string, action: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, entityId), eq(auditLog.action, action)));

const query = (over: Partial<Parameters<typeof listTerritoriesForAdmin>[2]> = {}) => ({
  q: "",
  sort: "state" as const,
  dir: "asc" as const,
  page: 1,
  size: DEFAULT_PAGE_SIZE,
  filters: {},
  ...over,
});

/** The fee form as the action parses it. */
const fees = (over: Partial<TerritoryFeesInput> = {}): TerritoryFeesInput => {
  const { intent: _i, ...rest } = territoryFeesSchema.parse({
    intent: "save-fees",
    baseMonthlyFee: "1250",
    baseSetupFee: "500.50",
    fullStateMonthlyFee: "",
    fullStateSetupFee: "",
    minimumMonthlyFee: "95",
    poundHelpMonthlyFee: "",
    poundLawMonthlyFee: "",
    poundEasyMonthlyFee: "",
    poundSsdiMonthlyFee: "",
    minutesMultiplier: "1",
    smsMultiplier: "1",
    webFormLeadMultiplier: "1",
    clickToCallLeadMultiplier: "1",
    clickToMessageLeadMultiplier: "1",
    ...over,
  });
  return rest;
};

describe("the list", () => {
  it("is ordered by state, joined with categories, and refuses non-administrators", async () => {
    const a = await seedTerritory(t.db);
    const b = await seedTerritory(t.db);
    await t.db.update(territories).set({ state: "ZZ", name: "Zulu" }).where(eq(territories.id, a));
    await linkTerritory(t.db, b, law, "licensed");
    await linkTerritory(t.db, b, help);
    const page = await listTerritoriesForAdmin(t.db, ADMIN, query());
    const ids = page.rows.map((r) => r.id);
    expect(ids.indexOf(b)).toBeLessThan(ids.indexOf(a));
    const states = page.rows.map((r) => r.state);
    expect(states).toEqual([...states].sort());
    expect(page.rows.find((r) => r.id === b)!.categories).toEqual({
      held: [{ name: "#4LAW", status: "licensed" }],
      moreHeld: 0,
      available: 1,
    });
    expect(page.rows.find((r) => r.id === a)!.categories).toEqual({ held: [], moreHeld: 0, available: 0 });
    expect((await listTerritoriesForAdmin(t.db, ADMIN, query({ q: "Zulu" }))).rows.map((r) => r.id)).toEqual([a]);
    await expect(listTerritoriesForAdmin(t.db, MEMBER, query())).rejects.toBeInstanceOf(ForbiddenError);
  });

  it("sorts, filters and pages the same through the statements kept per sort, direction and filter", async () => {
    const hidden = await seedTerritory(t.db);
    await t.db.update(territories).set({ status: "inactive" }).where(eq(territories.id, hidden));
    // Twice each: the first run builds the shape's statement, the second runs it as kept.
    const byName = async (dir: "asc" | "desc") => {
      const runs = [];
      for (let run = 0; run < 2; run++)
        runs.push(await listTerritoriesForAdmin(t.db, ADMIN, query({ sort: "name", dir, size: 100 })));
      expect(runs[1]).toEqual(runs[0]);
      expect(runs[0]!.total).toBe(runs[0]!.rows.length);
      return runs[0]!.rows.map((r) => r.id);
    };
    // The order ends with the id in the same direction, so one direction is the other reversed.
    expect(await byName("desc")).toEqual((await byName("asc")).reverse());
    const inactive = await listTerritoriesForAdmin(t.db, ADMIN, query({ filters: { status: "inactive" }, size: 100 }));
    expect(inactive.rows.map((r) => r.id)).toContain(hidden);
    expect(inactive.rows.every((r) => r.status === "inactive")).toBe(true);
    expect(inactive.total).toBe(inactive.rows.length);
    const firstTwo = await listTerritoriesForAdmin(t.db, ADMIN, query({ size: 2 }));
    const second = await listTerritoriesForAdmin(t.db, ADMIN, query({ size: 1, page: 2 }));
    expect(second.rows.map((r) => r.id)).toEqual([firstTwo.rows[1]!.id]);
    expect(second.total).toBe(firstTwo.total);
    // Past the end: no rows, and the total still counted.
    const past = await listTerritoriesForAdmin(t.db, ADMIN, query({ size: 1, page: firstTwo.total + 1 }));
    expect(past).toEqual({ rows: [], total: firstTwo.total });
  });

  it("names at most a few held categories per row however large the catalog, by name, and counts the others", async () => {
    const id = await seedTerritory(t.db);
    // 40 categories, named out of order: every fourth licensed, the next in negotiations, the rest available.
    const many = await t.db
      .insert(categories)
      .values(
        Array.from({ length: 40 }, (_, i) => ({
          name: `#C${String(39 - i).padStart(3, "0")}`,
          slug: `hash-c-${id.slice(0, 8)}-${i}`,
          feePercentageOfBase: 100,
        })),
      )
      .returning({ id: categories.id, name: categories.name });
    const statusOf = (n: number): TerritoryCategoryStatus =>
      n % 4 === 0 ? "licensed" : n % 4 === 1 ? "negotiations" : "available";
    await t.db
      .insert(territoryCategories)
      .values(many.map((c) => ({ territoryId: id, categoryId: c.id, status: statusOf(Number(c.name.slice(2))) })));
    const mine = (await listTerritoriesForAdmin(t.db, ADMIN, query({ size: 100 }))).rows.find((r) => r.id === id)!;
    expect(mine.categories.held).toEqual([
      { name: "#C000", status: "licensed" },
      { name: "#C001", status: "negotiations" },
      { name: "#C004", status: "licensed" },
      { name: "#C005", status: "negotiations" },
      { name: "#C008", status: "licensed" },
      { name: "#C009", status: "negotiations" },
    ]);
    expect(mine.categories.held).toHaveLength(HELD_NAMED_ON_ROW);
    expect(mine.categories.moreHeld).toBe(20 - HELD_NAMED_ON_ROW);
    expect(mine.categories.available).toBe(20);
    // The other tests of this file price every category: these go.
    await t.db.delete(categories).where(
      inArray(
        categories.id,
        many.map((c) => c.id),
      ),
    );
  });
});

describe("Hide/Show", () => {
  it("hides a shown territory (any status but inactive) and shows a hidden one as active, audited", async () => {
    const id = await seedTerritory(t.db);
    await t.db.update(territories).set({ status: "licensed" }).where(eq(territories.id, id));
    expect((await toggleTerritoryVisibility(t.db, ADMIN, { territoryId: id })).status).toBe("inactive");
    expect((await toggleTerritoryVisibility(t.db, ADMIN, { territoryId: id })).status).toBe("active");
    expect((await toggleTerritoryVisibility(t.db, ADMIN, { territoryId: id })).status).toBe("inactive");
    const rows = await audits(id, "territory.toggle");
    expect(rows.map((r) => r.details)).toEqual(
      expect.arrayContaining([
        { before: { status: "licensed" }, after: { status: "inactive" } },
        { before: { status: "inactive" }, after: { status: "active" } },
        { before: { status: "active" }, after: { status: "inactive" } },
      ]),
    );
  });

  it("refuses non-administrators and unknown territories, writing nothing", async () => {
    const id = await seedTerritory(t.db);
    await expect(toggleTerritoryVisibility(t.db, MEMBER, { territoryId: id })).rejects.toBeInstanceOf(ForbiddenError);
    const [row] = await t.db.select({ status: territories.status }).from(territories).where(eq(territories.id, id));
    expect(row!.status).toBe("available");
    const err = await refusal(
      toggleTerritoryVisibility(t.db, ADMIN, { territoryId: "00000000-0000-4000-8000-000000000000" }),
    );
    expect(err).toBeInstanceOf(TerritoryNotFoundError);
    expect(err.title).toBe("Error updating status");
  });
});

describe("fees", () => {
  it("stores dollars as integer cents, blank optional fees as null, and audits before/after of what changed", async () => {
    const id = await seedTerritory(t.db);
    const r = await saveTerritoryFees(t.db, ADMIN, {
      territoryId: id,
      ...fees({ baseMonthlyFee: "$1,250.05", poundLawMonthlyFee: "300", minutesMultiplier: "1.25" }),
    });
    expect(r.changed.sort()).toEqual(
      ["baseMonthlyFeeCents", "baseSetupFeeCents", "minutesMultiplier", "poundLawMonthlyFeeCents"].sort(),
    );
    const [row] = await t.db.select().from(territories).where(eq(territories.id, id));
    expect(row).toMatchObject({
      baseMonthlyFeeCents: 125_005,
      baseSetupFeeCents: 50_050,
      poundLawMonthlyFeeCents: 30_000,
      fullStateMonthlyFeeCents: null,
      minimumMonthlyFeeCents: 9_500,
      minutesMultiplier: 1.25,
    });
    const [audit] = await audits(id, "territory.update");
    expect(audit!.details).toEqual({
      before: { baseMonthlyFeeCents: 0, baseSetupFeeCents: 0, poundLawMonthlyFeeCents: null, minutesMultiplier: 1 },
      after: {
        baseMonthlyFeeCents: 125_005,
        baseSetupFeeCents: 50_050,
        poundLawMonthlyFeeCents: 30_000,
        minutesMultiplier: 1.25,
      },
    });
    // Saving the same values changes nothing and records nothing.
    const again = await saveTerritoryFees(t.db, ADMIN, {
      territoryId: id,
      ...fees({ baseMonthlyFee: "1250.05", poundLawMonthlyFee: "300.00", minutesMultiplier: "1.25" }),
    });
    expect(again.changed).toEqual([]);
    expect(await audits(id, "territory.update")).toHaveLength(1);
  });

  it("a blank minimum means the default $95.00", async () => {
    const id = await seedTerritory(t.db);
    await t.db.update(territories).set({ minimumMonthlyFeeCents: 12_000 }).where(eq(territories.id, id));
    await saveTerritoryFees(t.db, ADMIN, { territoryId: id, ...fees({ minimumMonthlyFee: "" }) });
    const [row] = await t.db.select().from(territories).where(eq(territories.id, id));
    expect(row!.minimumMonthlyFeeCents).toBe(9_500);
  });

  it("refuses bad amounts with a message per field and writes nothing", async () => {
    const id = await seedTerritory(t.db);
    const err = await refusal(
      saveTerritoryFees(t.db, ADMIN, {
        territoryId: id,
        ...fees({ baseMonthlyFee: "-5", baseSetupFee: "12.345", smsMultiplier: "lots", minutesMultiplier: "" }),
      }),
    );
    expect(err).toBeInstanceOf(ValidationError);
    expect(err.status).toBe(400);
    expect(err.title).toBe(TERRITORY_ADMIN_TEXT.errorUpdatingFees);
    expect(err.fieldErrors).toEqual({
      baseMonthlyFee: [expect.stringMatching(/^Base monthly fee must be an amount in dollars/)],
      baseSetupFee: [expect.stringMatching(/^Base setup fee must be an amount in dollars/)],
      smsMultiplier: [expect.stringMatching(/^SMS multiplier must be a number such as 1\.25/)],
      minutesMultiplier: ["Minutes multiplier is required."],
    });
    const [row] = await t.db.select().from(territories).where(eq(territories.id, id));
    expect(row!.baseMonthlyFeeCents).toBe(0);
    expect(await audits(id, "territory.update")).toHaveLength(0);
  });

  it("refuses non-administrators", async () => {
    const id = await seedTerritory(t.db);
    await expect(saveTerritoryFees(t.db, MEMBER, { territoryId: id, ...fees() })).rejects.toBeInstanceOf(
      ForbiddenError,
    );
  });
});

describe("the price preview", () => {
  it("quotes the typed fees exactly as the public pages' engine does, without saving them", async () => {
    const id = await seedTerritory(t.db);
    const typed = fees({ baseMonthlyFee: "1000", poundHelpMonthlyFee: "150", fullStateMonthlyFee: "4000" });
    const preview = await previewTerritoryPrices(t.db, ADMIN, typed);
    const territory = {
      baseMonthlyFeeCents: 100_000,
      baseSetupFeeCents: 50_050,
      fullStateMonthlyFeeCents: 400_000,
      fullStateSetupFeeCents: null,
      minimumMonthlyFeeCents: 9_500,
      poundHelpMonthlyFeeCents: 15_000,
      poundLawMonthlyFeeCents: null,
      poundEasyMonthlyFeeCents: null,
      poundSsdiMonthlyFeeCents: null,
      minutesMultiplier: 1,
      smsMultiplier: 1,
    };
    const byKey = new Map(preview.rows.map((r) => [r.key, r.finalMonthlyCents]));
    expect(byKey.get("territory")).toBe(quotePrice({ territory }).finalMonthlyCents);
    expect(byKey.get("full_state")).toBe(400_000);
    expect(byKey.get(law)).toBe(100_000);
    expect(byKey.get(help)).toBe(15_000); // the territory's own #HELP fee, not 120 % of the base
    const [row] = await t.db.select().from(territories).where(eq(territories.id, id));
    expect(row!.baseMonthlyFeeCents).toBe(0);
    // The stored fees' preview on the page is the same computation.
    await saveTerritoryFees(t.db, ADMIN, { territoryId: id, ...typed });
    expect((await getTerritoryForAdmin(t.db, ADMIN, id)).preview).toEqual(preview);
  });

  it("gives categories priced alike one row, named by their first three and a count", async () => {
    const id = await seedTerritory(t.db);
    const alike = await t.db
      .insert(categories)
      .values(
        ["#ALIKEA", "#ALIKEB", "#ALIKEC", "#ALIKED", "#ALIKEE"].map((name) => ({
          name,
          slug: `hash-${name.slice(1).toLowerCase()}`,
          feePercentageOfBase: 100,
        })),
      )
      .returning({ id: categories.id });
    try {
      const preview = await previewTerritoryPrices(t.db, ADMIN, fees({ baseMonthlyFee: "1000" }));
      const at100 = preview.rows.filter(
        (r) => r.key !== "territory" && r.key !== "full_state" && r.finalMonthlyCents === 100_000,
      );
      // #4LAW and the five new ones are all 100 % of the base: one row.
      expect(at100).toHaveLength(1);
      expect(at100[0]).toMatchObject({
        label: "#4LAW, #ALIKEA, #ALIKEB and 3 more",
        basis: "Base monthly fee · Category adjustment (100%)",
      });
      expect(preview.rows.find((r) => r.key === help)?.label).toBe("#HELP");
      expect((await getTerritoryForAdmin(t.db, ADMIN, id)).preview.rows.length).toBe(preview.rows.length);
    } finally {
      await t.db.delete(categories).where(
        inArray(
          categories.id,
          alike.map((a) => a.id),
        ),
      );
    }
  });

  it("refuses bad fees with field errors", async () => {
    const err = await refusal(previewTerritoryPrices(t.db, ADMIN, fees({ baseMonthlyFee: "abc" })));
    expect(err.fieldErrors?.baseMonthlyFee).toHaveLength(1);
  });
});

describe("category status in a territory", () => {
  it("changes through the availability module, audited with before and after", async () => {
    const id = await seedTerritory(t.db);
    const r = await setTerritoryCategoryStatus(t.db, ADMIN, {
      territoryId: id,
      categoryId: law,
      status: "negotiations",
    });
    expect(r).toMatchObject({ category: "#4LAW", status: "negotiations", changed: true });
    expect(await readPairStatus(t.db, { territoryId: id, categoryId: law })).toBe("negotiations");
    await setTerritoryCategoryStatus(t.db, ADMIN, { territoryId: id, categoryId: law, status: "available" });
    expect(await readPairStatus(t.db, { territoryId: id, categoryId: law })).toBe("available");
    const rows = await audits(id, "territory_category.status");
    expect(rows.map((a) => a.details)).toEqual(
      expect.arrayContaining([
        { categoryId: law, category: "#4LAW", before: { status: "available" }, after: { status: "negotiations" } },
        { categoryId: law, category: "#4LAW", before: { status: "negotiations" }, after: { status: "available" } },
      ]),
    );
    const detail = await getTerritoryForAdmin(t.db, ADMIN, id);
    expect(detail.categories.find((c) => c.categoryId === law)).toMatchObject({ status: "available", heldBy: null });
  });

  it("refuses to free a pair with an active licence, with a clear message, writing nothing", async () => {
    const id = await seedTerritory(t.db);
    await linkTerritory(t.db, id, law, "licensed");
    await seedLicence(t.db, id, law);
    const err = await refusal(
      setTerritoryCategoryStatus(t.db, ADMIN, { territoryId: id, categoryId: law, status: "available" }),
    );
    expect(err).toBeInstanceOf(PairHeldError);
    expect(err.status).toBe(409);
    expect(err.title).toBe("Error updating status");
    expect(err.message).toMatch(/^#4LAW in Territory [A-Z]{2} has an active license, so it stays licensed/);
    expect(await readPairStatus(t.db, { territoryId: id, categoryId: law })).toBe("licensed");
    expect(await audits(id, "territory_category.status")).toHaveLength(0);
    expect((await getTerritoryForAdmin(t.db, ADMIN, id)).categories.find((c) => c.categoryId === law)?.heldBy).toBe(
      "license",
    );
  });

  it("refuses to free or license a pair held by an active reservation", async () => {
    const id = await seedTerritory(t.db);
    await linkTerritory(t.db, id, help, "negotiations");
    await seedReservation(t.db, id, help, "active");
    for (const status of ["available", "licensed"] as const) {
      const err = await refusal(setTerritoryCategoryStatus(t.db, ADMIN, { territoryId: id, categoryId: help, status }));
      expect(err).toBeInstanceOf(PairHeldError);
      expect(err.message).toContain("is reserved by an active hold");
    }
    expect(await readPairStatus(t.db, { territoryId: id, categoryId: help })).toBe("negotiations");
  });

  it("an expired reservation does not hold the pair", async () => {
    const id = await seedTerritory(t.db);
    await linkTerritory(t.db, id, help, "negotiations");
    await seedReservation(t.db, id, help, "expired");
    await setTerritoryCategoryStatus(t.db, ADMIN, { territoryId: id, categoryId: help, status: "available" });
    const [row] = await t.db
      .select({ status: territoryCategories.status })
      .from(territoryCategories)
      .where(and(eq(territoryCategories.territoryId, id), eq(territoryCategories.categoryId, help)));
    expect(row!.status).toBe("available");
  });

  it("refuses non-administrators and unknown categories", async () => {
    const id = await seedTerritory(t.db);
    await expect(
      setTerritoryCategoryStatus(t.db, MEMBER, { territoryId: id, categoryId: law, status: "licensed" }),
    ).rejects.toBeInstanceOf(ForbiddenError);
    const err = await refusal(
      setTerritoryCategoryStatus(t.db, ADMIN, {
        territoryId: id,
        categoryId: "00000000-0000-4000-8000-000000000000",
        status: "licensed",
      }),
    );
    expect(err.status).toBe(404);
    expect(await readPairStatus(t.db, { territoryId: id, categoryId: law })).toBe("available");
  });
});

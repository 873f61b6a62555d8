/** Vanity numbers per territory: the derived number status, the vanity page's territories and the popup. */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { territories, territoryVanityNumbers, vanityNumbers } from "../../db/schema/index.ts";
import type { TestDb } from "../../db/test-utils.ts";
import { reserveTerritory } from "../reservations/reservations.ts";
import { validVanityReservation } from "../reservations/test-fixtures.ts";
import { lookupNumber } from "./numbers.ts";
import { listTerritories, territoryPopup, VANITY_BASE_LINE } from "./territories.ts";
import { createSeededDb } from "./test-fixtures.ts";
import { deriveVanityNumberStatus, quoteVanity, vanityNumberStatus, vanityNumberStatuses } from "./vanity.ts";

let t: TestDb;

beforeAll(async () => {
  t = await createSeededDb();
}, 60_000);
afterAll(async () => {
  await t.close();
});

async function vanityBySlug(slug: string) {
  const [v] = await t.db.select().from(vanityNumbers).where(eq(vanityNumbers.slug, slug));
  return v!;
}

describe("deriveVanityNumberStatus", () => {
  it("summarises the territories: available while any is free, licensed when all are, reserved otherwise", () => {
    expect(deriveVanityNumberStatus("available", ["licensed", "available", "negotiations"])).toBe("available");
    expect(deriveVanityNumberStatus("available", ["licensed", "licensed"])).toBe("licensed");
    expect(deriveVanityNumberStatus("available", ["licensed", "negotiations"])).toBe("reserved");
    expect(deriveVanityNumberStatus("available", ["negotiations", "negotiations"])).toBe("reserved");
    expect(deriveVanityNumberStatus("available", [])).toBe("available");
  });

  it("keeps the administrator's 'pending' (not on sale yet) whatever the territories", () => {
    expect(deriveVanityNumberStatus("pending", ["available"])).toBe("pending");
    expect(deriveVanityNumberStatus("pending", ["licensed"])).toBe("pending");
  });
});

describe("vanityNumberStatuses on the demo catalogue", () => {
  it("derives available, reserved, licensed and pending from the stored territory rows", async () => {
    const lawHelp = await vanityBySlug("800-law-help");
    const hurtNow = await vanityBySlug("855-hurt-now");
    const taxHelp = await vanityBySlug("877-tax-help");
    const hvac = await vanityBySlug("800-hvac-pro");
    const houston = await vanityBySlug("713-injured");
    const statuses = await vanityNumberStatuses(t.db);
    expect(statuses.get(lawHelp.id)).toBe("available");
    expect(statuses.get(hurtNow.id)).toBe("reserved");
    expect(statuses.get(taxHelp.id)).toBe("licensed");
    expect(statuses.get(hvac.id)).toBe("pending");
    // Licensed in East Texas only: still available elsewhere.
    expect(statuses.get(houston.id)).toBe("available");
    expect(statuses.size).toBe((await t.db.select().from(vanityNumbers)).length);
  });

  it("follows the territories: reserving the last free one makes the number reserved, then lookupNumber says so", async () => {
    const number = await vanityBySlug("800-pet-vets");
    const visible = await t.db.select({ id: territories.id }).from(territories);
    const [last, ...others] = visible;
    await t.db
      .insert(territoryVanityNumbers)
      .values(others.map((o) => ({ territoryId: o.id, vanityNumberId: number.id, status: "licensed" as const })));
    expect(await vanityNumberStatus(t.db, number.id)).toBe("available");
    await reserveTerritory(t.db, { userId: null }, validVanityReservation(last!.id, number.id), {
      salesEmail: "sales@poundcodes.test",
      linkSecret: "order-link-secret-for-tests",
      publicUrl: "https://poundcodes.test",
    });
    expect(await vanityNumberStatus(t.db, number.id)).toBe("reserved");
    const ctx = await lookupNumber(t.db, "800-pet-vets");
    expect(ctx).toMatchObject({ kind: "vanity", status: "reserved" });
    // A territory an admin hides no longer counts.
    await t.db.update(territories).set({ status: "inactive" }).where(eq(territories.id, last!.id));
    try {
      expect(await vanityNumberStatus(t.db, number.id)).toBe("licensed");
    } finally {
      await t.db.update(territories).set({ status: "available" }).where(eq(territories.id, last!.id));
    }
  });
});

describe("listTerritories on a vanity number's page", () => {
  it("shows the number's own status per territory and prices it from its fees through the pricing engine", async () => {
    const ctx = await lookupNumber(t.db, "713-injured");
    const list = await listTerritories(t.db, { context: ctx });
    const eastTexas = list.find((x) => x.key === "TX-E")!;
    const vermont = list.find((x) => x.key === "VT")!;
    expect(eastTexas.mapStatus).toBe("licensed");
    expect(eastTexas.listStatus).toBe("licensed");
    expect(vermont.mapStatus).toBe("available");

    const [row] = await t.db.select().from(territories).where(eq(territories.id, vermont.id));
    const quote = quoteVanity(row!, { monthlyFeeCents: 27_900, setupFeeCents: 45_000 });
    expect(quote.finalMonthlyCents).toBe(27_900);
    expect(vermont.pricing.categoryQuote).toMatchObject({
      categoryName: "1-713-INJURED",
      finalMonthlyCents: quote.finalMonthlyCents,
    });
    expect(vermont.pricing.categoryQuote!.lines[0]).toMatchObject({ label: VANITY_BASE_LINE, cents: 27_900 });
    expect(vermont.pricing.setupCents).toBe(45_000);
    expect(vermont.pricing.baseMonthlyCents).toBe(27_900);
  });

  it("shows every territory in negotiations for a number not on sale yet", async () => {
    const ctx = await lookupNumber(t.db, "800-hvac-pro");
    const list = await listTerritories(t.db, { context: ctx });
    expect(new Set(list.map((x) => x.mapStatus))).toEqual(new Set(["negotiations"]));
  });

  it("a vanity number without fees is priced at the territory's base fees", async () => {
    const [row] = await t.db.select().from(territories).where(eq(territories.state, "VT"));
    const q = quoteVanity(row!, { monthlyFeeCents: null, setupFeeCents: null });
    expect(q.baseCents).toBe(row!.baseMonthlyFeeCents);
    expect(q.setupCents).toBe(row!.baseSetupFeeCents);
  });
});

describe("territoryPopup: vanity numbers available in that territory", () => {
  it("lists numbers free there and on sale, never one licensed or held there or pending", async () => {
    const [eastTexas] = await t.db.select().from(territories).where(eq(territories.slug, "east-texas"));
    const popup = (await territoryPopup(t.db, eastTexas!.slug))!;
    const texts = popup.vanityNumbers.map((v) => v.numberText);
    expect(texts).not.toContain("(713) INJURED");
    expect(texts).not.toContain("(877) TAX-HELP");
    expect(texts).not.toContain("(855) HURT-NOW");
    expect(texts).not.toContain("(800) HVAC-PRO");
    expect(texts.length).toBeGreaterThan(0);
    expect(texts.length).toBeLessThanOrEqual(5);
  });
});

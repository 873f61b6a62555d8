import { describe, expect, it } from "vitest";
import areaCodesFile from "./area-codes.json" with { type: "json" };
import { COUNTY_POPULATIONS_2020 } from "./county-populations-2020.ts";
import portionCountiesFile from "./portion-counties.json" with { type: "json" };
import { monthlyFeeFromPopulation, setupFeeFromMonthly } from "./pricing-formula.ts";
import {
  portionCountyFips,
  portionPopulation,
  SPLIT_STATES,
  STATE_POPULATIONS_2020,
  TERRITORIES,
  territorySlug,
} from "./territories.ts";

describe("territories", () => {
  it("has 45 whole states, DC and 13 portions", () => {
    expect(TERRITORIES).toHaveLength(59);
    const whole = TERRITORIES.filter((t) => t.portion === null);
    expect(whole).toHaveLength(46);
    expect(whole.some((t) => t.state === "DC" && t.name === "District of Columbia")).toBe(true);
    const portions = TERRITORIES.filter((t) => t.portion !== null)
      .map((t) => t.key)
      .sort();
    expect(portions).toEqual(
      ["CA-C", "CA-N", "CA-S", "FL-C", "FL-N", "FL-S", "IL-C", "IL-N", "IL-S", "NY-N", "NY-S", "TX-E", "TX-W"].sort(),
    );
    for (const state of Object.keys(SPLIT_STATES)) {
      expect(whole.some((t) => t.state === state)).toBe(false);
    }
  });

  it("uses unique slugs made from the name", () => {
    const slugs = TERRITORIES.map((t) => t.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const t of TERRITORIES) {
      expect(t.slug).toBe(t.name.toLowerCase().replaceAll(" ", "-"));
      expect(t.slug).toMatch(/^[a-z-]+$/);
    }
    expect(territorySlug("New Mexico")).toBe("new-mexico");
    expect(TERRITORIES.find((t) => t.key === "TX-E")?.slug).toBe("east-texas");
  });

  it("takes every territory's area codes from area-codes.json", () => {
    const byTerritory: Record<string, string[]> = areaCodesFile.byTerritory;
    expect(Object.keys(byTerritory).sort()).toEqual(TERRITORIES.map((t) => t.key).sort());
    for (const t of TERRITORIES) {
      expect(t.areaCodes).toEqual(byTerritory[t.key]);
      for (const code of t.areaCodes) expect(code).toMatch(/^[2-9]\d\d$/);
    }
  });

  it("has a 2020 population for every county of the split states, and no other", () => {
    const listed = Object.values(portionCountiesFile as Record<string, string[]>)
      .flat()
      .map((entry) => entry.slice(0, 5))
      .sort();
    expect(new Set(listed).size).toBe(listed.length);
    expect(Object.keys(COUNTY_POPULATIONS_2020).sort()).toEqual(listed);
    for (const population of Object.values(COUNTY_POPULATIONS_2020)) {
      expect(Number.isInteger(population) && population > 0).toBe(true);
    }
  });

  it("sums each split state's portions to within 1 % of its 2020 Census total", () => {
    for (const [state, portions] of Object.entries(SPLIT_STATES)) {
      const stateTotal = STATE_POPULATIONS_2020[state] ?? 0;
      const sum = Object.keys(portions).reduce((n, portion) => n + portionPopulation(`${state}-${portion}`), 0);
      const deviation = Math.abs(sum - stateTotal) / stateTotal;
      expect(deviation, `${state}: portions ${sum} vs state ${stateTotal}`).toBeLessThan(0.01);
      // Every county of the state is in exactly one portion.
      const fips = Object.keys(portions).flatMap((portion) => portionCountyFips(`${state}-${portion}`));
      expect(fips.every((f) => f.startsWith(fips[0]?.slice(0, 2) ?? "??"))).toBe(true);
    }
  });

  it("matches the published 2020 totals of the five split states and the nation", () => {
    expect(STATE_POPULATIONS_2020.CA).toBe(39_538_223);
    expect(STATE_POPULATIONS_2020.TX).toBe(29_145_505);
    expect(STATE_POPULATIONS_2020.FL).toBe(21_538_187);
    expect(STATE_POPULATIONS_2020.NY).toBe(20_201_249);
    expect(STATE_POPULATIONS_2020.IL).toBe(12_812_508);
    const nation = Object.values(STATE_POPULATIONS_2020).reduce((n, p) => n + p, 0);
    expect(nation).toBe(331_449_281);
  });

  it("prices every territory from its population", () => {
    for (const t of TERRITORIES) {
      expect(t.baseMonthlyFeeCents).toBe(monthlyFeeFromPopulation(t.population));
      expect(t.baseSetupFeeCents).toBe(setupFeeFromMonthly(t.baseMonthlyFeeCents));
      expect(t.minimumMonthlyFeeCents).toBe(9_500);
      expect(t.baseMonthlyFeeCents).toBeGreaterThanOrEqual(9_500);
      const statePopulation = STATE_POPULATIONS_2020[t.state] ?? -1;
      expect(t.fullStateMonthlyFeeCents).toBe(monthlyFeeFromPopulation(statePopulation));
      expect(t.fullStateSetupFeeCents).toBe(setupFeeFromMonthly(t.fullStateMonthlyFeeCents));
      if (t.portion === null) expect(t.fullStateMonthlyFeeCents).toBe(t.baseMonthlyFeeCents);
      for (const fee of [
        t.poundLawMonthlyFeeCents,
        t.poundHelpMonthlyFeeCents,
        t.poundEasyMonthlyFeeCents,
        t.poundSsdiMonthlyFeeCents,
      ]) {
        expect(Number.isInteger(fee)).toBe(true);
        expect(fee).toBeGreaterThanOrEqual(9_500);
      }
    }
  });

  it("gives the three sample territories the documented fees", () => {
    const byKey = (key: string) => TERRITORIES.find((t) => t.key === key);
    expect(byKey("WY")).toMatchObject({ population: 576_851, baseMonthlyFeeCents: 9_500, baseSetupFeeCents: 20_000 });
    expect(byKey("GA")).toMatchObject({
      population: 10_711_908,
      baseMonthlyFeeCents: 160_500,
      baseSetupFeeCents: 321_000,
    });
    expect(byKey("TX-E")).toMatchObject({
      baseMonthlyFeeCents: 392_500,
      baseSetupFeeCents: 785_000,
      fullStateMonthlyFeeCents: 437_000,
      fullStateSetupFeeCents: 874_000,
    });
  });
});

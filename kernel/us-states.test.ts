import { describe, expect, it } from "vitest";
import { US_STATE_CODE_BY_FIPS, US_STATE_NAMES, US_STATES } from "./us-states.ts";

describe("US_STATES", () => {
  it("lists the 50 states and DC once each, by USPS code and by FIPS code", () => {
    expect(US_STATES).toHaveLength(51);
    expect(new Set(US_STATES.map((s) => s.code)).size).toBe(51);
    expect(new Set(US_STATES.map((s) => s.fips)).size).toBe(51);
    expect(US_STATES.every((s) => /^[A-Z]{2}$/.test(s.code) && /^\d{2}$/.test(s.fips))).toBe(true);
  });

  it("is in alphabetical order of name", () => {
    const names = US_STATES.map((s) => s.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });

  it("looks states up by code and by FIPS code", () => {
    expect(US_STATE_NAMES.TX).toBe("Texas");
    expect(US_STATE_NAMES.DC).toBe("District of Columbia");
    expect(US_STATE_CODE_BY_FIPS["48"]).toBe("TX");
    expect(US_STATE_CODE_BY_FIPS["01"]).toBe("AL");
    expect(US_STATE_CODE_BY_FIPS["72"]).toBeUndefined();
  });
});

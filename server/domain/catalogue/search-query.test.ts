import { describe, expect, it } from "vitest";
import { normalizeSearchQuery, parseSearchQuery } from "./search-query.ts";

describe("normalizeSearchQuery", () => {
  it("trims, collapses spaces, removes control characters and caps the length at 64", () => {
    expect(normalizeSearchQuery("  #4LAW  ")).toBe("#4LAW");
    expect(normalizeSearchQuery("south \t\n florida")).toBe("south florida");
    expect(normalizeSearchQuery("law\u0000help")).toBe("law help");
    expect(normalizeSearchQuery("x".repeat(10_000))).toHaveLength(64);
    expect(normalizeSearchQuery(null)).toBe("");
    expect(normalizeSearchQuery(undefined)).toBe("");
    expect(normalizeSearchQuery("   ")).toBe("");
  });
});

describe("parseSearchQuery", () => {
  it("reads a #Code typed with or without '#'", () => {
    expect(parseSearchQuery("#4LAW")).toMatchObject({ lower: "#4law", code: "4law", hasLetter: true });
    expect(parseSearchQuery("4 law").code).toBe("4law");
    expect(parseSearchQuery("hash-4law").code).toBe("hash4law");
    expect(parseSearchQuery("law & order").code).toBe("");
  });

  it("reads digits typed with phone punctuation, trunk 1 removed, three at least", () => {
    expect(parseSearchQuery("1 (800) 529-4357")).toMatchObject({ digits: "8005294357", keypad: "", hasLetter: false });
    expect(parseSearchQuery("80").digits).toBe("");
    expect(parseSearchQuery("800 LAW").digits).toBe("");
  });

  it("reads a word as keypad digits", () => {
    expect(parseSearchQuery("LAW")).toMatchObject({ keypad: "529", alnum: "law", digits: "" });
    expect(parseSearchQuery("law-help").keypad).toBe("5294357");
    expect(parseSearchQuery("ab").keypad).toBe("");
    expect(parseSearchQuery("law!").keypad).toBe("");
  });

  it("reads an area code, a state code and a map key", () => {
    expect(parseSearchQuery("(212)")).toMatchObject({ areaCode: "212", digits: "212" });
    expect(parseSearchQuery("2125").areaCode).toBe("");
    expect(parseSearchQuery("tx")).toMatchObject({ stateCode: "TX", mapKey: null });
    expect(parseSearchQuery("tx-e")).toMatchObject({ stateCode: "", mapKey: { state: "TX", portion: "E" } });
    expect(parseSearchQuery("tx-q").mapKey).toBeNull();
  });

  it("reads state names by their beginning, three characters at least", () => {
    expect(parseSearchQuery("Texas").states).toEqual([{ code: "TX", name: "Texas", exact: true }]);
    expect(parseSearchQuery("new").states.map((s) => s.code)).toEqual(["NH", "NJ", "NM", "NY"]);
    expect(parseSearchQuery("ne").states).toEqual([]);
  });
});

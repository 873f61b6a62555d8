import { describe, expect, it } from "vitest";
import {
  type CategoryRow,
  keywordExpansions,
  keywordGroupTerms,
  matchPoundCodes,
  matchTerritories,
  matchVanityNumbers,
  mentions,
  rankCandidates,
  type TerritoryRow,
  type VanityRow,
} from "./search-matchers.ts";
import { parseSearchQuery } from "./search-query.ts";

const LAW: CategoryRow = {
  id: "c-law",
  name: "#4LAW",
  slug: "hash-4law",
  description: "Personal injury attorneys and lawyers.",
  categoryType: "standard",
};
const TAXES: CategoryRow = {
  id: "c-tax",
  name: "#TAXES",
  slug: "hash-taxes",
  description: "Tax preparation and debt relief.",
  categoryType: "standard",
};
const LEGAL: CategoryRow = {
  id: "c-legal",
  name: "Legal Keywords",
  slug: "legal-keywords",
  description: "Attorney, lawyer, injury and related legal terms.",
  categoryType: "keyword_group",
};
const CATEGORIES = [LAW, TAXES, LEGAL];

const LAW_HELP: VanityRow = { id: "v-1", numberText: "(800) LAW-HELP", slug: "800-law-help", name: "Law Help" };
const DIGITS: VanityRow = { id: "v-2", numberText: "(800) 529-4357", slug: "800-529-4357", name: null };

const EAST_TEXAS: TerritoryRow = {
  id: "t-tx-e",
  name: "East Texas",
  state: "TX",
  portion: "E",
  slug: "east-texas",
  areaCodes: ["903", "409"],
};

const matched = (q: string, run: (t: ReturnType<typeof parseSearchQuery>) => { result: { matched: string } }[]) =>
  run(parseSearchQuery(q)).map((c) => c.result.matched);

describe("mentions", () => {
  it("finds a word beginning with the term", () => {
    expect(mentions("personal injury", "injury")).toBe(true);
    expect(mentions("lawyers", "law")).toBe(true);
    expect(mentions("Delaware", "law")).toBe(false);
    expect(mentions(null, "law")).toBe(false);
    expect(mentions("a +b", "+b")).toBe(true);
    expect(mentions("a+b", "+b")).toBe(false);
  });
});

describe("keywordGroupTerms", () => {
  it("reads the listed terms of a keyword group's description", () => {
    expect(
      keywordGroupTerms(
        "Attorney, lawyer, injury, accident and related legal terms used in search, radio and TV campaigns that promote a #Code.",
      ),
    ).toEqual(["attorney", "lawyer", "injury", "accident"]);
    expect(keywordGroupTerms("Tax, debt, loan, mortgage and insurance terms for financial services.")).toEqual([
      "tax",
      "debt",
      "loan",
      "mortgage",
      "insurance",
    ]);
    expect(keywordGroupTerms(null)).toEqual([]);
  });
});

describe("matchPoundCodes", () => {
  it("scores the code, its beginning, its description and keyword group terms, best match only", () => {
    const codes = (q: string) => matchPoundCodes(parseSearchQuery(q), CATEGORIES, []);
    expect(codes("#4law")).toEqual([
      { score: 100, result: expect.objectContaining({ id: "c-law", matched: "code #4LAW" }) },
    ]);
    expect(codes("hash-taxes").map((c) => c.score)).toEqual([100]);
    expect(codes("ta").map((c) => c.result.matched)).toEqual(["code #TAXES starts with TA"]);
    expect(codes("axe").map((c) => c.result.matched)).toEqual(["code #TAXES contains AXE"]);
    expect(codes("debt").map((c) => c.result.matched)).toEqual(['description mentions "debt"']);
    expect(codes("legal").map((c) => [c.result.id, c.score, c.result.matched])).toEqual([
      ["c-law", 30, "Legal Keywords: attorney"],
    ]);
  });

  it("brings in #Codes through special pricing keywords before keyword groups", () => {
    const t = parseSearchQuery("legal injury");
    expect(keywordExpansions(t, CATEGORIES, [{ keywordText: "Injury" }])).toEqual([
      { term: "injury", matched: 'keyword "Injury"' },
      { term: "attorney", matched: "Legal Keywords: attorney" },
      { term: "lawyer", matched: "Legal Keywords: lawyer" },
      { term: "injury", matched: "Legal Keywords: injury" },
    ]);
    expect(matchPoundCodes(t, CATEGORIES, [{ keywordText: "Injury" }])[0]?.result.matched).toBe('keyword "Injury"');
  });
});

describe("matchVanityNumbers", () => {
  const numbers = (q: string) => matched(q, (t) => matchVanityNumbers(t, [LAW_HELP, DIGITS]));

  it("matches an exact text or slug alone", () => {
    expect(numbers("(800) law-help")).toEqual(["number (800) LAW-HELP"]);
  });

  it("matches digits written and dialled", () => {
    expect(numbers("800 529 4357")).toEqual(["dials (800) 529-4357", "number (800) 529-4357"]);
    expect(numbers("5294357")).toEqual(["dials 5294357", "digits 5294357"]);
  });

  it("matches letters in the text, the keypad word and the name, in that order", () => {
    expect(numbers("law")).toEqual(["number contains LAW", "keypad LAW = 529", 'name "Law Help"', "keypad LAW = 529"]);
  });
});

describe("matchTerritories", () => {
  const found = (q: string) => matched(q, (t) => matchTerritories(t, [EAST_TEXAS]));

  it("matches state code, map key, area code, name, state name and a word of the name", () => {
    expect(found("tx")).toEqual(["state code TX"]);
    expect(found("TX-E")).toEqual(["territory TX-E"]);
    expect(found("903")).toEqual(["area code 903"]);
    expect(found("east texas")).toEqual(["territory East Texas", 'name contains "east texas"']);
    expect(found("texas")).toEqual(["state Texas", 'name contains "texas"']);
    expect(found("tex")).toEqual(["state Texas", 'name contains "tex"']);
  });

  it("scores an exact state name above the beginning of one", () => {
    const t = parseSearchQuery("texas");
    expect(matchTerritories(t, [EAST_TEXAS]).map((c) => c.score)).toEqual([90, 60]);
    expect(matchTerritories(parseSearchQuery("tex"), [EAST_TEXAS]).map((c) => c.score)).toEqual([55, 60]);
  });
});

describe("rankCandidates", () => {
  const vanity = (id: string, numberText: string, matched: string) =>
    ({ kind: "vanity", id, numberText, slug: id, name: null, matched }) as const;

  it("keeps the first best score per result, then sorts by score, kind and label and cuts", () => {
    const ranked = rankCandidates(
      [
        { result: vanity("b", "(800) BBB", "first"), score: 70 },
        { result: vanity("b", "(800) BBB", "better"), score: 80 },
        { result: vanity("b", "(800) BBB", "tie"), score: 80 },
        { result: vanity("a", "(800) AAA", "a"), score: 80 },
        {
          result: { kind: "poundcode", id: "p", name: "#Z", slug: "z", description: null, matched: "p" },
          score: 80,
        },
        { result: vanity("c", "(800) CCC", "c"), score: 100 },
      ],
      3,
    );
    expect(ranked.map((r) => r.matched)).toEqual(["c", "p", "a"]);
    expect(rankCandidates([{ result: vanity("b", "(800) BBB", "x"), score: 1 }], 0)).toEqual([]);
  });
});

import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  CATEGORY_TEXT,
  categoryFormSchema,
  categorySlug,
  deleteCategorySchema,
  deleteKeywordSchema,
  KEYWORD_TEXT,
  keywordFormSchema,
} from "./categories.ts";

const union = z.discriminatedUnion("intent", [
  categoryFormSchema,
  deleteCategorySchema,
  keywordFormSchema,
  deleteKeywordSchema,
]);

/** Parse form fields the way the action does (Conform: blank fields are absent). */
function parse(fields: Record<string, string>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  return parseWithZod(form, { schema: union });
}

const standard = { intent: "save-category", name: "#ROOF", slug: "hash-roof", categoryType: "standard" };
const group = { intent: "save-category", name: "Auto Keywords", slug: "auto-keywords", categoryType: "keyword_group" };

describe("the category slug", () => {
  it("is lower case with dashes for spaces, only letters, digits and dashes; a leading # becomes hash-", () => {
    expect(categorySlug("#4LAW")).toBe("hash-4law");
    expect(categorySlug("Legal Keywords")).toBe("legal-keywords");
    expect(categorySlug("  Home   Services & Repairs! ")).toBe("home-services-repairs");
    expect(categorySlug("Café Öl")).toBe("caf-l");
    expect(categorySlug("")).toBe("");
  });
});

describe("the category form", () => {
  it("requires name and slug, with the field's own message", () => {
    const r = parse({ intent: "save-category", categoryType: "standard" });
    expect(r.status).toBe("error");
    const errors = r.reply().error ?? {};
    expect(errors.name).toEqual(["Name is required."]);
    expect(errors.slug).toEqual(["Slug is required."]);
  });

  it("refuses a slug with anything but lower-case letters, digits and dashes", () => {
    const r = parse({ ...standard, slug: "Hash 4law" });
    expect(r.reply().error?.slug).toEqual(["Slug may hold only lower-case letters, digits and dashes."]);
  });

  it("asks a standard category's name to begin with #", () => {
    const r = parse({ ...standard, name: "ROOF" });
    expect(r.reply().error?.name).toEqual([CATEGORY_TEXT.poundCodeName]);
  });

  it("stores empty numbers as null and an optional description as null", () => {
    const r = parse(standard);
    expect(r.status).toBe("success");
    if (r.status !== "success") return;
    expect(r.value).toMatchObject({ feePercentageOfBase: null, keywordBaseMultiplier: null, description: null });
  });

  it("clamps negatives to 0 and accepts the steps (0.01 for the fee, 0.001 for the multiplier)", () => {
    const fee = parse({ ...standard, feePercentageOfBase: "-12.5" });
    expect(fee.status === "success" && fee.value).toMatchObject({ feePercentageOfBase: 0 });
    const ok = parse({ ...standard, feePercentageOfBase: "125.25" });
    expect(ok.status === "success" && ok.value).toMatchObject({ feePercentageOfBase: 125.25 });
    const mult = parse({ ...group, keywordBaseMultiplier: "-1" });
    expect(mult.status === "success" && mult.value).toMatchObject({ keywordBaseMultiplier: 0 });
    const fine = parse({ ...group, keywordBaseMultiplier: "1.125" });
    expect(fine.status === "success" && fine.value).toMatchObject({ keywordBaseMultiplier: 1.125 });
  });

  it("accepts numbers only, within the steps", () => {
    expect(parse({ ...standard, feePercentageOfBase: "12abc" }).reply().error?.feePercentageOfBase).toEqual([
      "Fee percentage must be a number.",
    ]);
    expect(parse({ ...standard, feePercentageOfBase: "1.234" }).reply().error?.feePercentageOfBase).toEqual([
      "Fee percentage may have at most 2 decimals.",
    ]);
    expect(parse({ ...group, keywordBaseMultiplier: "1.2345" }).reply().error?.keywordBaseMultiplier).toEqual([
      "Keyword multiplier may have at most 3 decimals.",
    ]);
    expect(parse({ ...group, keywordBaseMultiplier: "Infinity" }).reply().error?.keywordBaseMultiplier).toEqual([
      "Keyword multiplier must be a number.",
    ]);
  });

  it("drops the multiplier for a standard category and the fee for a keyword group", () => {
    const s = parse({ ...standard, feePercentageOfBase: "90", keywordBaseMultiplier: "1.5" });
    expect(s.status === "success" && s.value).toMatchObject({ feePercentageOfBase: 90, keywordBaseMultiplier: null });
    const g = parse({ ...group, feePercentageOfBase: "90", keywordBaseMultiplier: "1.5" });
    expect(g.status === "success" && g.value).toMatchObject({ feePercentageOfBase: null, keywordBaseMultiplier: 1.5 });
  });

  it("takes an id when editing, and refuses one that is not an id", () => {
    expect(parse({ ...standard, id: "nope" }).reply().error?.id).toEqual([CATEGORY_TEXT.notFound]);
    const r = parse({ ...standard, id: "4b3b9a8e-8f43-4a53-9b0b-6a3f0f0f1e2d" });
    expect(r.status).toBe("success");
  });
});

describe("the keyword form", () => {
  it("stores the keyword trimmed and in lower case, and requires a multiplier", () => {
    const r = parse({ intent: "save-keyword", keywordText: "  Truck   Accident ", multiplier: "1.3" });
    expect(r.status === "success" && r.value).toMatchObject({
      keywordText: "truck accident",
      multiplier: 1.3,
      description: null,
    });
    expect(parse({ intent: "save-keyword", keywordText: "injury" }).reply().error?.multiplier).toEqual([
      "Multiplier is required.",
    ]);
    expect(parse({ intent: "save-keyword", multiplier: "1" }).reply().error?.keywordText).toEqual([
      "Keyword is required.",
    ]);
  });

  it("clamps a negative multiplier to 0 and refuses odd characters", () => {
    const r = parse({ intent: "save-keyword", keywordText: "injury", multiplier: "-2" });
    expect(r.status === "success" && r.value).toMatchObject({ multiplier: 0 });
    expect(
      parse({ intent: "save-keyword", keywordText: "<b>law</b>", multiplier: "1" }).reply().error?.keywordText,
    ).toEqual([KEYWORD_TEXT.invalid]);
  });
});

import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NumberContext } from "#kernel/catalogue.ts";
import { categories, editableContent, featuredNumbers as featuredTable, vanityNumbers } from "../../db/schema/index.ts";
import { EDITABLE_CONTENT } from "../../db/seed/data/content.ts";
import { FEATURED_NUMBERS } from "../../db/seed/data/featured-numbers.ts";
import type { TestDb } from "../../db/test-utils.ts";
import {
  featuredNumberHref,
  featuredNumbers,
  lookupNumber,
  NumberNotFoundError,
  numberPageContent,
  pageSubtitle,
  pageTitle,
} from "./numbers.ts";
import { createSeededDb } from "./test-fixtures.ts";

let t: TestDb;
beforeAll(async () => {
  t = await createSeededDb();
});
afterAll(() => t?.close());

async function lookupError(identifier: string): Promise<NumberNotFoundError> {
  try {
    await lookupNumber(t.db, identifier);
  } catch (err) {
    expect(err).toBeInstanceOf(NumberNotFoundError);
    return err as NumberNotFoundError;
  }
  throw new Error(`"${identifier}" was found`);
}

function vanityText(ctx: NumberContext): string | null {
  return ctx.kind === "vanity" ? ctx.numberText : null;
}

function codeName(ctx: NumberContext): string | null {
  return ctx.kind === "poundcode" ? ctx.name : null;
}

describe("lookupNumber", () => {
  it("reads 'all-numbers' and 'general' as every number", async () => {
    for (const id of ["all-numbers", "general", "ALL-NUMBERS", " General "]) {
      expect(await lookupNumber(t.db, id)).toEqual({ kind: "all" });
    }
  });

  it("finds a #Code by slug for identifiers beginning hash-, in any case", async () => {
    const ctx = await lookupNumber(t.db, "hash-4law");
    expect(ctx).toMatchObject({ kind: "poundcode", name: "#4LAW", slug: "hash-4law" });
    expect(ctx.kind === "poundcode" && ctx.description).toContain("lawyer");
    expect(codeName(await lookupNumber(t.db, "HASH-4LAW"))).toBe("#4LAW");
    expect(codeName(await lookupNumber(t.db, "Hash-Help"))).toBe("#HELP");
  });

  it("reports a missing hash- identifier with the spec's message and the identifier as given", async () => {
    const err = await lookupError("HASH-NOPE");
    expect(err.message).toBe('Poundcode "HASH-NOPE" not found by slug or name.');
    expect(err.kind).toBe("poundcode");
    expect(err.identifier).toBe("HASH-NOPE");
    expect(err.code).toBe("number_not_found");
    expect((await lookupError("hash-")).message).toBe('Poundcode "hash-" not found by slug or name.');
  });

  it("finds a #Code by name for identifiers beginning #", async () => {
    expect(codeName(await lookupNumber(t.db, "#4LAW"))).toBe("#4LAW");
    expect(codeName(await lookupNumber(t.db, "#4law"))).toBe("#4LAW");
    expect(codeName(await lookupNumber(t.db, " #ssdi "))).toBe("#SSDI");
    expect((await lookupError("#NOPE")).message).toBe('Number or Poundcode "#NOPE" not found.');
  });

  it("finds a vanity number by slug or by number text, hyphens read as spaces", async () => {
    for (const id of [
      "800-law-help",
      "800-LAW-HELP",
      "(800) LAW-HELP",
      "(800) law help",
      "(800)-law-help",
      "800 law help",
    ]) {
      const ctx = await lookupNumber(t.db, id);
      expect(vanityText(ctx), id).toBe("(800) LAW-HELP");
    }
    const ctx = await lookupNumber(t.db, "212-law-firm");
    expect(ctx).toMatchObject({
      kind: "vanity",
      numberText: "(212) LAW-FIRM",
      slug: "212-law-firm",
      name: "Manhattan Law Firm",
      status: "available",
      associatedPoundCode: "#4LAW",
    });
    expect(ctx.kind === "vanity" && ctx.territoryId).toMatch(/^[0-9a-f-]{36}$/);
    // Status does not hide a number from its page.
    expect(vanityText(await lookupNumber(t.db, "877-tax-help"))).toBe("(877) TAX-HELP");
  });

  it("compares digits only: '800-529-4357' finds '(800) 529-4357', and otherwise the number that dials it", async () => {
    const [row] = await t.db
      .insert(vanityNumbers)
      .values({ numberText: "(800) 529-4357", slug: "law-help-digits", name: "Law Help (digits)" })
      .returning();
    try {
      for (const id of ["800-529-4357", "8005294357", "1-800-529-4357", "(800) 529-4357", "+1 (800) 529 4357"]) {
        expect(vanityText(await lookupNumber(t.db, id)), id).toBe("(800) 529-4357");
      }
    } finally {
      await t.db.delete(vanityNumbers).where(eq(vanityNumbers.id, row!.id));
    }
    expect(vanityText(await lookupNumber(t.db, "800-529-4357"))).toBe("(800) LAW-HELP");
    expect(vanityText(await lookupNumber(t.db, "1 888 465 8733"))).toBe("(888) INJURED");
    // Partial digits are not a number.
    expect((await lookupError("529-4357")).message).toBe('Number or Poundcode "529-4357" not found.');
  });

  it("falls back to the vanity id, then the category id, for a uuid", async () => {
    const [v] = await t.db.select().from(vanityNumbers).where(eq(vanityNumbers.slug, "888-injured"));
    expect(vanityText(await lookupNumber(t.db, v!.id))).toBe("(888) INJURED");
    expect(vanityText(await lookupNumber(t.db, v!.id.toUpperCase()))).toBe("(888) INJURED");
    const [c] = await t.db.select().from(categories).where(eq(categories.slug, "hash-easy"));
    expect(await lookupNumber(t.db, c!.id)).toEqual({
      kind: "poundcode",
      categoryId: c!.id,
      name: "#EASY",
      slug: "hash-easy",
      description: c!.description,
    });
    const missing = "0d2c7a4e-1b3f-4a5c-9d6e-7f8091a2b3c4";
    expect((await lookupError(missing)).message).toBe(`Number or Poundcode "${missing}" not found.`);
  });

  it("reports anything else as 'Number or Poundcode \"{id}\" not found.' with the original identifier", async () => {
    expect((await lookupError("Nothing-Here")).message).toBe('Number or Poundcode "Nothing-Here" not found.');
    expect((await lookupError("")).message).toBe('Number or Poundcode "" not found.');
    expect((await lookupError("4law")).kind).toBe("number");
    const long = "x".repeat(1000);
    expect((await lookupError(long)).identifier).toBe(long);
    const injection = "'; drop table vanity_numbers; --";
    expect((await lookupError(injection)).message).toBe(`Number or Poundcode "${injection}" not found.`);
    const evil = "%' or '1'='1";
    expect((await lookupError(evil)).kind).toBe("number");
    const rows = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from vanity_numbers`);
    expect(rows.rows[0]!.n).toBeGreaterThan(0);
  });

  it("resolves every featured number's link", async () => {
    for (const f of FEATURED_NUMBERS) {
      const ctx = await lookupNumber(t.db, f.numberIdLink);
      expect(ctx.kind, f.numberIdLink).toBe(f.type);
    }
  });
});

describe("page title and subtitle", () => {
  const code: NumberContext = {
    kind: "poundcode",
    categoryId: "c",
    name: "#4LAW",
    slug: "hash-4law",
    description: "The number people remember.",
  };
  const vanity: NumberContext = {
    kind: "vanity",
    id: "v",
    numberText: "(800) LAW-HELP",
    slug: "800-law-help",
    name: "Law Help Line",
    description: "A toll-free line.",
    status: "available",
    territoryId: null,
    associatedPoundCode: "#4LAW",
  };

  it("uses the name (or the number text) and the description, else the type's default", () => {
    expect(pageTitle(code)).toBe("#4LAW");
    expect(pageSubtitle(code)).toBe("The number people remember.");
    expect(pageSubtitle({ ...code, description: null })).toBe("Exclusive Poundcode Details");
    expect(pageSubtitle({ ...code, description: "  " })).toBe("Exclusive Poundcode Details");

    expect(pageTitle(vanity)).toBe("Law Help Line");
    expect(pageTitle({ ...vanity, name: null })).toBe("(800) LAW-HELP");
    expect(pageSubtitle(vanity)).toBe("A toll-free line.");
    expect(pageSubtitle({ ...vanity, description: null })).toBe("Premium Vanity Number Details");

    expect(pageTitle({ kind: "all" })).toBe("All Numbers");
    expect(pageSubtitle({ kind: "all" })).toBe("Browse every territory");
  });
});

describe("numberPageContent", () => {
  it("reads the intro and the important note from editable content", async () => {
    const content = await numberPageContent(t.db);
    expect(content.intro).toBe(EDITABLE_CONTENT.find((c) => c.contentKey === "number_detail_intro")!.contentValue);
    expect(content.importantNote).toBe(
      EDITABLE_CONTENT.find((c) => c.contentKey === "number_detail_important_note")!.contentValue,
    );
  });

  it("gives null for a missing or blank text", async () => {
    const [note] = await t.db
      .select()
      .from(editableContent)
      .where(eq(editableContent.contentKey, "number_detail_important_note"));
    await t.db.update(editableContent).set({ contentValue: "   " }).where(eq(editableContent.id, note!.id));
    await t.db.delete(editableContent).where(eq(editableContent.contentKey, "number_detail_intro"));
    try {
      expect(await numberPageContent(t.db)).toEqual({ intro: null, importantNote: null });
    } finally {
      await t.db
        .update(editableContent)
        .set({ contentValue: note!.contentValue })
        .where(eq(editableContent.id, note!.id));
      const intro = EDITABLE_CONTENT.find((c) => c.contentKey === "number_detail_intro")!;
      await t.db.insert(editableContent).values({ ...intro });
    }
  });
});

describe("featuredNumbers", () => {
  it("lists the active featured numbers by display order with links to their pages", async () => {
    const list = await featuredNumbers(t.db);
    const active = FEATURED_NUMBERS.filter((f) => f.isActive).sort((a, b) => a.displayOrder - b.displayOrder);
    expect(list.map((f) => f.numberText)).toEqual(active.map((f) => f.numberText));
    expect(list.map((f) => f.numberText)).not.toContain("#TAXES");
    expect(list[0]).toMatchObject({ numberText: "#4LAW", type: "poundcode", link: "/number/hash-4law" });
    expect(list.find((f) => f.numberText === "(800) LAW-HELP")).toMatchObject({
      type: "vanity",
      link: "/number/800-law-help",
    });
  });

  it("puts the newest first among equal display orders", async () => {
    const rows = await t.db
      .insert(featuredTable)
      .values([
        {
          numberText: "(877) DIVORCE",
          numberIdLink: "877-divorce",
          type: "vanity",
          displayOrder: 0,
          createdAt: new Date("2026-01-01T00:00:00Z"),
        },
        {
          numberText: "(800) BAIL-OUT",
          numberIdLink: "800-bail-out",
          type: "vanity",
          displayOrder: 0,
          createdAt: new Date("2026-03-01T00:00:00Z"),
        },
        { numberText: "#MOVE", numberIdLink: null, type: "poundcode", displayOrder: 0, isActive: false },
      ])
      .returning({ id: featuredTable.id });
    try {
      const list = await featuredNumbers(t.db);
      expect(list.slice(0, 2).map((f) => f.numberText)).toEqual(["(800) BAIL-OUT", "(877) DIVORCE"]);
      expect(list.map((f) => f.numberText)).not.toContain("#MOVE");
    } finally {
      await t.db.delete(featuredTable).where(
        inArray(
          featuredTable.id,
          rows.map((r) => r.id),
        ),
      );
    }
  });

  it("builds hrefs from number_id_link", () => {
    expect(featuredNumberHref("hash-4law")).toBe("/number/hash-4law");
    expect(featuredNumberHref("(800) LAW-HELP")).toBe("/number/(800)%20LAW-HELP");
    expect(featuredNumberHref("/number/hash-help")).toBe("/number/hash-help");
    expect(featuredNumberHref(null)).toBeNull();
    expect(featuredNumberHref("  ")).toBeNull();
  });
});

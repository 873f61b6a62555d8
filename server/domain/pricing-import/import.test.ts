import { eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PRICING_UPLOAD_TEXT } from "#kernel/schemas/pricing-upload.ts";
import { auditLog, specialPricingKeywords, territories } from "#server/db/schema/index.ts";
import { createTestDb, type TestDb } from "#server/db/test-utils.ts";
import type { Actor } from "../actor.ts";
import { DomainError } from "../errors.ts";
import { type PricingUploadInput, runPricingUpload } from "./import.ts";

const admin: Actor = { userId: null, role: "admin", ip: "203.0.113.9" };
const member: Actor = { userId: null, role: "user", ip: "203.0.113.10" };

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.close());

beforeEach(async () => {
  await t.db.execute(sql`delete from territories`);
  await t.db.execute(sql`delete from special_pricing_keywords`);
  await t.db.insert(territories).values([
    {
      name: "East Texas",
      state: "TX",
      portion: "E",
      slug: "east-texas",
      population: 7_000_000,
      baseMonthlyFeeCents: 392_500,
    },
    {
      name: "Georgia",
      state: "GA",
      portion: null,
      slug: "georgia",
      population: 10_700_000,
      baseMonthlyFeeCents: 500_000,
    },
  ]);
  await t.db.insert(specialPricingKeywords).values([{ keywordText: "injury", multiplier: 1.5, description: "PI" }]);
});

const bytes = (text: string) => new TextEncoder().encode(text);
const upload = (text: string, over: Partial<PricingUploadInput> = {}) =>
  runPricingUpload(t.db, admin, {
    kind: "territories",
    mode: "all_or_nothing",
    dryRun: false,
    fileName: "prices.csv",
    bytes: bytes(text),
    ...over,
  });
const territory = async (slug: string) => (await t.db.select().from(territories).where(eq(territories.slug, slug)))[0];
const catalogue = () => t.db.select().from(territories).orderBy(territories.slug);

describe("territory CSV", () => {
  it("updates a territory matched on name, state and portion, and creates an unknown one with the defaults", async () => {
    const csv = [
      "name,state,portion,area_codes,population,base_monthly_fee,minimum_monthly_fee",
      'East Texas,TX,E,"903;936; 409",7100000,"4,100.50",',
      "West Texas,TX,W,915;432,2500000,2750,",
    ].join("\r\n");
    const s = await upload(`\uFEFF${csv}\r\n`);
    expect(s).toMatchObject({ applied: true, processed: 2, created: 1, updated: 1, unchanged: 0, errors: [] });
    const east = await territory("east-texas");
    expect(east).toMatchObject({
      population: 7_100_000,
      baseMonthlyFeeCents: 410_050,
      areaCodes: ["903", "936", "409"],
    });
    // an empty not-null cell keeps the value; a column the file does not carry is untouched
    expect(east?.minimumMonthlyFeeCents).toBe(9500);
    const west = await territory("west-texas");
    expect(west).toMatchObject({ state: "TX", portion: "W", status: "available", minimumMonthlyFeeCents: 9500 });
    expect(west?.baseMonthlyFeeCents).toBe(275_000);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, "pricing.import"));
    expect(audit.at(-1)?.details).toMatchObject({ created: 1, updated: 1, fileName: "prices.csv" });
  });

  it("says what would change in a preview and changes nothing", async () => {
    const before = await catalogue();
    const s = await upload("name,state,portion,base_monthly_fee\nGeorgia,GA,,5100\nNorth Georgia,GA,N,100\n", {
      dryRun: true,
    });
    expect(s).toMatchObject({ applied: false, created: 1, updated: 1 });
    expect(s.changes.find((c) => c.action === "update")?.changes).toEqual([
      { field: "base_monthly_fee", before: "$5,000.00", after: "$5,100.00" },
    ]);
    expect(await catalogue()).toEqual(before);
  });

  it("reports each bad row with the spec's messages, and all-or-nothing changes nothing", async () => {
    const before = await catalogue();
    const csv = [
      "name,state,portion,population,base_monthly_fee,status",
      "Georgia,GA,,1,6000,available",
      ",TX,,1,1,available",
      "Ohio,,,1,1,available",
      "North Ohio,OH,Q,1,1,available",
      "South Ohio,OH,S,lots,1,available",
      "Central Ohio,OH,C,1,-5,available",
      "=HYPERLINK(1),OH,E,1,1,available",
      "Ohio West,OH,W,1,1,sold",
      "Georgia,GA,,1,7000,available",
      "Texas East,TX,E,1,1,available",
    ].join("\n");
    const s = await upload(csv);
    expect(s.applied).toBe(false);
    expect(s.errors[0]).toBe(PRICING_UPLOAD_TEXT.nothingApplied(9));
    expect(s.errors).toContain("Row 3: Missing required fields 'name' or 'state'.");
    expect(s.errors).toContain("Row 4: Missing required fields 'name' or 'state'.");
    expect(s.errors.some((e) => e.startsWith("Row 5 (North Ohio): Invalid data - portion must be"))).toBe(true);
    expect(s.errors.some((e) => e.startsWith("Row 6 (South Ohio): Invalid data - population must be"))).toBe(true);
    expect(s.errors.some((e) => e.startsWith("Row 7 (Central Ohio): Invalid data - base_monthly_fee must be"))).toBe(
      true,
    );
    expect(s.errors.some((e) => e.startsWith("Row 8 (=HYPERLINK(1)): Invalid data - name must start"))).toBe(true);
    expect(s.errors.some((e) => e.startsWith("Row 9 (Ohio West): Invalid data - status must be"))).toBe(true);
    expect(
      s.errors.some((e) => e.startsWith("Row 10 (Georgia): Invalid data - the same territory is already on row 2")),
    ).toBe(true);
    expect(
      s.errors.some((e) =>
        e.startsWith("Row 11 (Texas East): Update error - TX (E) is already in the catalog as “East Texas”"),
      ),
    ).toBe(true);
    expect(await catalogue()).toEqual(before);
  });

  it("applies only the valid rows when the operator chose so", async () => {
    const s = await upload("name,state,base_monthly_fee\nGeorgia,GA,6000\nNowhere,ZZ,1\n", { mode: "valid_rows" });
    expect(s).toMatchObject({ applied: true, updated: 1, created: 0 });
    expect(s.errors).toHaveLength(1);
    expect((await territory("georgia"))?.baseMonthlyFeeCents).toBe(600_000);
  });

  it("clears a nullable fee given as an empty cell, and counts unchanged rows", async () => {
    await t.db.update(territories).set({ poundLawMonthlyFeeCents: 12_345 }).where(eq(territories.slug, "georgia"));
    const s = await upload("name,state,portion,pound_law_monthly_fee\nGeorgia,GA,,\nEast Texas,TX,E,\n");
    expect(s).toMatchObject({ updated: 1, unchanged: 1 });
    expect((await territory("georgia"))?.poundLawMonthlyFeeCents).toBeNull();
    const again = await upload("name,state,portion,pound_law_monthly_fee\nGeorgia,GA,,\nEast Texas,TX,E,\n");
    expect(again).toMatchObject({ applied: false, updated: 0, unchanged: 2 });
  });

  it("refuses an empty, headerless or binary file with the spec's message, and a file without the columns", async () => {
    for (const text of ["", "\n\n", "name,state\n"]) {
      await expect(upload(text)).rejects.toMatchObject({ title: PRICING_UPLOAD_TEXT.emptyOrInvalid });
    }
    await expect(
      runPricingUpload(t.db, admin, {
        kind: "territories",
        mode: "all_or_nothing",
        dryRun: false,
        fileName: "",
        bytes: new Uint8Array(),
      }),
    ).rejects.toMatchObject({ title: PRICING_UPLOAD_TEXT.noFile });
    await expect(
      runPricingUpload(t.db, admin, {
        kind: "territories",
        mode: "all_or_nothing",
        dryRun: false,
        fileName: "x.png",
        bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0xff, 0xfe]),
      }),
    ).rejects.toMatchObject({ title: PRICING_UPLOAD_TEXT.emptyOrInvalid });
    await expect(upload("territory,code\nGeorgia,GA\n")).rejects.toMatchObject({
      message: PRICING_UPLOAD_TEXT.missingTerritoryColumns,
    });
  });

  it("refuses anyone but an administrator", async () => {
    await expect(
      runPricingUpload(t.db, member, {
        kind: "territories",
        mode: "valid_rows",
        dryRun: true,
        fileName: "a.csv",
        bytes: bytes("name,state\nA,GA\n"),
      }),
    ).rejects.toMatchObject({ status: 403 });
  });

  it("rolls the whole file back when the write fails", async () => {
    const before = await catalogue();
    await t.db.execute(
      sql.raw(`create or replace function pc_test_refuse_territory() returns trigger language plpgsql as $$
        begin if new.name = 'Refused Land' then raise exception 'refused by test'; end if; return new; end $$`),
    );
    await t.db.execute(
      sql.raw(
        "create trigger pc_test_refuse_territory before insert on territories for each row execute function pc_test_refuse_territory()",
      ),
    );
    try {
      const err = await upload("name,state,portion,base_monthly_fee\nGeorgia,GA,,1\nRefused Land,OH,,1\n").catch(
        (e) => e,
      );
      expect(err).toBeInstanceOf(DomainError);
      expect(err.title).toBe(PRICING_UPLOAD_TEXT.processingError);
      expect(err.message).toContain("No changes were made");
      expect(await catalogue()).toEqual(before);
    } finally {
      await t.db.execute(sql.raw("drop trigger pc_test_refuse_territory on territories"));
    }
  });

  it("never fails with anything but a DomainError on fuzzed files, and never half-applies", async () => {
    const before = await catalogue();
    const cell = fc.oneof(
      fc.string(),
      fc.constantFrom(
        "=cmd|' /C calc'!A0",
        "+1+1",
        "-2",
        "@SUM(A1)",
        '"',
        '""',
        "\r\n",
        ";",
        "1e309",
        "NaN",
        "GA",
        "TX",
        "E",
      ),
    );
    const line = fc.array(cell, { maxLength: 8 }).map((cells) => cells.join(","));
    const file = fc.tuple(
      fc.constantFrom("name,state,portion,population,base_monthly_fee", "name,state", "keyword,multiplier", ""),
      fc.array(line, { maxLength: 30 }),
    );
    await fc.assert(
      fc.asyncProperty(
        file,
        fc.constantFrom("territories", "keywords") as fc.Arbitrary<"territories" | "keywords">,
        async ([header, lines], kind) => {
          const r: unknown = await upload([header, ...lines].join("\n"), { kind, mode: "all_or_nothing" }).catch(
            (e: unknown) => e,
          );
          if (r instanceof Error) expect(r).toBeInstanceOf(DomainError);
          else {
            const s = r as Awaited<ReturnType<typeof upload>>;
            if (s.errors.length > 0) expect(s.applied).toBe(false);
          }
        },
      ),
      { numRuns: 60 },
    );
    const after = await catalogue();
    // only whole, valid files may have changed anything: the seeded rows are still there
    expect(after.map((r) => r.slug)).toEqual(expect.arrayContaining(before.map((r) => r.slug)));
  });

  it("answers 5 MB of garbage with a clear refusal or per-row errors", async () => {
    const junk = new Uint8Array(5 * 1024 * 1024);
    for (let i = 0; i < junk.length; i++) junk[i] = 32 + ((i * 7919) % 90);
    const r: unknown = await upload(new TextDecoder().decode(junk)).catch((e: unknown) => e);
    if (r instanceof Error) expect(r).toBeInstanceOf(DomainError);
    else expect((r as Awaited<ReturnType<typeof upload>>).applied).toBe(false);
  });
});

describe("keyword CSV", () => {
  const keywords = () => t.db.select().from(specialPricingKeywords).orderBy(specialPricingKeywords.keywordText);

  it("matches on keyword_text, updates and creates in one statement", async () => {
    const s = await upload(
      'keyword,multiplier,description\nInjury,1.75,"Personal injury, the top term"\ndivorce,1.2,\n',
      {
        kind: "keywords",
      },
    );
    expect(s).toMatchObject({ applied: true, created: 1, updated: 1 });
    expect(await keywords()).toEqual([
      expect.objectContaining({ keywordText: "divorce", multiplier: 1.2, description: null }),
      expect.objectContaining({
        keywordText: "injury",
        multiplier: 1.75,
        description: "Personal injury, the top term",
      }),
    ]);
  });

  it("needs the keyword and multiplier columns, and a value in each", async () => {
    await expect(upload("keyword\ninjury\n", { kind: "keywords" })).rejects.toMatchObject({
      message: PRICING_UPLOAD_TEXT.missingKeywordColumns,
    });
    const s = await upload("keyword,multiplier\n,1.2\nlaw,abc\n", { kind: "keywords" });
    expect(s.errors).toContain("Row 2: Missing required fields 'keyword' or 'multiplier'.");
    expect(s.errors.some((e) => e.startsWith("Row 3 (law): Invalid data - multiplier must be"))).toBe(true);
    expect(await keywords()).toHaveLength(1);
  });

  it("keeps descriptions when the file has no description column", async () => {
    await upload("keyword,multiplier\ninjury,2\n", { kind: "keywords" });
    expect((await keywords())[0]).toMatchObject({ multiplier: 2, description: "PI" });
  });
});

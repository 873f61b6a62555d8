/**
 * Vanity number writes on both databases: validation (number required, fees in cents with at most two decimals,
 * None → null), create and update with audit rows, slug and number uniqueness as field errors, featured links
 * following a slug change, the derived status and territories on the detail, the delete rule (refused while
 * reservations, licences, waitlist entries or held territories refer to the number), and non-administrators
 * refused.
 */
import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VANITY_TEXT, vanityFormSchema } from "#kernel/schemas/numbers-admin.ts";
import {
  auditLog,
  featuredNumbers,
  licensees,
  reservations,
  territoryLicenses,
  territoryVanityNumbers,
  user,
  vanityNumbers,
  waitlistEntries,
} from "#server/db/schema/index.ts";
import { createTestDb, type TestDb } from "#server/db/test-utils.ts";
import { DomainError, ForbiddenError, ValidationError } from "../errors.ts";
import { ADMIN, MEMBER, seedTerritory } from "./test-fixtures.ts";
import {
  deleteVanityNumber,
  getVanityNumberForAdmin,
  listVanityNumbersForAdmin,
  saveVanityNumber,
  VanityNumberInUseError,
  VanityNumberNotFoundError,
  vanityFormChoices,
} from "./vanity-numbers-admin.ts";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.close());

const form = (fields: Record<string, unknown>) =>
  vanityFormSchema.parse({ intent: "save-vanity", status: "available", ...fields });

const query = (q = "") => ({ q, sort: "number" as const, dir: "asc" as const, page: 1, size: 50, filters: {} });

async function refusal(p: Promise<unknown>): Promise<DomainError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(DomainError);
  return err as DomainError;
}

async function seedLicensee(): Promise<string> {
  const userId = `user_${randomBytes(6).toString("hex")}`;
  await t.db
    .insert(user)
    .values({ id: userId, name: "Dana Whitfield", email: `${userId}@example.com`, emailVerified: true });
  const [lic] = await t.db
    .insert(licensees)
    .values({ userId, email: `${userId}@example.com`, companyName: "Harbor Legal Group" })
    .returning({ id: licensees.id });
  return lic!.id;
}

describe("the vanity form schema", () => {
  it("requires the number, derives the slug and keeps fees as typed dollars", () => {
    const bad = vanityFormSchema.safeParse({ intent: "save-vanity", status: "available", numberText: "  " });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.message)).toContain("Number is required.");
    const ok = form({ numberText: "1-800-SUE-FAST", monthlyFee: "1,250.5", setupFee: "", licenseeId: "none" });
    expect(ok).toMatchObject({ slug: "1-800-sue-fast", monthlyFee: "1,250.5", setupFee: null, licenseeId: null });
  });

  it("refuses negative fees, three decimals and words", () => {
    for (const fee of ["-5", "12.345", "ten"]) {
      const r = vanityFormSchema.safeParse({
        intent: "save-vanity",
        status: "available",
        numberText: "X",
        monthlyFee: fee,
      });
      expect(r.success, fee).toBe(false);
      expect(r.error?.issues[0]?.path).toEqual(["monthlyFee"]);
    }
  });
});

describe("saveVanityNumber", () => {
  it("creates a number with fees in cents, None as null, and an audit row", async () => {
    const saved = await saveVanityNumber(
      t.db,
      ADMIN,
      form({
        numberText: "1-800-TEST-ONE",
        monthlyFee: "1,250.50",
        setupFee: "99.99",
        licenseeId: "none",
        territoryId: "none",
      }),
    );
    expect(saved.created).toBe(true);
    const [row] = await t.db.select().from(vanityNumbers).where(eq(vanityNumbers.id, saved.id));
    expect(row).toMatchObject({
      numberText: "1-800-TEST-ONE",
      slug: "1-800-test-one",
      monthlyFeeCents: 125_050,
      setupFeeCents: 9_999,
      licenseeId: null,
      territoryId: null,
      status: "available",
    });
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, saved.id), eq(auditLog.action, "vanity_number.create")));
    expect(audits).toHaveLength(1);
  });

  it("updates the assignment, then sets the licensee back to None (null), auditing before and after", async () => {
    const licenseeId = await seedLicensee();
    const territoryId = await seedTerritory(t.db);
    const { id } = await saveVanityNumber(t.db, ADMIN, form({ numberText: "1-800-TEST-TWO" }));
    await saveVanityNumber(
      t.db,
      ADMIN,
      form({ id, numberText: "1-800-TEST-TWO", licenseeId, territoryId, monthlyFee: "95" }),
    );
    let [row] = await t.db.select().from(vanityNumbers).where(eq(vanityNumbers.id, id));
    expect(row).toMatchObject({ licenseeId, territoryId, monthlyFeeCents: 9_500 });
    await saveVanityNumber(
      t.db,
      ADMIN,
      form({ id, numberText: "1-800-TEST-TWO", licenseeId: "none", territoryId, monthlyFee: "95" }),
    );
    [row] = await t.db.select().from(vanityNumbers).where(eq(vanityNumbers.id, id));
    expect(row!.licenseeId).toBeNull();
    const updates = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, "vanity_number.update")));
    expect(updates).toHaveLength(2);
    expect(updates.map((u) => u.details)).toContainEqual({ before: { licenseeId }, after: { licenseeId: null } });
  });

  it("refuses a taken slug or number as a field error and writes nothing", async () => {
    await saveVanityNumber(t.db, ADMIN, form({ numberText: "1-800-TAKEN", slug: "taken-one" }));
    const slugErr = await refusal(
      saveVanityNumber(t.db, ADMIN, form({ numberText: "1-800-OTHER", slug: "taken-one" })),
    );
    expect(slugErr).toBeInstanceOf(ValidationError);
    expect(slugErr.fieldErrors).toEqual({ slug: [VANITY_TEXT.slugTaken("taken-one")] });
    const textErr = await refusal(
      saveVanityNumber(t.db, ADMIN, form({ numberText: "1-800-TAKEN", slug: "fresh-one" })),
    );
    expect(textErr.fieldErrors).toEqual({ numberText: [VANITY_TEXT.textTaken("1-800-TAKEN")] });
    expect(await t.db.$count(vanityNumbers, eq(vanityNumbers.numberText, "1-800-OTHER"))).toBe(0);
  });

  it("refuses a licensee that does not exist as a field error", async () => {
    const err = await refusal(
      saveVanityNumber(
        t.db,
        ADMIN,
        form({ numberText: "1-800-GHOST", licenseeId: "00000000-0000-4000-8000-000000000000" }),
      ),
    );
    expect(err.fieldErrors).toEqual({ licenseeId: [VANITY_TEXT.licenseeNotFound] });
  });

  it("keeps featured links when the slug changes", async () => {
    const { id } = await saveVanityNumber(t.db, ADMIN, form({ numberText: "1-800-MOVE-ME" }));
    const [f] = await t.db
      .insert(featuredNumbers)
      .values({ numberText: "1-800-MOVE-ME", numberIdLink: "1-800-move-me", type: "vanity" })
      .returning();
    await saveVanityNumber(t.db, ADMIN, form({ id, numberText: "1-800-MOVE-ME", slug: "moved" }));
    const [after] = await t.db.select().from(featuredNumbers).where(eq(featuredNumbers.id, f!.id));
    expect(after!.numberIdLink).toBe("moved");
  });

  it("refuses a member and an unknown id", async () => {
    expect(await refusal(saveVanityNumber(t.db, MEMBER, form({ numberText: "1-800-NOPE" })))).toBeInstanceOf(
      ForbiddenError,
    );
    const err = await refusal(
      saveVanityNumber(t.db, ADMIN, form({ id: "00000000-0000-4000-8000-000000000000", numberText: "1-800-NOPE" })),
    );
    expect(err).toBeInstanceOf(VanityNumberNotFoundError);
  });
});

describe("list and detail", () => {
  it("searches, derives statuses and lists the number's territories", async () => {
    const { id } = await saveVanityNumber(t.db, ADMIN, form({ numberText: "1-888-PENDING", status: "pending" }));
    const page = await listVanityNumbersForAdmin(t.db, ADMIN, query("pending"));
    expect(page.rows.map((r) => [r.numberText, r.status, r.saleState])).toEqual([
      ["1-888-PENDING", "pending", "pending"],
    ]);
    const territoryId = await seedTerritory(t.db);
    await t.db.insert(territoryVanityNumbers).values({ territoryId, vanityNumberId: id, status: "licensed" });
    const detail = await getVanityNumberForAdmin(t.db, ADMIN, id);
    expect(detail.territories.find((x) => x.territoryId === territoryId)?.status).toBe("licensed");
    expect(detail.territories.filter((x) => x.status === "available").length).toBe(detail.territories.length - 1);
    const choices = await vanityFormChoices(t.db, ADMIN);
    expect(choices.territories.some((c) => c.value === territoryId)).toBe(true);
    expect(await refusal(listVanityNumbersForAdmin(t.db, MEMBER, query()))).toBeInstanceOf(ForbiddenError);
  });
});

describe("deleteVanityNumber", () => {
  it("deletes a number nothing refers to, with its free territory rows, and audits it", async () => {
    const { id } = await saveVanityNumber(t.db, ADMIN, form({ numberText: "1-800-GO-AWAY" }));
    const territoryId = await seedTerritory(t.db);
    await t.db.insert(territoryVanityNumbers).values({ territoryId, vanityNumberId: id, status: "available" });
    expect(await deleteVanityNumber(t.db, ADMIN, { id })).toEqual({ numberText: "1-800-GO-AWAY" });
    expect(await t.db.$count(vanityNumbers, eq(vanityNumbers.id, id))).toBe(0);
    expect(
      await t.db.$count(auditLog, and(eq(auditLog.entityId, id), eq(auditLog.action, "vanity_number.delete"))),
    ).toBe(1);
    expect(await refusal(deleteVanityNumber(t.db, ADMIN, { id }))).toBeInstanceOf(VanityNumberNotFoundError);
  });

  it("refuses while a reservation, licence, waitlist entry or held territory names it, deleting nothing", async () => {
    const territoryId = await seedTerritory(t.db);
    const cases: [string, (id: string) => Promise<unknown>, string][] = [
      [
        "1-800-HAS-RES",
        (id) =>
          t.db.insert(reservations).values({
            territoryId,
            vanityNumberId: id,
            name: "Dana Whitfield",
            email: "dana@example.com",
            status: "expired",
            expiresAt: new Date("2026-01-01T00:00:00Z"),
          }),
        "1 reservation",
      ],
      [
        "1-800-HAS-LIC",
        async (id) =>
          t.db
            .insert(territoryLicenses)
            .values({ licenseeId: await seedLicensee(), territoryId, vanityNumberId: id, monthlyFeeCents: 50_000 }),
        "1 license",
      ],
      [
        "1-800-HAS-WAIT",
        (id) => t.db.insert(waitlistEntries).values({ territoryId, vanityNumberId: id, email: "w@example.com" }),
        "1 waitlist entry",
      ],
      [
        "1-800-HAS-HOLD",
        (id) => t.db.insert(territoryVanityNumbers).values({ territoryId, vanityNumberId: id, status: "negotiations" }),
        "1 territory in negotiations or licensed",
      ],
    ];
    for (const [text, refer, uses] of cases) {
      const { id } = await saveVanityNumber(t.db, ADMIN, form({ numberText: text }));
      await refer(id);
      const err = await refusal(deleteVanityNumber(t.db, ADMIN, { id }));
      expect(err).toBeInstanceOf(VanityNumberInUseError);
      expect(err.status).toBe(409);
      expect(err.message).toBe(VANITY_TEXT.inUse(text, uses));
      expect(await t.db.$count(vanityNumbers, eq(vanityNumbers.id, id))).toBe(1);
    }
  });

  it("refuses a member", async () => {
    const { id } = await saveVanityNumber(t.db, ADMIN, form({ numberText: "1-800-KEEP-ME" }));
    expect(await refusal(deleteVanityNumber(t.db, MEMBER, { id }))).toBeInstanceOf(ForbiddenError);
  });
});

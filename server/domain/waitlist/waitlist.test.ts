import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type WaitlistInput, waitlistSchema } from "#kernel/schemas/reservation.ts";
import type { Database } from "#server/db/client.ts";
import { emailOutbox, waitlistEntries } from "../../db/schema/index.ts";
import { createTestDb, type TestDb } from "../../db/test-utils.ts";
import { fieldErrorsFromZod } from "../errors.ts";
import { SelectCategoryError, WaitlistNotNeededError, WaitlistTargetNotFoundError } from "../reservations/errors.ts";
import { reserveTerritory } from "../reservations/reservations.ts";
import {
  seedActiveLicence,
  seedCategory,
  seedTerritory,
  setCategoryStatus,
  validReservation,
} from "../reservations/test-fixtures.ts";
import { joinWaitlist } from "./waitlist.ts";

/** The waitlist form as the route hands it to the domain: parsed by the shared schema. */
const join = (db: Database, raw: Partial<WaitlistInput>) =>
  joinWaitlist(db, { userId: null }, waitlistSchema.parse(raw));

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t.close();
});

async function takenPair(status: "licensed" | "negotiations" = "licensed") {
  const territory = await seedTerritory(t.db, { name: "Texas (East)" });
  const category = await seedCategory(t.db);
  await setCategoryStatus(t.db, territory.id, category.id, status);
  return { territory, category };
}

async function entries(territoryId: string, categoryId: string) {
  return t.db
    .select()
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.territoryId, territoryId), eq(waitlistEntries.categoryId, categoryId)));
}

const mailsTo = (addresses: string[]) =>
  t.db.select().from(emailOutbox).where(inArray(emailOutbox.toAddress, addresses));

describe("joinWaitlist", () => {
  it.each(["licensed", "negotiations"] as const)(
    "adds an entry for a %s pair and sends one confirmation",
    async (status) => {
      const { territory, category } = await takenPair(status);
      const email = `Jordan.${status}@Example.com`;
      const r = await join(t.db, {
        territoryId: territory.id,
        categoryId: category.id,
        email,
        name: "Jordan Reyes",
      });
      expect(r).toMatchObject({ alreadyJoined: false, territoryName: "Texas (East)", categoryName: category.name });

      const rows = await entries(territory.id, category.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ id: r.entryId, email: email.toLowerCase(), name: "Jordan Reyes" });

      const mails = await mailsTo([email.toLowerCase()]);
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({
        template: "waitlist_confirmation",
        subject: `You're on the waitlist: ${category.name} in Texas (East)`,
      });
      expect(mails[0]!.textBody).toContain("Hi Jordan Reyes,");
    },
  );

  it("is idempotent per email, case-insensitively: no second row, no second email", async () => {
    const { territory, category } = await takenPair();
    const first = await join(t.db, {
      territoryId: territory.id,
      categoryId: category.id,
      email: "sam@example.com",
    });
    const again = await join(t.db, {
      territoryId: territory.id,
      categoryId: category.id,
      email: "  SAM@Example.COM ",
    });
    expect(again).toMatchObject({ alreadyJoined: true, entryId: first.entryId });
    expect(await entries(territory.id, category.id)).toHaveLength(1);
    expect(await mailsTo(["sam@example.com"])).toHaveLength(1);

    // Another person, and the same person on another category, are separate entries.
    await join(t.db, { territoryId: territory.id, categoryId: category.id, email: "alex@example.com" });
    const other = await seedCategory(t.db);
    await setCategoryStatus(t.db, territory.id, other.id, "negotiations");
    await join(t.db, { territoryId: territory.id, categoryId: other.id, email: "sam@example.com" });
    expect(await entries(territory.id, category.id)).toHaveLength(2);
    expect(await entries(territory.id, other.id)).toHaveLength(1);
  });

  it("handles concurrent joins of the same email: one entry, one email", async () => {
    const { territory, category } = await takenPair();
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        join(t.db, { territoryId: territory.id, categoryId: category.id, email: "burst@example.com" }),
      ),
    );
    expect(results.filter((r) => !r.alreadyJoined)).toHaveLength(1);
    expect(new Set(results.map((r) => r.entryId)).size).toBe(1);
    expect(await entries(territory.id, category.id)).toHaveLength(1);
    expect(await mailsTo(["burst@example.com"])).toHaveLength(1);
  });

  it("accepts a pair taken by a reservation made through reserveTerritory", async () => {
    const territory = await seedTerritory(t.db);
    const category = await seedCategory(t.db);
    await reserveTerritory(t.db, { userId: null }, validReservation(territory.id, category.id), {
      salesEmail: "sales@poundcodes.test",
      linkSecret: "order-link-secret-for-tests",
      publicUrl: "https://poundcodes.test",
    });
    const r = await join(t.db, {
      territoryId: territory.id,
      categoryId: category.id,
      email: "next@example.com",
    });
    expect(r.alreadyJoined).toBe(false);
  });

  it("accepts a pair held by an active licence even if its status row is missing", async () => {
    const territory = await seedTerritory(t.db);
    const category = await seedCategory(t.db);
    await seedActiveLicence(t.db, territory.id, category.id);
    const r = await join(t.db, {
      territoryId: territory.id,
      categoryId: category.id,
      email: "lic@example.com",
    });
    expect(r.alreadyJoined).toBe(false);
  });

  it("refuses an available pair (no row, or status available): reserve it instead", async () => {
    const territory = await seedTerritory(t.db);
    const category = await seedCategory(t.db);
    const err = await join(t.db, {
      territoryId: territory.id,
      categoryId: category.id,
      email: "early@example.com",
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WaitlistNotNeededError);
    expect(err).toMatchObject({
      code: "waitlist_not_needed",
      title: "Territory Available",
      message: "This territory is available for this category, so there is no waitlist. You can reserve it now.",
    });
    await setCategoryStatus(t.db, territory.id, category.id, "available");
    await expect(
      join(t.db, { territoryId: territory.id, categoryId: category.id, email: "early@example.com" }),
    ).rejects.toBeInstanceOf(WaitlistNotNeededError);
    expect(await entries(territory.id, category.id)).toHaveLength(0);
    expect(await mailsTo(["early@example.com"])).toHaveLength(0);
  });

  it("refuses unknown or inactive territories and unknown categories", async () => {
    const { category } = await takenPair();
    const inactive = await seedTerritory(t.db, { status: "inactive" });
    await setCategoryStatus(t.db, inactive.id, category.id, "licensed");
    const missing = "00000000-0000-4000-8000-000000000000";
    for (const [territoryId, categoryId] of [
      [inactive.id, category.id],
      [missing, category.id],
      [inactive.id, missing],
    ] as const) {
      const err = await join(t.db, { territoryId, categoryId, email: "x@example.com" }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(WaitlistTargetNotFoundError);
      expect(err).toMatchObject({
        title: "Territory Not Found",
        message: "This territory or category could not be found.",
      });
    }
  });

  it("asks for a category when none is given; the form schema names each bad field", async () => {
    const { territory, category } = await takenPair();
    await expect(join(t.db, { territoryId: territory.id, email: "x@example.com" })).rejects.toBeInstanceOf(
      SelectCategoryError,
    );
    const bad = waitlistSchema.safeParse({
      territoryId: "no such place!",
      categoryId: category.id,
      email: "nope",
      name: "y".repeat(121),
    });
    expect(bad.success).toBe(false);
    expect(fieldErrorsFromZod(bad.error!)).toEqual({
      territoryId: ["Please choose a territory."],
      email: ["Please enter a valid email address."],
      name: ["Name must be at most 120 characters."],
    });
    const noEmail = waitlistSchema.safeParse({ territoryId: territory.id, categoryId: category.id, email: " " });
    expect(fieldErrorsFromZod(noEmail.error!)).toEqual({ email: ["Email is required."] });
  });

  it("greets without a name when none is given", async () => {
    const { territory, category } = await takenPair();
    await join(t.db, {
      territoryId: territory.id,
      categoryId: category.id,
      email: "anon@example.com",
      name: "",
    });
    const [row] = await entries(territory.id, category.id);
    expect(row!.name).toBeNull();
    const [mail] = await mailsTo(["anon@example.com"]);
    expect(mail!.textBody.startsWith("Hello,")).toBe(true);
  });
});

/** The waitlist of a taken territory × vanity number (docs/decisions/005-vanity-numbers-per-territory.md). */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitlistSchema } from "#kernel/schemas/reservation.ts";
import { emailOutbox, waitlistEntries } from "../../db/schema/index.ts";
import { createTestDb, type TestDb } from "../../db/test-utils.ts";
import { WaitlistNotNeededError, WaitlistTargetNotFoundError } from "../reservations/errors.ts";
import {
  seedCategory,
  seedTerritory,
  seedVanityNumber,
  setCategoryStatus,
  setVanityStatus,
} from "../reservations/test-fixtures.ts";
import { joinWaitlist } from "./waitlist.ts";

let t: TestDb;
const visitor = { userId: null };

beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t.close();
});

const form = (territoryId: string, vanityNumberId: string, email: string) =>
  waitlistSchema.parse({ territoryId, vanityNumberId, email, name: "Riley" });

describe("joinWaitlist: a vanity number", () => {
  it("joins the waitlist of a taken territory × vanity number once, naming the number", async () => {
    const territory = await seedTerritory(t.db, { name: "Vermont" });
    const vanity = await seedVanityNumber(t.db);
    await setVanityStatus(t.db, territory.id, vanity.id, "licensed");
    const email = "vanity-waitlist@example.com";

    const first = await joinWaitlist(t.db, visitor, form(territory.id, vanity.id, email));
    expect(first).toMatchObject({ alreadyJoined: false, territoryName: "Vermont" });
    expect(first.categoryName).toMatch(/^1-800-LAW-/);
    const again = await joinWaitlist(t.db, visitor, form(territory.id, vanity.id, email.toUpperCase()));
    expect(again).toMatchObject({ alreadyJoined: true, entryId: first.entryId });

    const rows = await t.db.select().from(waitlistEntries).where(eq(waitlistEntries.vanityNumberId, vanity.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ categoryId: null, territoryId: territory.id });
    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`You're on the waitlist: ${first.categoryName} in Vermont`);
    expect(mails[0]!.textBody).toContain("currently taken for this number");
  });

  it("refuses a free pair (reserve it instead), even when the #Code pair of the territory is taken", async () => {
    const territory = await seedTerritory(t.db);
    const vanity = await seedVanityNumber(t.db);
    const category = await seedCategory(t.db);
    await setCategoryStatus(t.db, territory.id, category.id, "licensed");
    await expect(
      joinWaitlist(t.db, visitor, form(territory.id, vanity.id, "free-vanity@example.com")),
    ).rejects.toBeInstanceOf(WaitlistNotNeededError);
    const rows = await t.db
      .select()
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.territoryId, territory.id), eq(waitlistEntries.vanityNumberId, vanity.id)));
    expect(rows).toHaveLength(0);
  });

  it("accepts a number not on sale yet (pending), and refuses an unknown one", async () => {
    const territory = await seedTerritory(t.db);
    const pending = await seedVanityNumber(t.db, { status: "pending" });
    const r = await joinWaitlist(t.db, visitor, form(territory.id, pending.id, "pending-wait@example.com"));
    expect(r.alreadyJoined).toBe(false);
    await expect(
      joinWaitlist(t.db, visitor, form(territory.id, "00000000-0000-4000-8000-000000000002", "x@example.com")),
    ).rejects.toBeInstanceOf(WaitlistTargetNotFoundError);
  });
});

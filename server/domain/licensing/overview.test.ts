import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { USAGE_BASE_RATES_CENTS } from "#kernel/pricing-rates.ts";
import { licensees, user } from "../../db/schema/index.ts";
import { createTestDb, type TestDb } from "../../db/test-utils.ts";
import { SYSTEM_ACTOR } from "../actor.ts";
import { getDashboardOverview } from "./overview.ts";

let t: TestDb;

beforeAll(async () => {
  t = await createTestDb();
});

afterAll(() => t.close());

async function account(input: { name: string; companyName?: string | null }): Promise<string> {
  const id = randomUUID();
  await t.db.insert(user).values({
    id,
    name: input.name,
    email: `${id}@example.com`,
    emailVerified: false,
    companyName: input.companyName ?? null,
  });
  return id;
}

describe("getDashboardOverview: profile", () => {
  it("shows the company typed at sign-up while the user has no licensee record", async () => {
    const userId = await account({ name: "Riley Park", companyName: "Park & Sons Plumbing" });
    const overview = await getDashboardOverview(t.db, { userId });
    expect(overview.licensee).toBeNull();
    expect(overview.financial).toBeNull();
    expect(overview.profile).toEqual({
      companyName: "Park & Sons Plumbing",
      contactName: "Riley Park",
      email: `${userId}@example.com`,
      phone: null,
    });
  });

  it("prefers the licensee record, and falls back to the account for its empty fields", async () => {
    const userId = await account({ name: "Dana Whitfield", companyName: "Typed At Sign-up" });
    await t.db.insert(licensees).values({
      userId,
      email: "office@whitfield.example",
      contactName: "Dana W.",
      companyName: "Whitfield Law",
      phone: "(404) 555-0182",
    });
    const overview = await getDashboardOverview(t.db, { userId });
    expect(overview.profile).toEqual({
      companyName: "Whitfield Law",
      contactName: "Dana W.",
      email: "office@whitfield.example",
      phone: "(404) 555-0182",
    });
    expect(overview.financial?.rates).toEqual(USAGE_BASE_RATES_CENTS);

    const blank = await account({ name: "Sam Lee", companyName: "Lee Roofing" });
    await t.db.insert(licensees).values({ userId: blank, email: "sam@lee.example", companyName: "  " });
    expect((await getDashboardOverview(t.db, { userId: blank })).profile.companyName).toBe("Lee Roofing");
  });

  it("has no company when neither the record nor the account holds one", async () => {
    const userId = await account({ name: "No Company" });
    expect((await getDashboardOverview(t.db, { userId })).profile.companyName).toBeNull();
  });

  it("gives a visitor nothing", async () => {
    expect(await getDashboardOverview(t.db, SYSTEM_ACTOR)).toEqual({
      profile: { companyName: null, contactName: null, email: null, phone: null },
      licensee: null,
      financial: null,
    });
  });
});

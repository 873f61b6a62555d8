import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn } from "#server/auth/flows.ts";
import { licensees, territoryLicenses } from "#server/db/schema/index.ts";
import { createTestDb, type TestDb } from "#server/db/test-utils.ts";
import { seedCategory, seedTerritory } from "#server/domain/reservations/test-fixtures.ts";
import { callRoute, testServices } from "#server/web/test-support.ts";
import { loader } from "./dashboard.tsx";
import { behindPortalGuard, member as signedUp } from "./portal-test-support.ts";

let t: TestDb;
const member = (svc: Awaited<ReturnType<typeof testServices>>, opts: { name?: string; licensee?: boolean } = {}) =>
  signedUp(svc, opts, async ({ userId, email, name }) => {
    const [row] = await t.db
      .insert(licensees)
      .values({ userId, email, contactName: name, companyName: "Quinn Law" })
      .returning({ id: licensees.id });
    return row!.id;
  });
let s: Awaited<ReturnType<typeof testServices>>;
beforeAll(async () => {
  t = await createTestDb();
  s = await testServices(t, { CALL_ANALYTICS_URL: "https://calls.example.com" });
});
afterAll(() => t.close());

const load = (who: Parameters<typeof behindPortalGuard>[1]) =>
  behindPortalGuard(s, who, "/dashboard", (args) => callRoute(loader, args));

describe("the dashboard loader", () => {
  it("sends a visitor to sign in, with the way back", async () => {
    const err = await load(null).catch((e) => e);
    expect(err).toBeInstanceOf(Response);
    expect(err.status).toBe(302);
    expect(err.headers.get("location")).toBe("/login?redirectTo=%2Fdashboard");
  });

  it("greets a new account on its first visit, a returning one after it signs in again", async () => {
    const m = await member(s, { name: "Avery Quinn" });
    const first = await load(m);
    expect(first.firstVisit).toBe(true);
    expect(first.financial).toBeNull();
    expect(first.profile).toMatchObject({ contactName: "Avery Quinn", email: m.email });
    // Signing in again (from another browser, or after signing out) makes it a returning account.
    await signIn(s, { email: m.email, password: "s3cure-pass-2026", ip: "203.0.113.250", headers: new Headers() });
    expect((await load(m)).firstVisit).toBe(false);
  });

  it("gives a licensee its own figures, each licence naming its territory and #Code", async () => {
    const a = await member(s, { licensee: true });
    const b = await member(s, { licensee: true });
    const territory = await seedTerritory(t.db, { name: "Georgia" });
    const code = await seedCategory(t.db);
    await t.db.insert(territoryLicenses).values({
      licenseeId: a.licenseeId!,
      territoryId: territory.id,
      categoryId: code.id,
      monthlyFeeCents: 40_000,
      finalCalculatedFeeCents: 45_000,
      setupFeeCents: 9_900,
    });
    const mine = await load(a);
    expect(mine.financial?.monthlyTotalCents).toBe(45_000);
    expect(mine.financial?.provisioningTotalCents).toBe(9_900);
    expect(mine.financial?.activeLicenses).toEqual([
      {
        id: expect.any(String),
        territoryName: "Georgia",
        offering: { kind: "code", label: code.name },
        monthlyCents: 45_000,
        setupCents: 9_900,
      },
    ]);
    const theirs = await load(b);
    expect(theirs.financial?.activeLicenses).toEqual([]);
    expect(theirs.financial?.monthlyTotalCents).toBe(0);
  });

  it("passes the configured external links, and null for an unset one", async () => {
    const m = await member(s);
    expect((await load(m)).links).toEqual({ callAnalytics: "https://calls.example.com", community: null });
  });
});

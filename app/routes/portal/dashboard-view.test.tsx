/**
 * What the dashboard says, from real loader data: 'Welcome' on an account's first visit and 'Welcome back' once it
 * has signed in again, and a warning with the way to top up when the wallet holds $0.00.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn } from "#server/auth/flows.ts";
import { licensees } from "#server/db/schema/index.ts";
import { createTestDb, type TestDb } from "#server/db/test-utils.ts";
import { callRoute, testServices } from "#server/web/test-support.ts";
import Dashboard, { loader } from "./dashboard.tsx";
import { behindPortalGuard, member } from "./portal-test-support.ts";

let t: TestDb;
let s: Awaited<ReturnType<typeof testServices>>;
beforeAll(async () => {
  t = await createTestDb();
  s = await testServices(t);
});
afterAll(() => t.close());

type LoaderData = Awaited<ReturnType<typeof loader>>;
const load = (who: Awaited<ReturnType<typeof member>>) =>
  behindPortalGuard(s, who, "/dashboard", (args) => callRoute(loader, args)) as Promise<LoaderData>;

function render(loaderData: LoaderData): string {
  const props = { loaderData, params: {}, matches: [] } as unknown as Parameters<typeof Dashboard>[0];
  const Stub = createRoutesStub([{ path: "/dashboard", Component: () => <Dashboard {...props} /> }]);
  return renderToStaticMarkup(<Stub initialEntries={["/dashboard"]} />).replace(/\s+/g, " ");
}

describe("the dashboard's words", () => {
  it("greets a new account with 'Welcome' on its first visit, and 'Welcome back' after it signs in again", async () => {
    const m = await member(s, { name: "Avery Quinn" });
    const first = render(await load(m));
    expect(first).toContain("Welcome, Avery");
    expect(first).not.toContain("Welcome back");
    await signIn(s, { email: m.email, password: "s3cure-pass-2026", ip: "203.0.113.251", headers: new Headers() });
    const later = render(await load(m));
    expect(later).toContain("Welcome back, Avery");
  });

  it("warns about an empty wallet, with the way to top up", async () => {
    const m = await member(s, { name: "Blair Stone", licensee: true }, async ({ userId, email, name }) => {
      const [row] = await t.db
        .insert(licensees)
        .values({ userId, email, contactName: name, companyName: "Stone Law" })
        .returning({ id: licensees.id });
      return row!.id;
    });
    const data = await load(m);
    expect(data.financial?.walletCents).toBe(0);
    const out = render(data);
    expect(out).toContain("Your wallet is empty");
    expect(out).toContain('href="/dashboard/billing"');
    expect(out).toContain("Top up your wallet");
  });
});

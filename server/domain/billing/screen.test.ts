import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "../actor.ts";
import { seedUser } from "../reservations/test-fixtures.ts";
import { billingScreenOf } from "./screen.ts";
import { type BillingHarness, type Firm, startBillingHarness } from "./test-harness.ts";

let h: BillingHarness;
let a: Firm;
let b: Firm;

beforeAll(async () => {
  h = await startBillingHarness();
  a = await h.licensedFirm();
  b = await h.licensedFirm();
}, 60_000);
afterAll(() => h?.close());

const screenOf = (firm: { actor: Actor }) => billingScreenOf(h.t.db, firm.actor, { dunning: h.billing.dunning });

describe("the Billing & Wallet screen's read", () => {
  it("shows a licensee their own license with its paid first invoice, their wallet and their card settings", async () => {
    const screen = await screenOf(a);
    expect(screen.billing.licenses.map((l) => l.id)).toEqual([a.license.id]);
    const [license] = screen.billing.licenses;
    expect(license).toMatchObject({ status: "active", standing: "active", hasSubscription: true });
    expect(license?.invoices.map((i) => [i.kind, i.status])).toEqual([["first", "paid"]]);
    expect(screen.billing.hasBillingAccount).toBe(true);
    expect(screen.wallet.licensee?.email).toBe(a.email);
    expect(screen.wallet).toMatchObject({ balanceCents: 0, entries: [], totalEntries: 0 });
    expect(screen.autoRecharge).toMatchObject({ enabled: false, pending: false });
  });

  it("never shows another licensee's license or invoices", async () => {
    const [mine, theirs] = await Promise.all([screenOf(a), screenOf(b)]);
    expect(theirs.billing.licenses.map((l) => l.id)).toEqual([b.license.id]);
    const invoicesOf = (s: typeof mine) => s.billing.licenses.flatMap((l) => l.invoices.map((i) => i.id));
    expect(invoicesOf(theirs)).not.toEqual(expect.arrayContaining(invoicesOf(mine)));
    expect(theirs.wallet.licensee?.id).not.toBe(mine.wallet.licensee?.id);
  });

  it("has empty views for an account without a licensee record, and for no account", async () => {
    const userId = await seedUser(h.t.db, "no-licensee@example.com");
    const empty = {
      wallet: { licensee: null, balanceCents: 0, lastMonthDepositCents: 0, entries: [], totalEntries: 0 },
      billing: { licenses: [], hasBillingAccount: false },
      autoRecharge: null,
    };
    expect(await screenOf({ actor: { userId, role: "user", ip: "203.0.113.90" } })).toEqual(empty);
    expect(await screenOf({ actor: { userId: null, ip: "203.0.113.91" } })).toEqual(empty);
  });
});

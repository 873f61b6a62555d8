/**
 * /admin/analytics, its CSV export, /admin/billing and /admin/billing/{licenseeId} through the admin guard with
 * real sessions: non-administrators are sent to /dashboard before any loader or action runs (and nothing is
 * booked); an administrator gets the figures, the CSV with its header, and books an adjustment that lands in the
 * ledger, the balance and the audit log; a refused adjustment keeps what was typed.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ANALYTICS_TEXT } from "#kernel/schemas/analytics.ts";
import { BILLING_ADMIN_TEXT } from "#kernel/schemas/billing-admin.ts";
import { adminMiddleware } from "#server/auth/guards.ts";
import { auditLog, clientWalletTransactions, licensees, user } from "#server/db/schema/index.ts";
import { createTestDb, type TestDb } from "#server/db/test-utils.ts";
import { seedLicensee } from "#server/domain/wallet/test-fixtures.ts";
import {
  behindGuard,
  callRoute,
  formPost,
  type routeContext,
  signedUpAccount,
  TEST_ORIGIN,
  testServices,
} from "#server/web/test-support.ts";
import { loader as analyticsLoader } from "./analytics.tsx";
import { loader as exportLoader } from "./analytics-export.tsx";
import { loader as billingLoader } from "./billing.tsx";
import { action as adjustAction, loader as walletLoader } from "./billing-licensee.tsx";

let t: TestDb;
let s: Awaited<ReturnType<typeof testServices>>;
let admin: string;
let member: string;
let licenseeId: string;

beforeAll(async () => {
  t = await createTestDb();
  s = await testServices(t);
  const a = await signedUpAccount(s, "Morgan Boss", "boss@poundcodes.test");
  await t.db.update(user).set({ role: "admin" }).where(eq(user.id, a.id));
  admin = a.cookie;
  member = (await signedUpAccount(s, "Dana Whitfield", "dana@example.com")).cookie;
  licenseeId = (await seedLicensee(t.db, { companyName: "Whitfield Injury Law" })).id;
});
afterAll(() => t.close());

const guarded = (request: Request, fn: (context: ReturnType<typeof routeContext>) => Promise<unknown>) =>
  behindGuard(s, adminMiddleware, request, fn);
const get = (
  cookie: string,
  path: string,
  loader: (args: never) => Promise<unknown>,
  params: Record<string, string> = {},
) => {
  const request = new Request(`${TEST_ORIGIN}${path}`, { headers: { cookie } });
  return guarded(request, (context) => callRoute(loader, { request, context, params }));
};
const adjust = (cookie: string, fields: Record<string, string>) => {
  const request = formPost(`/admin/billing/${licenseeId}`, fields, { cookie });
  return guarded(request, (context) => callRoute(adjustAction, { request, context, params: { licenseeId } }));
};
const entries = () =>
  t.db.select().from(clientWalletTransactions).where(eq(clientWalletTransactions.licenseeId, licenseeId));

describe("admin analytics and billing routes", () => {
  it("send a non-administrator to /dashboard from every loader and the action, booking nothing", async () => {
    const answers = [
      await get(member, "/admin/analytics", analyticsLoader),
      await get(member, "/admin/analytics/export.csv", exportLoader),
      await get(member, "/admin/billing", billingLoader),
      await get(member, `/admin/billing/${licenseeId}`, walletLoader, { licenseeId }),
      await adjust(member, { direction: "credit", amountCents: "50", reason: "Sneaky", attempt: "attempt-0001" }),
    ];
    for (const r of answers) {
      expect(r.status).toBe(302);
      expect(r.headers.get("location")).toBe("/dashboard");
    }
    expect(await entries()).toEqual([]);
  });

  it("answer the figures and the CSV download to an administrator", async () => {
    const page = await get(admin, "/admin/analytics?period=7d", analyticsLoader);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ period: { preset: "7d", days: 7, by: "day" }, report: { leads: { total: 0 } } });
    const csv = await get(
      admin,
      "/admin/analytics/export.csv?period=custom&from=2026-01-01&to=2026-01-31",
      exportLoader,
    );
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toBe(
      'attachment; filename="poundcodes-analytics-2026-01-01-to-2026-01-31.csv"',
    );
    const text = String(csv.body);
    expect(text.split("\r\n")[0]).toBe(ANALYTICS_TEXT.csvHeader.join(","));
    expect(text).toContain("Summary,Leads,2026-01-01,2026-01-31,0,count\r\n");
  });

  it("book an administrator's adjustment into the ledger, the balance and the audit log", async () => {
    const r = await adjust(admin, {
      direction: "debit",
      amountCents: "$1,234.56",
      reason: "Calls billed late",
      attempt: "attempt-0002",
    });
    expect(r.status).toBe(302);
    expect(r.headers.get("location")).toBe(`/admin/billing/${licenseeId}`);
    expect(await entries()).toMatchObject([
      { transactionType: "adjustment", amountCents: -123_456, description: "Calls billed late" },
    ]);
    const [lic] = await t.db.select().from(licensees).where(eq(licensees.id, licenseeId));
    expect(lic!.minutesSmsWalletCents).toBe(-123_456);
    const [entry] = await entries();
    expect(await t.db.select().from(auditLog).where(eq(auditLog.entityId, entry!.id))).toMatchObject([
      { action: "wallet.adjustment" },
    ]);
    const wallet = await get(admin, `/admin/billing/${licenseeId}`, walletLoader, { licenseeId });
    expect(wallet.body).toMatchObject({
      licensee: { name: "Whitfield Injury Law", balanceCents: -123_456 },
      replay: { matches: true },
      entries: [{ amountCents: -123_456, balanceAfterCents: -123_456 }],
    });
    const list = await get(admin, "/admin/billing?q=whitfield", billingLoader);
    expect(list.body).toMatchObject({ total: 1, licensees: [{ id: licenseeId, balanceCents: -123_456 }] });
  });

  it("refuse a blank reason and a zero amount with the typed values kept, booking nothing", async () => {
    const before = (await entries()).length;
    const r = await adjust(admin, { direction: "credit", amountCents: "0", reason: "  ", attempt: "attempt-0003" });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({
      ok: false,
      result: {
        initialValue: { amountCents: "0", direction: "credit" },
        error: { amountCents: [BILLING_ADMIN_TEXT.amountPositive], reason: [BILLING_ADMIN_TEXT.reasonRequired] },
      },
    });
    expect(await entries()).toHaveLength(before);
    const unknown = await get(admin, "/admin/billing/00000000-0000-4000-8000-000000000000", walletLoader, {
      licenseeId: "00000000-0000-4000-8000-000000000000",
    });
    expect(unknown.status).toBe(404);
  });
});

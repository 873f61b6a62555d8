import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CodePickerPage, NumberTerritories } from "#kernel/catalogue.ts";
import type { TestDb } from "#server/db/test-utils.ts";
import { listTerritories } from "#server/domain/catalogue/territories.ts";
import { createSeededDb } from "#server/domain/catalogue/test-fixtures.ts";
import { callRoute, routeContext, TEST_ORIGIN, testServices } from "#server/web/test-support.ts";
import { loader as poundCodes } from "./pound-codes.tsx";
import { loader as territories } from "./territories.tsx";

let t: TestDb;
let s: Awaited<ReturnType<typeof testServices>>;
beforeAll(async () => {
  t = await createSeededDb();
  s = await testServices(t);
});
afterAll(() => t.close());

async function get<T>(
  loader: typeof poundCodes | typeof territories,
  path: string,
): Promise<{ status: number; body: T }> {
  const res = (await callRoute(loader, {
    request: new Request(`${TEST_ORIGIN}${path}`),
    context: routeContext(s),
  })) as Response;
  return { status: res.status, body: (await res.json()) as T };
}

describe("/resources/pound-codes", () => {
  it("answers a page of #Codes with their status in the territory asked about", async () => {
    const { status, body } = await get<CodePickerPage>(
      poundCodes,
      "/resources/pound-codes?territory=georgia&only=available",
    );
    expect(status).toBe(200);
    expect(body.territory).toEqual({ slug: "georgia", name: "Georgia" });
    expect(body.items.length).toBeGreaterThan(0);
    expect(body.items.every((c) => c.status === "available")).toBe(true);
    const law = await get<CodePickerPage>(poundCodes, "/resources/pound-codes?q=4law&territory=georgia");
    expect(law.body.items).toEqual([expect.objectContaining({ name: "#4LAW", status: "licensed" })]);
  });

  it("reads what it cannot read as the default, never as an error", async () => {
    for (const query of ["page=abc", "page=-1&only=yes", "territory=%00", "q=%25%00&page=99999999999", "territory="]) {
      const { status, body } = await get<CodePickerPage>(poundCodes, `/resources/pound-codes?${query}`);
      expect(status, query).toBe(200);
      expect(body.page, query).toBeGreaterThanOrEqual(1);
      expect(body.page, query).toBeLessThanOrEqual(body.pageCount);
    }
  });
});

describe("/resources/territories", () => {
  it("gives a #Code's status and its one monthly figure in every territory", async () => {
    const { status, body } = await get<NumberTerritories>(territories, "/resources/territories?number=hash-4law");
    expect(status).toBe(200);
    expect(body.context).toMatchObject({ kind: "poundcode", slug: "hash-4law" });
    const views = await listTerritories(t.db, { context: body.context });
    expect(body.territories).toHaveLength(views.length);
    for (const [i, v] of views.entries()) {
      expect(body.territories[i]).toMatchObject({
        key: v.key,
        slug: v.slug,
        status: v.mapStatus,
        monthlyCents: v.pricing.categoryQuote!.finalMonthlyCents,
      });
    }
    expect(body.territories.find((x) => x.key === "GA")?.status).toBe("licensed");
    const all = await get<NumberTerritories>(territories, "/resources/territories");
    expect(all.body.territories.every((x) => x.monthlyCents === null)).toBe(true);
  });

  it("refuses an unknown number with the page's message", async () => {
    const { status, body } = await get<{ error: string }>(territories, "/resources/territories?number=hash-nope");
    expect(status).toBe(404);
    expect(body.error).toContain("hash-nope");
  });
});

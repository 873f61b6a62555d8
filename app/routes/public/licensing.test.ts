/**
 * The licensing explainer and products loaders on a seeded database: the figures the pages show are the
 * catalogue's, and every price is the pricing engine's.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestDb } from "#server/db/test-utils.ts";
import { createSeededDb } from "#server/domain/catalogue/test-fixtures.ts";
import { quoteFor } from "#server/domain/pricing/quote.ts";
import { answerOf, callRoute, routeContext, TEST_ORIGIN, testServices } from "#server/web/test-support.ts";
import { loader as byState } from "./licensing-by-state.tsx";
import { loader as byCategory } from "./licensing-by-state-category.tsx";
import { loader as byKeyword } from "./licensing-by-state-keyword.tsx";
import { loader as products } from "./products-services.tsx";

let t: TestDb;
let s: Awaited<ReturnType<typeof testServices>>;
beforeAll(async () => {
  t = await createSeededDb();
  s = await testServices(t);
});
afterAll(() => t.close());

const call = async <T>(loader: (args: never) => Promise<T>, path: string) =>
  (await answerOf(
    await callRoute(loader, { request: new Request(`${TEST_ORIGIN}${path}`), context: routeContext(s) }),
  )) as { status: number; body: T };

describe("licensing explainer loaders", () => {
  it("/licensing/by-state answers the catalogue's figures and the engine's prices", async () => {
    const { status, body } = await call(byState, "/licensing/by-state");
    expect(status).toBe(200);
    const { figures, example } = body.explainer;
    expect(figures).toMatchObject({ territories: 59, portions: 13, splitStates: 5, poundCodes: 10 });
    const quote = await quoteFor(t.db, { territoryId: example!.territory.id });
    expect(example!.territoryQuote.finalMonthlyCents).toBe(quote.finalMonthlyCents);
    expect(example!.territoryQuote.lines.find((l) => l.key === "setup")!.cents).toBe(quote.setupCents);
  });

  it("/licensing/by-state-category prices every #Code in the example territory", async () => {
    const { status, body } = await call(byCategory, "/licensing/by-state-category");
    expect(status).toBe(200);
    expect(body.explainer.example!.codes).toHaveLength(10);
    expect(body.explainer.example!.territory.name).toBe("East Texas");
  });

  it("/licensing/by-state-keyword prices the keyword groups and lists the special keywords", async () => {
    const { status, body } = await call(byKeyword, "/licensing/by-state-keyword");
    expect(status).toBe(200);
    expect(body.explainer.example!.groups.length).toBe(body.explainer.figures.keywordGroups);
    expect(body.explainer.keywords.length).toBe(body.explainer.figures.pricingKeywords);
  });
});

describe("products & services loader", () => {
  it("lists the #Codes for the page's links", async () => {
    const { status, body } = await call(products, "/products-services");
    expect(status).toBe(200);
    expect(body.codes).toHaveLength(10);
    expect(body.codes).toContainEqual({ name: "#4LAW", slug: "hash-4law" });
  });

  it("still serves the page, without the #Code links, when the catalogue cannot be read", async () => {
    const failing = {
      ...s,
      db: new Proxy(s.db, {
        get(target, prop, receiver) {
          if (prop === "select") {
            return () => {
              throw new Error("database unavailable");
            };
          }
          return Reflect.get(target, prop, receiver);
        },
      }),
      logger: Object.assign(Object.create(s.logger), { error: () => {} }),
    };
    const res = await answerOf(
      await callRoute(products, {
        request: new Request(`${TEST_ORIGIN}/products-services`),
        context: routeContext(failing as typeof s),
      }),
    );
    expect(res).toMatchObject({ status: 200, body: { codes: [] } });
  });
});

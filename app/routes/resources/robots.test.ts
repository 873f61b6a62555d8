import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "#server/db/test-utils.ts";
import { callRoute, routeContext, testServices } from "#server/web/test-support.ts";
import { loader } from "./robots.tsx";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.close());

const robots = async (env: Record<string, string>) => {
  const s = await testServices(t, env);
  const res = callRoute(loader, { request: new Request("http://localhost/robots.txt"), context: routeContext(s) });
  return res.text();
};

describe("robots.txt", () => {
  it("keeps crawlers out of every deployment but production", async () => {
    const text = await robots({});
    expect(text.split("\n")).toContain("Disallow: /");
  });

  it("opens production's public pages and names the sitemap", async () => {
    const text = await robots({
      NODE_ENV: "production",
      PUBLIC_URL: "https://poundcodes.com",
      BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-42",
      ALLOW_DEV_MAILBOX: "true",
    });
    const lines = text.split("\n");
    expect(lines).not.toContain("Disallow: /");
    expect(lines).toContain("Disallow: /admin");
    expect(lines).toContain("Sitemap: https://poundcodes.com/sitemap.xml");
  });
});

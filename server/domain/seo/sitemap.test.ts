/** The sitemap names every kind of public page, published content only, on the seeded demo catalogue. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user } from "#server/db/schema/index.ts";
import { seedDemo } from "#server/db/seed/seed.ts";
import { createTestDb, type TestDb } from "#server/db/test-utils.ts";
import { STATIC_PUBLIC_PATHS, sitemap } from "./sitemap.ts";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
  await seedDemo(t.db, {
    createDemoUser: async (input) => {
      const id = "sitemap-demo-user";
      await t.db.insert(user).values({ id, email: input.email, name: input.name, emailVerified: true });
      return { id };
    },
  });
});
afterAll(() => t.close());

describe("sitemap", () => {
  it("lists the home page, fixed pages, number pages, published posts and topics, and landing pages", async () => {
    const paths = (await sitemap(t.db)).map((e) => e.path);
    expect(paths).toContain("/");
    expect(paths).toContain("/all-numbers");
    expect(paths).toContain("/number/hash-4law");
    for (const p of STATIC_PUBLIC_PATHS) expect(paths).toContain(p);
    expect(paths).toContain("/blog/what-is-a-pound-code-number");
    expect(paths.some((p) => p.startsWith("/support-topics/"))).toBe(true);
    expect(paths.some((p) => p.startsWith("/p/"))).toBe(true);
    // Drafts and private pages never appear; each path once.
    expect(paths).not.toContain("/blog/pound-codes-for-home-services");
    expect(paths.filter((p) => /^\/(login|signup|dashboard|admin|reservations|newsletter)/.test(p))).toEqual([]);
    expect(new Set(paths).size).toBe(paths.length);
  });
});

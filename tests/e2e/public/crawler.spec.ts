import { expect, test } from "@playwright/test";
import { signedIn } from "../support/actors.ts";
import { crawl, sitemapPaths } from "../support/crawl.ts";
import { DEMO_LICENSEE, E2E_ADMIN } from "../support/env.ts";

test("no dead links: every internal link reachable from the home page and the sitemap answers", async ({
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const start = ["/", "/theme-showcase", ...(await sitemapPaths(request))];
  const { visited, broken } = await crawl(request, baseURL!, start);
  expect(visited.length).toBeGreaterThan(50);
  expect(broken, broken.map((b) => `${b.url} (${b.status}) linked from ${b.from}`).join("\n")).toEqual([]);
});

/**
 * Signed in, the crawler starts from the account's home and follows every link the portal or the admin area
 * renders (the sign-out link and resource routes are skipped, see crawl.ts), so a card or menu entry to a screen
 * that does not exist fails here.
 */
for (const [who, account, home, area] of [
  ["the demo licensee", DEMO_LICENSEE, "/dashboard", "/dashboard/"],
  ["an administrator", E2E_ADMIN, "/admin/dashboard", "/admin/"],
] as const) {
  test(`no dead links signed in as ${who}`, async ({ baseURL }) => {
    test.setTimeout(180_000);
    const ctx = await signedIn(baseURL!, account);
    try {
      const { visited, broken } = await crawl(ctx, baseURL!, [home]);
      expect(visited.filter((p) => p.startsWith(area)).length, `pages of ${area} reached`).toBeGreaterThan(3);
      expect(broken, broken.map((b) => `${b.url} (${b.status}) linked from ${b.from}`).join("\n")).toEqual([]);
    } finally {
      await ctx.dispose();
    }
  });
}

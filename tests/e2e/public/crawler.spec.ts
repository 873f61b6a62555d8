import { expect, test } from "@playwright/test";
import { crawl, sitemapPaths } from "../support/crawl.ts";

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

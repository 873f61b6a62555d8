/**
 * Tests only: a server build's route table for the HTTP app, with the page-cache declarations the test gives each
 * path pattern (a route module's `pageCache` export), as route-policies.ts reads them from the real build.
 */
import type { ServerBuild } from "react-router";
import type { PageCachePolicy } from "../web/page-cache.ts";

export function testBuild(pages: Record<string, PageCachePolicy | null>): ServerBuild {
  const routes: Record<string, unknown> = { root: { id: "root", path: "", module: {} } };
  for (const [pattern, policy] of Object.entries(pages)) {
    routes[pattern] = {
      id: pattern,
      parentId: "root",
      path: pattern.replace(/^\//, ""),
      index: pattern === "/" ? true : undefined,
      module: policy ? { pageCache: policy } : {},
    };
  }
  return { routes } as unknown as ServerBuild;
}

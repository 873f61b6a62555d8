/**
 * Which route a URL reaches, read from the server build's route table: the page-cache declaration its module
 * exports (server/web/page-cache.ts), and its path pattern (for metrics). The matching is React Router's own, so a
 * path reaches the same route here as in the request handler (in any letter case).
 */
import { matchRoutes, type ServerBuild } from "react-router";
import { isPageCachePolicy } from "../web/page-cache.ts";
import type { PolicyFor } from "./page-cache.ts";

type RouteNode = {
  id: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  children: RouteNode[];
};

/** The build's flat route table as the tree React Router matches. */
function routeTree(routes: ServerBuild["routes"]): RouteNode[] {
  const nodes = new Map<string, RouteNode>();
  for (const r of Object.values(routes)) {
    if (!r) continue;
    nodes.set(r.id, { id: r.id, path: r.path, index: r.index, caseSensitive: r.caseSensitive, children: [] });
  }
  const tree: RouteNode[] = [];
  for (const r of Object.values(routes)) {
    if (!r) continue;
    const node = nodes.get(r.id)!;
    const parent = r.parentId ? nodes.get(r.parentId) : undefined;
    (parent ? parent.children : tree).push(node);
  }
  return tree;
}

type Match = { route: RouteNode; params: Record<string, string> };

/** Paths whose matches are kept; past it the memory starts over (a crawl of every number page must not grow it). */
const KEPT_PATHS = 2_000;

/**
 * React Router's `matchRoutes` over `tree`, remembered per path. Each call flattens and ranks the whole route table
 * and compiles a regular expression per branch: 2 ms of every uncached request before this (a profile of
 * /admin/territories), for an answer that depends on the path alone.
 */
function rememberedMatches(tree: RouteNode[]): (pathname: string) => Match[] | null {
  const kept = new Map<string, Match[] | null>();
  return (pathname) => {
    let matches = kept.get(pathname);
    if (matches === undefined) {
      matches = matchRoutes(tree as never, pathname) as Match[] | null;
      if (kept.size >= KEPT_PATHS) kept.clear();
      kept.set(pathname, matches);
    }
    return matches;
  };
}

/**
 * The path pattern of the route a URL path reaches, as the route table spells it (`/number/:numberId`,
 * `/dashboard/*`), or null when none does. A loader-data request (`/number/hash-4law.data`, `/_root.data`) is its
 * page's pattern with `.data`. For labels whose values must stay few (metrics): never the path itself.
 */
export function routePatterns(routes: ServerBuild["routes"]): (pathname: string) => string | null {
  const matchesOf = rememberedMatches(routeTree(routes));
  return (pathname) => {
    let path = pathname;
    let suffix = "";
    if (path.endsWith(".data")) {
      suffix = ".data";
      path = path === "/_root.data" ? "/" : path.slice(0, -".data".length);
    }
    const matches = matchesOf(path);
    if (!matches?.length) return null;
    const pattern = matches
      .map((m) => m.route.path ?? "")
      .filter(Boolean)
      .join("/");
    return `/${pattern}`.replace(/\/+/g, "/") + suffix;
  };
}

export function routePolicies(routes: ServerBuild["routes"]): PolicyFor {
  const matchesOf = rememberedMatches(routeTree(routes));
  return (url) => {
    const leaf = matchesOf(url.pathname)?.at(-1);
    if (!leaf) return null;
    const policy = (routes[leaf.route.id]?.module as { pageCache?: unknown } | undefined)?.pageCache;
    return isPageCachePolicy(policy) ? { policy, params: leaf.params } : null;
  };
}

/**
 * Which route a URL reaches, read from the server build's route table, and the page-cache declaration its module
 * exports (server/web/page-cache.ts). The matching is React Router's own, so a path reaches the same route here as
 * in the request handler (in any letter case).
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

export function routePolicies(routes: ServerBuild["routes"]): PolicyFor {
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
  return (url) => {
    const matches = matchRoutes(tree as never, url.pathname) as { route: RouteNode; params: Record<string, string> }[];
    const leaf = matches?.at(-1);
    if (!leaf) return null;
    const policy = (routes[leaf.route.id]?.module as { pageCache?: unknown } | undefined)?.pageCache;
    return isPageCachePolicy(policy) ? { policy, params: leaf.params } : null;
  };
}

import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { cacheable } from "../web/page-cache.ts";
import { routePatterns, routePolicies } from "./route-policies.ts";

const numberPolicy = cacheable({ keys: ({ params }) => [`number:${params.numberId}`] });
const route = (id: string, over: Record<string, unknown>) => ({ id, module: {}, ...over });
const routes = {
  root: route("root", { path: "" }),
  home: route("home", { parentId: "root", index: true, module: { pageCache: cacheable() } }),
  number: route("number", { parentId: "root", path: "number/:numberId", module: { pageCache: numberPolicy } }),
  dashboard: route("dashboard", { parentId: "root", path: "dashboard" }),
  overview: route("overview", { parentId: "dashboard", index: true }),
  missing: route("missing", { parentId: "root", path: "*" }),
} as unknown as ServerBuild["routes"];

describe("route policies", () => {
  it("finds the page-cache policy and the parameters of the route a path reaches, the same each time", () => {
    const policyOf = routePolicies(routes);
    for (let i = 0; i < 3; i++) {
      expect(policyOf(new URL("http://x/number/hash-4law"))).toEqual({
        policy: numberPolicy,
        params: { numberId: "hash-4law" },
      });
      expect(policyOf(new URL("http://x/NUMBER/hash-help"))?.params).toEqual({ numberId: "hash-help" });
      expect(policyOf(new URL("http://x/dashboard"))).toBeNull();
      expect(policyOf(new URL("http://x/"))?.policy.kind).toBe("page-cache");
    }
  });

  it("keeps answering correctly past the number of paths it remembers", () => {
    const policyOf = routePolicies(routes);
    for (let i = 0; i < 2_500; i++) {
      expect(policyOf(new URL(`http://x/number/n-${i}`))?.params.numberId).toBe(`n-${i}`);
    }
    expect(policyOf(new URL("http://x/number/n-0"))?.params.numberId).toBe("n-0");
  });

  it("names a path by its route's pattern, loader data with .data", () => {
    const patternOf = routePatterns(routes);
    expect(patternOf("/number/hash-4law")).toBe("/number/:numberId");
    expect(patternOf("/number/hash-4law.data")).toBe("/number/:numberId.data");
    expect(patternOf("/_root.data")).toBe("/.data");
    expect(patternOf("/anything/else")).toBe("/*");
  });
});

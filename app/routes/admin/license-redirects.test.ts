/** The license screens' old addresses (/admin/licences…) move for good to /admin/licenses…, the query kept. */
import { describe, expect, it } from "vitest";
import routes from "#app/routes.ts";
import { loader } from "./license-redirects.tsx";

const answer = (path: string, licenseId?: string) =>
  loader({
    request: new Request(`https://example.test${path}`),
    params: licenseId ? { licenseId } : {},
    context: {},
  } as unknown as Parameters<typeof loader>[0]);

describe("the old license addresses", () => {
  it("answer 301 to the same screen under /admin/licenses, with the query", () => {
    const list = answer("/admin/licences?status=active&page=2");
    expect(list.status).toBe(301);
    expect(list.headers.get("Location")).toBe("/admin/licenses?status=active&page=2");
    const one = answer("/admin/licences/6f1c2a9e-3b4d-4e5f-8a9b-0c1d2e3f4a5b", "6f1c2a9e-3b4d-4e5f-8a9b-0c1d2e3f4a5b");
    expect(one.status).toBe(301);
    expect(one.headers.get("Location")).toBe("/admin/licenses/6f1c2a9e-3b4d-4e5f-8a9b-0c1d2e3f4a5b");
    expect(answer("/admin/licences/a%2Fb", "a/b").headers.get("Location")).toBe("/admin/licenses/a%2Fb");
  });

  it("are in the route table under the admin layout, beside the screens they lead to", () => {
    type Entry = { path?: string; file: string; children?: Entry[] };
    const paths = (entries: Entry[], base = ""): [string, string][] =>
      entries.flatMap((e) => {
        const path = [base, e.path ?? ""].filter(Boolean).join("/");
        return [...(e.path ? [[`/${path}`, e.file] as [string, string]] : []), ...paths(e.children ?? [], path)];
      });
    const table = new Map(paths(routes as Entry[]));
    expect(table.get("/admin/licenses")).toBe("routes/admin/licenses.tsx");
    expect(table.get("/admin/licenses/:licenseId")).toBe("routes/admin/license.tsx");
    expect(table.get("/admin/licences")).toBe("routes/admin/license-redirects.tsx");
    expect(table.get("/admin/licences/:licenseId")).toBe("routes/admin/license-redirects.tsx");
  });
});

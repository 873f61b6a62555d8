/**
 * Every route's `<title>` is at most 60 characters (TITLE_MAX), whatever its data: each route module of
 * `app/routes.ts` that has a meta function is asked for its tags without data (an error or a 404) and with data
 * whose every text is 250 characters long (the longest descriptions, subjects and names the product stores).
 */
import type { RouteConfigEntry } from "@react-router/dev/routes";
import type { MetaDescriptor } from "react-router";
import { describe, expect, it } from "vitest";
import { documentTitle, SITE_NAME, TITLE_MAX } from "#app/lib/seo.ts";
import routes from "./routes.ts";

function files(entries: RouteConfigEntry[]): string[] {
  return entries.flatMap((e) => [e.file, ...files(e.children ?? [])]);
}

/** A text of 250 characters that also reads as an absolute address (some pages make their canonical URL of it). */
const LONG = `https://example.test/${"a-very-long-name-".repeat(14)}end`;

/**
 * Loader data in which every field, however deep, is {@link LONG}: it turns into that text where a string is expected,
 * counts as 3 where a number is, calls through as itself, and iterates as one item of itself.
 */
function longData(): unknown {
  const proxy: unknown = new Proxy(() => {}, {
    get(_target, prop) {
      if (prop === Symbol.toPrimitive) return (hint: string) => (hint === "number" ? 3 : LONG);
      if (prop === "toString" || prop === "valueOf" || prop === "toJSON") return () => LONG;
      if (prop === Symbol.iterator) {
        return function* () {
          yield proxy;
        };
      }
      if (prop === "then" || typeof prop === "symbol") return undefined;
      if (prop === "length") return 3;
      return proxy;
    },
    apply: () => proxy,
  });
  return proxy;
}

type MetaFn = (args: Record<string, unknown>) => MetaDescriptor[] | undefined;

function titlesOf(meta: MetaFn, loaderData: unknown): string[] {
  const location = { pathname: "/somewhere", search: "", hash: "", state: null, key: "default" };
  const tags = meta({ loaderData, data: loaderData, params: {}, location, matches: [], error: undefined }) ?? [];
  return tags.flatMap((t) => ("title" in t && typeof t.title === "string" ? [t.title] : []));
}

describe("page titles", () => {
  it("keep the site's name and the page's context while they fit, then cut the page's own title at a word", () => {
    expect(documentTitle("Billing", "Admin")).toBe("Billing · Admin · PoundCodes");
    expect(documentTitle("A ticket about a missing wallet top-up", "Support Tickets", "Admin")).toBe(
      "A ticket about a missing wallet top-up · PoundCodes",
    );
    expect(documentTitle("Browse Numbers: #Codes and Vanity Numbers by Territory")).toBe(
      "Browse Numbers: #Codes and Vanity Numbers by Territory",
    );
    const long = documentTitle("Planning your first #Code campaign: a ninety-day checklist for busy law firms");
    expect(long).toBe("Planning your first #Code campaign: a… · PoundCodes");
    expect(long.length).toBeLessThanOrEqual(TITLE_MAX);
    expect(documentTitle(LONG).endsWith(` · ${SITE_NAME}`)).toBe(true);
  });

  const modules = [...new Set(files(routes as RouteConfigEntry[]))];
  it("are read from every route module of the route table", () => {
    expect(modules.length).toBeGreaterThan(100);
  });

  for (const file of modules) {
    it(`are at most ${TITLE_MAX} characters: ${file}`, async () => {
      const mod = (await import(`./${file}`)) as { meta?: MetaFn };
      if (!mod.meta) return;
      for (const data of [undefined, longData()]) {
        for (const title of titlesOf(mod.meta, data)) {
          expect(title.length, title).toBeLessThanOrEqual(TITLE_MAX);
        }
      }
    });
  }
});

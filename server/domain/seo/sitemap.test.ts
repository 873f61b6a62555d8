/**
 * The sitemap names every kind of public page, published content only, on the seeded demo catalog; past the
 * protocol's limits (lowered here) it is cut into urlset parts under both, published through an index.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user } from "#server/db/schema/index.ts";
import { seedDemo } from "#server/db/seed/seed.ts";
import { createTestDb, type TestDb } from "#server/db/test-utils.ts";
import {
  SITEMAP_LIMITS,
  type SitemapEntry,
  STATIC_PUBLIC_PATHS,
  sitemap,
  sitemapDocuments,
  sitemapIndexXml,
  sitemapPart,
  splitSitemap,
  urlsetXml,
} from "./sitemap.ts";

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

const ORIGIN = "https://poundcodes.test";
const bytes = (s: string) => Buffer.byteLength(s, "utf8");
const entries = (n: number): SitemapEntry[] => Array.from({ length: n }, (_, i) => ({ path: `/page-${i + 1}` }));

/** Well-formed XML: every tag closed in order, one root, no bare `&` or `<` in text. */
function expectWellFormed(xml: string, root: string) {
  const body = xml.replace(/^<\?xml version="1\.0" encoding="UTF-8"\?>\n/, "");
  expect(body, "XML declaration first").not.toBe(xml);
  const open: string[] = [];
  let roots = 0;
  for (const token of body.split(/(<[^>]*>)/)) {
    if (token.startsWith("<")) {
      const m = /^<(\/?)([a-z]+)(?: xmlns="[^"<>&]*")?>$/.exec(token);
      expect(m, token).not.toBeNull();
      if (m![1]) expect(open.pop(), token).toBe(m![2]);
      else {
        if (open.length === 0) roots++;
        open.push(m![2]!);
      }
    } else {
      expect(token, "text").not.toMatch(/<|>|&(?!(?:amp|lt|gt|quot|apos);)/);
    }
  }
  expect(open).toEqual([]);
  expect(roots).toBe(1);
  expect(body.startsWith(`<${root} xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`)).toBe(true);
}

describe("splitting the sitemap under the protocol's limits", () => {
  it("keeps the protocol's limits as the defaults: 50,000 URLs and 50 MB", () => {
    expect(SITEMAP_LIMITS).toEqual({ maxUrls: 50_000, maxBytes: 52_428_800 });
  });

  it("keeps everything in one part while it fits, serialized exactly as the one urlset always was", () => {
    const list: SitemapEntry[] = [{ path: "/" }, { path: "/blog/a&b", lastModified: "2026-03-04T10:11:12.000Z" }];
    expect(splitSitemap(ORIGIN, list)).toEqual([list]);
    expect(urlsetXml(`${ORIGIN}/`, list)).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        "  <url><loc>https://poundcodes.test/</loc></url>",
        "  <url><loc>https://poundcodes.test/blog/a&amp;b</loc><lastmod>2026-03-04</lastmod></url>",
        "</urlset>",
        "",
      ].join("\n"),
    );
  });

  it("cuts by count, exactly at the limit", () => {
    const sizes = (maxUrls: number, n: number) =>
      splitSitemap(ORIGIN, entries(n), { maxUrls, maxBytes: SITEMAP_LIMITS.maxBytes }).map((p) => p.length);
    expect(sizes(3, 3)).toEqual([3]);
    expect(sizes(3, 4)).toEqual([3, 1]);
    expect(sizes(3, 6)).toEqual([3, 3]);
    expect(sizes(3, 7)).toEqual([3, 3, 1]);
    expect(sizes(1, 2)).toEqual([1, 1]);
  });

  it("cuts by bytes of the serialized part (escapes and UTF-8 counted), exactly at the limit", () => {
    const list: SitemapEntry[] = [
      { path: "/a&b" },
      { path: "/caf%C3%A9", lastModified: "2026-01-02T00:00:00.000Z" },
      { path: "/é" },
      { path: "/d" },
    ];
    const firstTwo = bytes(urlsetXml(ORIGIN, list.slice(0, 2)));
    const at = (maxBytes: number) =>
      splitSitemap(ORIGIN, list, { maxUrls: SITEMAP_LIMITS.maxUrls, maxBytes }).map((p) => p.length);
    expect(at(firstTwo)[0]).toBe(2);
    expect(at(firstTwo - 1)[0]).toBe(1);
    expect(at(bytes(urlsetXml(ORIGIN, list)))).toEqual([4]);
    expect(at(bytes(urlsetXml(ORIGIN, list)) - 1)).toEqual([3, 1]);
  });

  it("keeps every part under both limits, in order, and fills each part before starting the next", () => {
    const entry = fc.record(
      {
        path: fc.string({ minLength: 1, maxLength: 40 }).map((s) => `/${s}`),
        lastModified: fc.constantFrom("2026-01-02T03:04:05.000Z", "2025-12-31T23:59:59.000Z"),
      },
      { requiredKeys: ["path"] },
    );
    fc.assert(
      fc.property(
        fc.array(entry, { maxLength: 40 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 600, max: 2_000 }),
        (list, maxUrls, maxBytes) => {
          const parts = splitSitemap(ORIGIN, list, { maxUrls, maxBytes });
          expect(parts.flat()).toEqual(list);
          parts.forEach((part, i) => {
            expect(part.length).toBeLessThanOrEqual(maxUrls);
            expect(bytes(urlsetXml(ORIGIN, part))).toBeLessThanOrEqual(maxBytes);
            const next = parts[i + 1]?.[0];
            if (next) {
              const fuller = [...part, next];
              expect(fuller.length > maxUrls || bytes(urlsetXml(ORIGIN, fuller)) > maxBytes).toBe(true);
            }
          });
        },
      ),
      { numRuns: 200 },
    );
  });

  it("has one empty part when there are no entries", () => {
    expect(splitSitemap(ORIGIN, [])).toEqual([[]]);
  });

  // Unreachable under the protocol's limits (a loc is at most 2,048 characters, one entry a few kilobytes of 50 MB):
  // only limits lowered below one entry can meet it, and they are refused rather than broken.
  it("refuses limits too small to hold a single entry", () => {
    expect(() => splitSitemap(ORIGIN, entries(1), { maxUrls: 10, maxBytes: 100 })).toThrow(RangeError);
    expect(() => splitSitemap(ORIGIN, entries(1), { maxUrls: 0, maxBytes: 1_000 })).toThrow(RangeError);
  });
});

describe("the sitemap index", () => {
  it("points at each part by its absolute URL, with the newest day of its entries when they carry one", () => {
    const xml = sitemapIndexXml(`${ORIGIN}/`, [
      [{ path: "/" }, { path: "/all-numbers" }],
      [
        { path: "/blog/a", lastModified: "2026-02-01T08:00:00.000Z" },
        { path: "/blog/b", lastModified: "2026-03-15T23:00:00.000Z" },
        { path: "/about" },
        { path: "/blog/c", lastModified: "2025-12-31T00:00:00.000Z" },
      ],
    ]);
    expect(xml).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        "  <sitemap><loc>https://poundcodes.test/sitemap/1.xml</loc></sitemap>",
        "  <sitemap><loc>https://poundcodes.test/sitemap/2.xml</loc><lastmod>2026-03-15</lastmod></sitemap>",
        "</sitemapindex>",
        "",
      ].join("\n"),
    );
    expectWellFormed(xml, "sitemapindex");
  });

  it("escapes what it writes, the public URL included", () => {
    const xml = sitemapIndexXml("https://example.test/a&b'c\"<d>", [[{ path: "/" }], [{ path: "/x" }]]);
    expect(xml).toContain("<loc>https://example.test/a&amp;b&apos;c&quot;&lt;d&gt;/sitemap/2.xml</loc>");
    expectWellFormed(xml, "sitemapindex");
    expectWellFormed(urlsetXml("https://example.test", [{ path: "/q?a=1&b='2'" }]), "urlset");
  });
});

describe("the sitemap's documents on the seeded catalog", () => {
  it("is one urlset, and has no parts, under the protocol's limits", async () => {
    const documents = await sitemapDocuments(t.db, ORIGIN);
    expectWellFormed(documents.root, "urlset");
    expect(documents.root).toBe(urlsetXml(ORIGIN, await sitemap(t.db)));
    expect(documents.parts).toEqual([]);
    expect(sitemapPart(documents, 1)).toBeNull();
  });

  it("past the limits, is an index of urlset parts that together list every entry once", async () => {
    const all = await sitemap(t.db);
    const limits = { maxUrls: 10, maxBytes: SITEMAP_LIMITS.maxBytes };
    const count = Math.ceil(all.length / 10);
    expect(count).toBeGreaterThan(2);
    const documents = await sitemapDocuments(t.db, ORIGIN, limits);
    const index = documents.root;
    expectWellFormed(index, "sitemapindex");
    const locs = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(Array.from({ length: count }, (_, i) => `${ORIGIN}/sitemap/${i + 1}.xml`));
    const listed: string[] = [];
    for (let n = 1; n <= count; n++) {
      const part = sitemapPart(documents, n);
      expectWellFormed(part!, "urlset");
      listed.push(...[...part!.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!));
    }
    expect(listed).toEqual(all.map((e) => ORIGIN + e.path));
    for (const n of [0, count + 1, 1.5, -1, Number.NaN]) expect(sitemapPart(documents, n), `${n}`).toBeNull();
  });
});

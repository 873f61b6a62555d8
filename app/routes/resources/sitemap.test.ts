/**
 * `/sitemap.xml` and `/sitemap/{n}.xml` as React Router calls them, on the seeded catalog: one urlset and no parts
 * under the protocol's limits; under limits lowered through the configuration, an index and its parts. A missing
 * or misnamed part is 404, never an error.
 */
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestDb } from "#server/db/test-utils.ts";
import { createSeededDb } from "#server/domain/catalogue/test-fixtures.ts";
import { sitemap } from "#server/domain/seo/sitemap.ts";
import { answerOf, callRoute, routeContext, testServices } from "#server/web/test-support.ts";
import * as sitemapRoute from "./sitemap.tsx";
import * as partRoute from "./sitemap-part.tsx";

const PUBLIC_URL = "https://poundcodes.test";
/** Ten URLs a part: the demo catalog needs several. */
const SMALL = { maxUrls: 10, maxBytes: 50 * 1024 * 1024 };

let t: TestDb;
let services: Awaited<ReturnType<typeof testServices>>;
beforeAll(async () => {
  t = await createSeededDb();
  services = await testServices(t, { PUBLIC_URL });
}, 60_000);
afterAll(() => t.close());

const contextWith = (limits?: typeof SMALL) =>
  routeContext(limits ? { ...services, config: { ...services.config, sitemapLimits: limits } } : services);

const index = async (limits?: typeof SMALL) =>
  answerOf(
    await callRoute(sitemapRoute.loader, {
      request: new Request(`${PUBLIC_URL}/sitemap.xml`),
      context: contextWith(limits),
    }),
  );
const part = async (name: string, limits?: typeof SMALL) =>
  answerOf(
    await callRoute(partRoute.loader, {
      request: new Request(`${PUBLIC_URL}/sitemap/${encodeURIComponent(name)}`),
      context: contextWith(limits),
      params: { part: name },
    }),
  );
const locs = (xml: unknown) => [...String(xml).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);

describe("the sitemap's routes", () => {
  it("answer one urlset of every entry at /sitemap.xml, and no part, while the catalog fits in one", async () => {
    const res = await index();
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(String(res.body)).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(locs(res.body)).toEqual((await sitemap(t.db)).map((e) => PUBLIC_URL + e.path));
    expect((await part("1.xml")).status).toBe(404);
  });

  it("answer an index at /sitemap.xml and a urlset at each part past the limits", async () => {
    const all = (await sitemap(t.db)).map((e) => PUBLIC_URL + e.path);
    const count = Math.ceil(all.length / SMALL.maxUrls);
    const res = await index(SMALL);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    expect(String(res.body)).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(locs(res.body)).toEqual(Array.from({ length: count }, (_, i) => `${PUBLIC_URL}/sitemap/${i + 1}.xml`));
    // The demo's dated entries (posts, topics, landing pages) come last: the last part carries a lastmod.
    expect(String(res.body)).toMatch(
      /<loc>[^<]+<\/loc><lastmod>\d{4}-\d{2}-\d{2}<\/lastmod><\/sitemap>\n<\/sitemapindex>/,
    );
    const listed: string[] = [];
    for (let n = 1; n <= count; n++) {
      const p = await part(`${n}.xml`, SMALL);
      expect(p.status, `part ${n}`).toBe(200);
      expect(p.headers.get("content-type")).toBe("application/xml; charset=utf-8");
      expect(p.headers.get("cache-control")).toBe("public, max-age=3600");
      expect(String(p.body)).toContain("<urlset ");
      expect(locs(p.body).length).toBeLessThanOrEqual(SMALL.maxUrls);
      listed.push(...locs(p.body));
    }
    expect(listed).toEqual(all);
  });

  it("answer each document compressed once in the encoding the crawler accepts, the same document as unencoded", async () => {
    const call = async (path: string, encoding: string, limits?: typeof SMALL) => {
      const route = path === "/sitemap.xml" ? sitemapRoute.loader : partRoute.loader;
      const res = (await callRoute(route, {
        request: new Request(`${PUBLIC_URL}${path}`, { headers: { "accept-encoding": encoding } }),
        context: contextWith(limits),
        params: { part: path.split("/").at(-1)! },
      })) as Response;
      return { res, bytes: Buffer.from(await res.arrayBuffer()) };
    };
    /** Forty URLs a part: a part large enough to be worth compressing, an index too small to be. */
    const MEDIUM = { ...SMALL, maxUrls: 40 };
    for (const [path, limits] of [
      ["/sitemap.xml", undefined],
      ["/sitemap/1.xml", MEDIUM],
    ] as const) {
      const plain = await call(path, "", limits);
      expect(plain.res.headers.get("content-encoding"), path).toBeNull();
      const br = await call(path, "gzip, deflate, br", limits);
      const gzip = await call(path, "gzip", limits);
      for (const { res } of [plain, br, gzip]) {
        expect(res.headers.get("vary"), path).toBe("Accept-Encoding");
        expect(res.headers.get("content-type"), path).toBe("application/xml; charset=utf-8");
      }
      expect(br.res.headers.get("content-encoding"), path).toBe("br");
      expect(gzip.res.headers.get("content-encoding"), path).toBe("gzip");
      expect(br.res.headers.get("content-length"), path).toBe(String(br.bytes.byteLength));
      expect(brotliDecompressSync(br.bytes).toString(), path).toBe(plain.bytes.toString());
      expect(gunzipSync(gzip.bytes).toString(), path).toBe(plain.bytes.toString());
      // The next crawler gets the same bytes, not a new compression.
      expect((await call(path, "br", limits)).bytes.equals(br.bytes), path).toBe(true);
    }
    // The index of those parts is under a kilobyte: sent as it is.
    const index = await call("/sitemap.xml", "br", MEDIUM);
    expect(index.res.headers.get("content-encoding")).toBeNull();
    expect(index.bytes.toString()).toContain("<sitemapindex ");
  });

  it("answer 404 for a part out of range or not named as one, never an error", async () => {
    const count = Math.ceil((await sitemap(t.db)).length / SMALL.maxUrls);
    for (const name of ["0.xml", `${count + 1}.xml`, "999999999.xml", "01.xml", "-1.xml", "1", "one.xml", "1.xml.gz"]) {
      const res = await part(name, SMALL);
      expect(res.status, name).toBe(404);
      expect(res.headers.get("cache-control"), name).toBe("no-store");
    }
  });

  it("are cached alike: a part is dropped by exactly the writes that drop the sitemap", () => {
    const args = { params: {}, url: new URL(`${PUBLIC_URL}/sitemap/1.xml`) };
    expect(partRoute.pageCache.keys(args)).toEqual(sitemapRoute.pageCache.keys(args));
    expect(partRoute.pageCache.query).toEqual(sitemapRoute.pageCache.query);
  });
});

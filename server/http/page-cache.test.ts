import { readFileSync } from "node:fs";
import { type Context, Hono } from "hono";
import { describe, expect, it } from "vitest";
import { cacheable, type PageCachePolicy } from "../web/page-cache.ts";
import { themeCookie } from "../web/theme.ts";
import { canonicalPagePath, PAGE_CACHE_TTL_MS, type PolicyFor, pageCache } from "./page-cache.ts";

/** Routes as the route modules would declare them: only declared paths are cacheable. */
const DECLARED: Record<string, PageCachePolicy> = {
  "/page": cacheable({ keys: () => ["catalog", "content:blog"] }),
  "/page.data": cacheable(),
  "/data": cacheable({ keys: () => ["catalog"] }),
  "/search": cacheable({ keys: () => ["catalog"], query: ["q"] }),
  "/cookie": cacheable(),
  "/missing": cacheable(),
};
const policyFor: PolicyFor = (url) => {
  const policy = DECLARED[url.pathname];
  return policy ? { policy, params: {} } : null;
};

function appWithCounter(opts: { maxVariantsPerPath?: number; ttlMs?: number } = {}) {
  let renders = 0;
  const cache = pageCache({ ttlMs: 60_000, policyFor, ...opts });
  const app = new Hono();
  app.use(cache);
  const render = (c: Context) => {
    renders++;
    return c.html(`<p>render ${renders}</p>`);
  };
  app.get("/page", render);
  app.get("/page.data", render);
  app.get("/search", render);
  app.get("/undeclared", render);
  app.get("/cookie", (c) => {
    renders++;
    c.header("Set-Cookie", "a=b");
    return c.html("<p>cookie</p>");
  });
  app.get("/missing", (c) => {
    renders++;
    return c.html("<p>gone</p>", 404);
  });
  app.get("/data", (c) => {
    renders++;
    return c.json({ n: renders });
  });
  app.post("/write", (c) => c.text("ok"));
  app.post("/refused", (c) => c.text("Forbidden", 403));
  return { app, cache, renders: () => renders };
}

const html = { accept: "text/html" };
const get = (app: Hono, path: string, headers: Record<string, string> = html) => app.request(path, { headers });

describe("pageCache", () => {
  it("serves the second anonymous request of a declared route from memory", async () => {
    const { app, renders } = appWithCounter();
    const a = await get(app, "/page");
    const b = await get(app, "/page");
    expect(a.headers.get("x-page-cache")).toBe("miss");
    expect(b.headers.get("x-page-cache")).toBe("hit");
    expect(await b.text()).toBe("<p>render 1</p>");
    expect(renders()).toBe(1);
    // A declared JSON resource is cached the same way.
    await get(app, "/data", { accept: "application/json" });
    expect((await get(app, "/data", { accept: "application/json" })).headers.get("x-page-cache")).toBe("hit");
  });

  it("never caches a route that declares nothing, any auth or flash cookie, a cookie set, an error or a HEAD", async () => {
    const { app, renders } = appWithCounter();
    await get(app, "/undeclared");
    await get(app, "/undeclared");
    expect(renders()).toBe(2);
    for (const cookie of [
      "better-auth.session_token=abc",
      "__Secure-better-auth.session_token=abc",
      "better-auth.two_factor=abc",
      "theme=x; better-auth.dont_remember=1",
      "pc_flash=xyz",
    ]) {
      await get(app, "/page", { ...html, cookie });
    }
    expect(renders()).toBe(7);
    await get(app, "/cookie");
    await get(app, "/cookie");
    await get(app, "/missing");
    await get(app, "/missing");
    expect(renders()).toBe(11);
    await app.request("/page", { method: "HEAD", headers: html });
    expect((await get(app, "/page")).headers.get("x-page-cache")).toBe("miss");
    // A client navigation's data request is never cached, even where the route matches.
    expect((await get(app, "/page.data?_routes=root")).headers.get("x-page-cache")).toBeNull();
  });

  it("is not emptied by requests: only an invalidation by change key drops entries", async () => {
    const { app, cache, renders } = appWithCounter();
    await get(app, "/page");
    await get(app, "/data", { accept: "application/json" });
    expect(cache.size()).toBe(2);
    // Any anonymous POST, accepted or refused, leaves the cache alone: it cannot be used to keep it cold.
    await app.request("/write", { method: "POST" });
    await app.request("/refused", { method: "POST" });
    expect(cache.size()).toBe(2);
    expect((await get(app, "/page")).headers.get("x-page-cache")).toBe("hit");
    // Keys: what the page shows, and its own path.
    expect(cache.invalidate(["content:blog"])).toBe(1);
    expect(cache.size()).toBe(1);
    expect(cache.invalidate(["path:/data"])).toBe(1);
    expect(cache.size()).toBe(0);
    const after = await get(app, "/page");
    expect(await after.text()).toBe("<p>render 3</p>");
    expect(renders()).toBe(3);
  });

  it("does not keep a page whose render a write to what it shows overtook, and keeps one an unrelated write did", async () => {
    const cache = pageCache({ ttlMs: 60_000, policyFor });
    const app = new Hono();
    app.use(cache);
    let renders = 0;
    /** The render waits here, as one reading the database while a write commits elsewhere would. */
    let gate: Promise<void> = Promise.resolve();
    let reached = () => {};
    app.get("/page", async (c) => {
      const n = ++renders;
      reached();
      await gate;
      return c.html(`<p>render ${n}</p>`);
    });
    /** Starts a request and answers once its render is under way. */
    const slowRender = async () => {
      let open = () => {};
      gate = new Promise<void>((r) => {
        open = r;
      });
      const rendering = new Promise<void>((r) => {
        reached = r;
      });
      const answer = get(app, "/page");
      await rendering;
      return { answer, open };
    };

    // A write to what the page shows commits while it renders: served to this visitor, not kept.
    const first = await slowRender();
    cache.invalidate(["content:blog"]);
    first.open();
    expect(await (await first.answer).text()).toBe("<p>render 1</p>");
    expect(cache.size()).toBe(0);
    expect(await (await get(app, "/page")).text()).toBe("<p>render 2</p>");
    expect((await get(app, "/page")).headers.get("x-page-cache")).toBe("hit");

    // A write to something else, and one after the render ended, do not stop it being kept.
    cache.clear();
    const second = await slowRender();
    cache.invalidate(["number:hash-4law"]);
    second.open();
    expect(await (await second.answer).text()).toBe("<p>render 3</p>");
    expect(cache.size()).toBe(1);

    // Everything dropped while it renders (the signal was lost): not kept either.
    cache.invalidate(["path:/page"]);
    const third = await slowRender();
    cache.clear();
    third.open();
    await (await third.answer).text();
    expect(cache.size()).toBe(0);
    expect(renders).toBe(4);
  });

  it("keys by the query parameters the route reads and by known themes only, and bounds a path's variants", async () => {
    const { app, renders } = appWithCounter({ maxVariantsPerPath: 3 });
    // The cookie as the theme switch sets it (React Router serializes the value), not a bare word.
    const chose = async (theme: string) => (await themeCookie.serialize(theme)).split(";")[0]!;
    const dark = await chose("dark");
    expect(dark).not.toBe("pc_theme=dark");
    await get(app, "/page", { ...html, cookie: dark });
    await get(app, "/page", { ...html, cookie: await chose("light") });
    expect(renders()).toBe(2);
    // Parameters the route does not read, and a theme that is not one, do not make a new entry.
    expect((await get(app, "/page?x=7&utm=1", { ...html, cookie: dark })).headers.get("x-page-cache")).toBe("hit");
    expect((await get(app, "/page", { ...html, cookie: await chose("nonsense") })).headers.get("x-page-cache")).toBe(
      "miss",
    );
    expect((await get(app, "/page", { ...html, cookie: "pc_theme=other" })).headers.get("x-page-cache")).toBe("hit");
    expect((await get(app, "/page", { ...html, cookie: "pc_theme=dark" })).headers.get("x-page-cache")).toBe("hit");
    expect(renders()).toBe(3);
    // A parameter it reads does, up to the path's bound; past it, pages are served but not kept.
    await get(app, "/search?q=law");
    await get(app, "/search?q=help");
    await get(app, "/search?q=easy");
    expect((await get(app, "/search?q=law")).headers.get("x-page-cache")).toBe("hit");
    const beyond = await get(app, "/search?q=ssdi");
    expect(beyond.headers.get("x-page-cache")).toBeNull();
    expect((await get(app, "/search?q=ssdi")).headers.get("x-page-cache")).toBeNull();
    // The other paths still cache.
    expect((await get(app, "/data", { accept: "application/json" })).headers.get("x-page-cache")).toBe("miss");
  });

  it("always keeps the page itself, however many query variants came first, and lets expired ones make room", async () => {
    const { app, renders } = appWithCounter({ maxVariantsPerPath: 3, ttlMs: 50 });
    for (const q of ["a", "b", "c"]) await get(app, `/search?q=${q}`);
    expect((await get(app, "/search?q=d")).headers.get("x-page-cache")).toBeNull(); // full: served, not kept
    // The page without a query is not one of the bounded variants: junk searches cannot keep it out of the cache.
    expect((await get(app, "/search")).headers.get("x-page-cache")).toBe("miss");
    expect((await get(app, "/search")).headers.get("x-page-cache")).toBe("hit");
    // Once the junk has expired, new variants are kept again, even if nobody asked for the old ones since.
    await new Promise((r) => setTimeout(r, 60));
    expect((await get(app, "/search?q=law")).headers.get("x-page-cache")).toBe("miss");
    expect((await get(app, "/search?q=law")).headers.get("x-page-cache")).toBe("hit");
    expect(renders()).toBe(6);
  });
});

describe("the lifetime of a cached page", () => {
  it("renders afresh once it is over, and is the lifetime ADR 004 gives a cached page's nonce", async () => {
    const { app, renders } = appWithCounter({ ttlMs: 30 });
    await get(app, "/page");
    expect((await get(app, "/page")).headers.get("x-page-cache")).toBe("hit");
    await new Promise((r) => setTimeout(r, 40));
    expect((await get(app, "/page")).headers.get("x-page-cache")).toBe("miss");
    expect(renders()).toBe(2);
    const adr = readFileSync(new URL("../../docs/decisions/004-edge-security.md", import.meta.url), "utf8");
    const stated = /for at most the page cache's lifetime \((\d+) minutes/.exec(adr.replace(/\s+/g, " "))?.[1];
    expect(Number(stated) * 60_000).toBe(PAGE_CACHE_TTL_MS);
  });
});

describe("canonicalPagePath", () => {
  it("is the page's one path: lower case, escapes decoded and written as a URL writes them, no trailing slash", () => {
    expect(canonicalPagePath("/all-numbers")).toBe("/all-numbers");
    expect(canonicalPagePath("/All-Numbers/")).toBe("/all-numbers");
    expect(canonicalPagePath("/all%2Dnumbers")).toBe("/all-numbers");
    expect(canonicalPagePath("/NUMBER/HASH-4LAW/Georgia")).toBe("/number/hash-4law/georgia");
    expect(canonicalPagePath("/number/%23%34law")).toBe("/number/%234law");
    expect(canonicalPagePath("/")).toBe("/");
    expect(canonicalPagePath("/%E0%A4%A")).toBe("/%E0%A4%A"); // malformed: left as sent (the edge answers 400)
    for (const p of ["/All-Numbers/", "/number/%23%34LAW", "/p/4LAW/georgia"]) {
      expect(canonicalPagePath(canonicalPagePath(p))).toBe(canonicalPagePath(p));
    }
  });
});

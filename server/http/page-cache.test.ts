import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { pageCache } from "./page-cache.ts";

function appWithCounter() {
  let renders = 0;
  const cache = pageCache({
    ttlMs: 60_000,
    jsonPaths: ["/data"],
    bypass: (p) => p.startsWith("/dashboard"),
    tagsFor: (p) => (p === "/data" ? ["catalogue"] : ["catalogue", "content"]),
  });
  const app = new Hono();
  app.use(cache);
  app.get("/page", (c) => {
    renders++;
    return c.html(`<p>render ${renders}</p>`);
  });
  app.get("/dashboard", (c) => {
    renders++;
    return c.html("<p>private</p>");
  });
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
  app.get("/other-json", (c) => {
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
  it("serves the second anonymous request from memory", async () => {
    const { app, renders } = appWithCounter();
    const a = await get(app, "/page");
    const b = await get(app, "/page");
    expect(a.headers.get("x-page-cache")).toBe("miss");
    expect(b.headers.get("x-page-cache")).toBe("hit");
    expect(await b.text()).toBe("<p>render 1</p>");
    expect(renders()).toBe(1);
  });

  it("never caches for a signed-in visitor, a flash message, a bypassed path, a cookie or an error", async () => {
    const { app, renders } = appWithCounter();
    await get(app, "/page", { ...html, cookie: "better-auth.session_token=abc" });
    await get(app, "/page", { ...html, cookie: "better-auth.session_token=abc" });
    await get(app, "/page", { ...html, cookie: "pc_flash=xyz" });
    expect(renders()).toBe(3);
    await get(app, "/dashboard");
    await get(app, "/dashboard");
    await get(app, "/cookie");
    await get(app, "/cookie");
    await get(app, "/missing");
    await get(app, "/missing");
    expect(renders()).toBe(9);
  });

  it("is not emptied by writes: only an invalidation by tag drops entries", async () => {
    const { app, cache, renders } = appWithCounter();
    await get(app, "/page");
    await get(app, "/data", { accept: "application/json" });
    expect(cache.size()).toBe(2);
    // Any anonymous POST, accepted or refused, leaves the cache alone: it cannot be used to keep it cold.
    await app.request("/write", { method: "POST" });
    await app.request("/refused", { method: "POST" });
    expect(cache.size()).toBe(2);
    expect((await get(app, "/page")).headers.get("x-page-cache")).toBe("hit");
    // Tags: what the page shows, and its own path.
    expect(cache.invalidate(["content"])).toBe(1);
    expect(cache.size()).toBe(1);
    expect(cache.invalidate(["path:/data"])).toBe(1);
    expect(cache.size()).toBe(0);
    const after = await get(app, "/page");
    expect(await after.text()).toBe("<p>render 3</p>");
    expect(renders()).toBe(3);
  });

  it("keeps themes apart and caches only listed JSON paths", async () => {
    const { app, renders } = appWithCounter();
    await get(app, "/page", { ...html, cookie: "pc_theme=dark" });
    await get(app, "/page", { ...html, cookie: "pc_theme=light" });
    expect(renders()).toBe(2);
    await get(app, "/data", { accept: "application/json" });
    await get(app, "/data", { accept: "application/json" });
    expect(renders()).toBe(3);
    await get(app, "/other-json", { accept: "application/json" });
    await get(app, "/other-json", { accept: "application/json" });
    expect(renders()).toBe(5);
  });
});

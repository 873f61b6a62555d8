import http from "node:http";
import { brotliDecompressSync } from "node:zlib";
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";

test("home renders on the server, without JavaScript", async ({ browser, baseURL }) => {
  const ctx = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await ctx.newPage();
  const res = await page.goto("/");
  expect(res?.status()).toBe(200);
  expect(res?.headers()["content-encoding"]).toMatch(/gzip|br|deflate/);
  await expect(page).toHaveTitle(/PoundCodes/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Sign Up / Sign In" })).toHaveAttribute("href", "/login");
  await ctx.close();
});

test("pages come in brotli, and a cached page's length is that of the body sent, also once recompressed", async ({
  baseURL,
}) => {
  // Raw bytes: what a browser receives, length header included (a wrong one leaves it waiting for bytes never sent).
  const raw = (path: string) =>
    new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const req = http.get(
        new URL(path, baseURL),
        { headers: { accept: "text/html", "accept-encoding": "br" } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        },
      );
      req.setTimeout(10_000, () => req.destroy(new Error(`${path} never finished`)));
      req.on("error", reject);
    });
  // A page of its own in the cache: /faq reads `category`, so an unknown one is a new entry (other parameters are
  // ignored by the cache and would share /faq's, which other specs warm).
  const path = `/faq?category=${encodeURIComponent(`e2e compression ${Date.now()}`)}`;
  const first = await raw(path);
  expect(first.headers["content-encoding"]).toBe("br");
  // The cache recompresses what it keeps at brotli's best quality, off the request path.
  await expect(async () => {
    const hit = await raw(path);
    expect(hit.headers["x-page-cache"]).toBe("hit");
    expect(hit.body.length).toBeLessThan(first.body.length);
  }).toPass({ timeout: 10_000 });
  const hit = await raw(path);
  expect(Number(hit.headers["content-length"])).toBe(hit.body.length);
  expect(brotliDecompressSync(hit.body).toString()).toBe(brotliDecompressSync(first.body).toString());
});

test("forms work without JavaScript: errors come back with the typed values", async ({ browser, baseURL }) => {
  const ctx = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await ctx.newPage();
  await page.goto("/signup");
  await page.getByLabel("Full name").fill("No Script");
  await page.getByLabel("Email", { exact: true }).fill("noscript@example.com");
  await page.getByLabel("Password", { exact: true }).fill("12345");
  await page.getByLabel("Confirm password").fill("54321");
  await page.getByRole("button", { name: "Sign Up", exact: true }).click();
  await expect(page.getByText("Passwords do not match.")).toBeVisible();
  await expect(page.getByText("Password is too short. It must be at least 6 characters long.")).toBeVisible();
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue("noscript@example.com");
  await ctx.close();
});

test("the menu has the six spec links and is keyboard operable", async ({ page }) => {
  // The sheet's code is not part of the page: it is fetched when the button is first used.
  const fetched: string[] = [];
  page.on("request", (request) => fetched.push(request.url()));
  await page.goto("/", { waitUntil: "networkidle" });
  expect(fetched.filter((url) => url.includes("/menu-sheet-"))).toEqual([]);
  const button = page.getByRole("button", { name: "Open menu" });
  await button.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  expect(fetched.filter((url) => url.includes("/menu-sheet-"))).toHaveLength(1);
  await expect(dialog).toBeVisible();
  for (const [name, href] of [
    ["Home", "/"],
    ["About", "/about"],
    ["Products & Services", "/products-services"],
    ["Our Blog", "/blog"],
    ["Browse Numbers", "/all-numbers"],
    ["Contact", "/contact"],
  ]) {
    await expect(dialog.getByRole("link", { name: name!, exact: true })).toHaveAttribute("href", href!);
  }
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(button).toBeFocused();
  await expect(button).toHaveAttribute("aria-expanded", "false");
  // Pressed again, it opens at once (the code is loaded) and closes with its own button.
  await button.click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Close menu" }).click();
  await expect(dialog).toBeHidden();
});

test("footer lists the spec's links", async ({ page }) => {
  await page.goto("/");
  const footer = page.getByRole("contentinfo");
  for (const href of [
    "/about",
    "/team",
    "/blog",
    "/contact",
    "/faq",
    "/products-services#poundcodes",
    "/products-services#vanity-numbers",
    "/products-services#marketing-tools",
    "/services/instant-caller-data-enrich",
    "/services#priority",
    "/services#crm",
    "/licensing/by-state",
    "/licensing/by-state-category",
    "/licensing/by-state-keyword",
    "/privacy",
    "/terms",
    "/terms-of-use",
    "/disclaimers",
    "/legal/adjunct-marketing-agreement",
    "/virtual-pbx-features",
  ]) {
    await expect(footer.locator(`a[href="${href}"]`).first()).toBeVisible();
  }
});

test("unknown pages answer 404 with a real page", async ({ page }) => {
  const res = await page.goto("/no-such-page-here");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(/not found/i);
  await expect(page.getByRole("link", { name: /home/i }).first()).toBeVisible();
});

test("theme toggle switches to dark and persists", async ({ page }) => {
  await page.goto("/");
  const html = page.locator("html");
  const wasDark = (await html.getAttribute("class"))?.includes("dark") ?? false;
  await page.getByRole("button", { name: wasDark ? "Switch to light theme" : "Switch to dark theme" }).click();
  await expect(html).toHaveClass(wasDark ? /light/ : /dark/);
  await page.reload();
  await expect(html).toHaveClass(wasDark ? /light/ : /dark/);
});

test("theme showcase presents the design system", async ({ page }) => {
  await page.goto("/theme-showcase");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("button").first()).toBeVisible();
});

test("every public page passes axe accessibility checks", async ({ page, request }) => {
  test.setTimeout(240_000);
  // Entrance animations fade text in; measure contrast on the settled page, as a reader sees it.
  await page.emulateMedia({ reducedMotion: "reduce" });
  // One page of each kind: every fixed page in the sitemap, one of each dynamic kind, and the forms.
  const locs = [...(await (await request.get("/sitemap.xml")).text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map(
    (m) => new URL(m[1]!).pathname,
  );
  const firstOf = (prefix: string) => locs.find((p) => p.startsWith(prefix) && p !== prefix.replace(/\/$/, ""));
  const fixed = locs.filter((p) => !/^\/(number|blog|support-topics|p)\//.test(p));
  const paths = [
    ...fixed,
    ...["/number/", "/blog/", "/support-topics/", "/p/"].map(firstOf).filter((p): p is string => Boolean(p)),
    "/login",
    "/signup",
    "/number/hash-4law/east-texas",
  ];
  expect(paths.length).toBeGreaterThan(25);
  for (const path of paths) {
    await page.goto(path);
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
    expect(results.violations.map((v) => `${path}: ${v.id} (${v.nodes.length})`)).toEqual([]);
  }
});

test("robots.txt, health, readiness, and no metrics without their token", async ({ request }) => {
  const robots = await request.get("/robots.txt");
  expect(robots.status()).toBe(200);
  expect(await robots.text()).toContain("Disallow: /admin");
  const health = await request.get("/api/health");
  expect(await health.json()).toEqual({ status: "ok" });
  const ready = await request.get("/api/ready");
  expect(ready.status()).toBe(200);
  expect(await ready.json()).toEqual({ status: "ready" });
  // The test server sets no METRICS_TOKEN: /metrics does not exist.
  expect((await request.get("/metrics", { headers: { authorization: "Bearer anything-at-all-1234" } })).status()).toBe(
    404,
  );
});

test("cross-site form posts are refused", async ({ request, baseURL }) => {
  const evil = await request.post("/login", {
    form: { intent: "login", email: "demo@poundcodes.test", password: "demo-password-2026" },
    headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
    maxRedirects: 0,
  });
  expect(evil.status()).toBe(403);
  const same = await request.post("/login", {
    form: { intent: "login", email: "demo@poundcodes.test", password: "wrong" },
    headers: { origin: new URL(baseURL!).origin },
    maxRedirects: 0,
  });
  expect(same.status()).toBe(401);
});

test("static assets are content-hashed, immutable and precompressed", async ({ page, request }) => {
  const scripts: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/assets/") && r.url().endsWith(".js")) scripts.push(new URL(r.url()).pathname);
  });
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  expect(scripts.length).toBeGreaterThan(0);
  // Files under 1 KB are not worth compressing (the build precompresses the rest): check the largest script.
  const sizes = await Promise.all(
    scripts.map(async (path) => ({
      path,
      size: (await (await request.get(path, { headers: { "accept-encoding": "identity" } })).body()).length,
    })),
  );
  const largest = sizes.sort((a, b) => b.size - a.size)[0]!;
  expect(largest.size).toBeGreaterThan(1024);
  const res = await request.get(largest.path, { headers: { "accept-encoding": "br, gzip" } });
  expect(res.status()).toBe(200);
  expect(res.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(res.headers()["content-encoding"]).toBe("br");
});

test("the routes come in one cached manifest: no page carries its own, no endpoint works one out", async ({
  page,
  request,
}) => {
  for (const path of ["/", "/contact"]) {
    const html = await (await request.get(path, { headers: { cookie: "pc_flash=uncached" } })).text();
    expect(html).not.toContain("window.__reactRouterManifest =");
    const manifest = /\/assets\/manifest-[\w-]+\.js/.exec(html)?.[0];
    expect(manifest).toBeTruthy();
    const res = await request.get(manifest!, { headers: { "accept-encoding": "br" } });
    expect(res.status()).toBe(200);
    expect(res.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  }
  expect((await request.get("/__manifest?paths=%2Fadmin&version=0")).status()).toBe(404);
  // Links still navigate in the browser: from the home page to the contact page, without a reload.
  await page.goto("/");
  await page.evaluate(() => {
    (window as Window & { stayed?: boolean }).stayed = true;
  });
  await page.getByRole("contentinfo").getByRole("link", { name: "Contact", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Contact Us" })).toBeVisible();
  expect(await page.evaluate(() => (window as Window & { stayed?: boolean }).stayed)).toBe(true);
});

test("hostile input gets a clear 4xx, never a 500", async ({ request, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  // A NUL byte in the URL.
  expect((await request.get("/number/%00")).status()).toBe(400);
  expect((await request.get("/resources/territories?number=%00")).status()).toBe(400);
  // A NUL byte in a form field is removed, the rest validated as usual.
  const nul = await request.post("/resources/reserve", {
    form: { territoryId: "not-a-uuid", name: "A\u0000B", email: "x@example.com", phone: "123" },
    headers: { origin },
  });
  expect(nul.status()).toBeLessThan(500);
  // Not a form at all.
  const json = await request.post("/resources/theme", { data: { theme: "dark" }, headers: { origin } });
  expect(json.status()).toBeLessThan(500);
  // Oversized bodies are refused before they are read into memory: 413, or the connection closed on the sender
  // (the server answers without reading the rest of the upload).
  const big = await request
    .post("/resources/reserve", { form: { name: "x".repeat(2 * 1024 * 1024) }, headers: { origin } })
    .then((r) => r.status())
    .catch((e: Error) => (/ECONNRESET|EPIPE|socket hang up/.test(e.message) ? 413 : 0));
  expect(big).toBe(413);
});

test("the login redirect never leaves the site, and Better Auth's own sign-in endpoint is closed", async ({
  request,
  baseURL,
}) => {
  const origin = new URL(baseURL!).origin;
  const res = await request.post("/login", {
    form: {
      intent: "login",
      email: "demo@poundcodes.test",
      password: "demo-password-2026",
      redirectTo: "/\t/evil.example",
    },
    headers: { origin },
    maxRedirects: 0,
  });
  expect(res.status()).toBe(302);
  expect(res.headers().location).toBe("/dashboard");
  const direct = await request.post("/api/auth/sign-in/email", {
    data: { email: "demo@poundcodes.test", password: "x" },
    headers: { origin },
  });
  expect(direct.status()).toBe(404);
});

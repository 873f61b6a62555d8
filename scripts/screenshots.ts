/**
 * Screenshots of pages at phone (390 px) and desktop (1440 px) widths, light and dark, in Debian's Chromium.
 *
 * Usage:
 * - `npm run screenshots -- --all [base] [outDir]`: every screen of the product, as each actor sees it — the public
 *   pages as a visitor, the portal as the demo licensee, the admin area as an administrator (ADMIN_EMAIL /
 *   ADMIN_PASSWORD, default the demo's) — into `outDir` (default `screenshots/`, ignored by git) with an
 *   `index.html` to page through them.
 * - `npm run screenshots -- http://localhost:3000 /tmp/shots / /login /all-numbers`: the pages named.
 *   Optional: SHOTS_LOGIN="email:password" signs in first (for /dashboard and /admin pages).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { type BrowserContext, chromium } from "@playwright/test";
import { ADMIN_NAV_GROUPS, PORTAL_NAV_GROUPS } from "#app/components/area/nav-groups.ts";
import { CHROMIUM_ARGS, chromiumPath } from "#tests/e2e/support/browser.ts";

type Actor = { name: string; login?: string; paths: string[] };

const PUBLIC_PATHS = [
  "/",
  "/all-numbers",
  "/number/hash-4law",
  "/number/hash-4law/georgia",
  "/products-services",
  "/p/4law/georgia",
  "/blog",
  "/faq",
  "/support-topics",
  "/about",
  "/contact",
  "/login",
  "/signup",
  "/no-such-page",
];
const navPaths = (groups: typeof ADMIN_NAV_GROUPS) => groups.flatMap((g) => g.items.map((i) => i.to));

const args = process.argv.slice(2);
const all = args[0] === "--all";
const [base = "http://localhost:3000", outDir = all ? "screenshots" : "/tmp/shots", ...named] = all
  ? args.slice(1)
  : args;
const actors: Actor[] = all
  ? [
      { name: "visitor", paths: PUBLIC_PATHS },
      { name: "licensee", login: "demo@poundcodes.test:demo-password-2026", paths: navPaths(PORTAL_NAV_GROUPS) },
      {
        name: "admin",
        login: `${process.env.ADMIN_EMAIL ?? "admin@poundcodes.test"}:${process.env.ADMIN_PASSWORD ?? "admin-password-2026"}`,
        paths: navPaths(ADMIN_NAV_GROUPS),
      },
    ]
  : [{ name: "", login: process.env.SHOTS_LOGIN, paths: named.length ? named : ["/"] }];

async function signIn(context: BrowserContext, login: string) {
  const [email, password] = login.split(":");
  const page = await context.newPage();
  await page.goto("/login");
  await page.getByLabel("Email", { exact: true }).fill(email!);
  await page.getByLabel("Password").fill(password!);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await page.waitForURL((u) => !u.pathname.startsWith("/login"));
  return page;
}

mkdirSync(outDir, { recursive: true });
const shots: { actor: string; path: string; file: string; width: number; scheme: string }[] = [];
const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
for (const actor of actors) {
  for (const scheme of ["light", "dark"] as const) {
    for (const width of [390, 1440]) {
      const context = await browser.newContext({
        viewport: { width, height: 900 },
        colorScheme: scheme,
        baseURL: base,
      });
      const page = actor.login ? await signIn(context, actor.login) : await context.newPage();
      for (const p of actor.paths) {
        await page.goto(p, { waitUntil: "networkidle" });
        await page.waitForTimeout(all ? 600 : 1800); // let entrance animations settle
        const slug = p.replace(/[^a-z0-9]+/gi, "_").replace(/^_|_$/g, "") || "home";
        const file = `${actor.name ? `${actor.name}-` : ""}${slug}-${width}-${scheme}.png`;
        await page.screenshot({ path: path.join(outDir, file), fullPage: true });
        shots.push({ actor: actor.name, path: p, file, width, scheme });
        console.log(path.join(outDir, file));
      }
      await context.close();
    }
  }
}
await browser.close();

if (all) {
  const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");
  const rows = actors
    .flatMap((a) =>
      a.paths.map((p) => {
        const cells = shots
          .filter((s) => s.actor === a.name && s.path === p)
          .map(
            (s) =>
              `<figure><a href="${s.file}"><img loading="lazy" src="${s.file}" alt="${esc(`${p} at ${s.width} px, ${s.scheme}`)}"></a><figcaption>${s.width} px · ${s.scheme}</figcaption></figure>`,
          )
          .join("");
        return `<section><h2>${esc(a.name)} · <code>${esc(p)}</code></h2><div class="row">${cells}</div></section>`;
      }),
    )
    .join("\n");
  writeFileSync(
    path.join(outDir, "index.html"),
    `<!doctype html><meta charset="utf-8"><title>PoundCodes screens</title><style>body{font:14px system-ui;margin:24px;background:#f7f9fd}h2{font-size:15px;margin:28px 0 8px}.row{display:flex;gap:12px;align-items:flex-start;overflow-x:auto}figure{margin:0}img{display:block;max-height:420px;border:1px solid #dde4f0}figcaption{color:#4a5877;margin-top:4px}</style><h1>PoundCodes: every screen, ${shots.length} shots</h1>\n${rows}\n`,
  );
  console.log(path.join(outDir, "index.html"));
}

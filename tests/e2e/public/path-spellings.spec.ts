import { expect, test } from "@playwright/test";
import { testClientAddress } from "../support/helpers.ts";

/**
 * The router takes a path in any letter case, with a trailing slash or escaped letters: every such spelling meets the
 * same edge rules, and a cacheable page answers under one address only (ADR 020). Against the production build,
 * where the page cache runs.
 */

const html = { accept: "text/html" };

test("another spelling of a public page is sent to its one address, and only that address is cached", async ({
  request,
}) => {
  for (const [from, to] of [
    ["/ALL-NUMBERS", "/all-numbers"],
    ["/All-Numbers/?q=law", "/all-numbers?q=law"],
    ["/abou%74", "/about"],
  ] as const) {
    const res = await request.get(from, { headers: html, maxRedirects: 0 });
    expect(res.status(), from).toBe(301);
    expect(res.headers().location, from).toBe(to);
  }
  await request.get("/about", { headers: html });
  expect((await request.get("/about", { headers: html })).headers()["x-page-cache"]).toBe("hit");
  // A page that declares nothing is never kept, in any spelling.
  for (let i = 0; i < 2; i++) {
    const res = await request.get("/NEWSLETTER/confirm?token=not-a-token", { headers: html, maxRedirects: 0 });
    expect(res.headers()["x-page-cache"]).toBeUndefined();
  }
});

test("the theme switch's rate limit holds however its path is written", async ({ request, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  const visitor = { origin, "x-forwarded-for": testClientAddress() };
  const spellings = ["/Resources/theme", "/RESOURCES/THEME", "/resources/theme/", "/resources/%74heme"];
  const statuses: number[] = [];
  for (let i = 0; i < 31; i++) {
    const res = await request.post(spellings[i % spellings.length]!, {
      form: { theme: "dark" },
      headers: visitor,
      maxRedirects: 0,
    });
    statuses.push(res.status());
  }
  expect(statuses.slice(0, 30).every((s) => s < 400)).toBe(true);
  expect(statuses.at(-1)).toBe(429);
});

test("an upload to the profile in another letter case gets the upload limit, not the form limit", async ({
  request,
  baseURL,
}) => {
  const origin = new URL(baseURL!).origin;
  const res = await request.post("/DASHBOARD/PROFILE", {
    multipart: {
      intent: "avatar",
      file: { name: "avatar.png", mimeType: "image/png", buffer: Buffer.alloc(2 * 1024 * 1024) },
    },
    headers: { origin },
    maxRedirects: 0,
  });
  // Anonymous, so the portal's guard answers; the body limit did not (1 MB for forms would answer 413).
  expect(res.status()).not.toBe(413);
});

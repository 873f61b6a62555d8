import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { cacheable } from "../web/page-cache.ts";
import { compression, keptEncoding, negotiateEncoding } from "./compression.ts";
import { pageCache } from "./page-cache.ts";

const PAGE = `<!DOCTYPE html><html><body>${'<p class="text-sm text-navy-200">A memorable number.</p>'.repeat(400)}</body></html>`;

function app() {
  const a = new Hono();
  a.use(compression());
  a.get("/page", (c) => c.html(PAGE));
  a.get("/tiny", (c) => c.body("<p>hi</p>", 200, { "content-type": "text/html", "content-length": "9" }));
  a.get("/events", (c) => c.body("data: x\n\n".repeat(400), 200, { "content-type": "text/event-stream" }));
  a.get("/no-transform", (c) => c.html(PAGE, 200, { "cache-control": "no-transform" }));
  a.get("/png", (c) => c.body(new Uint8Array(4096), 200, { "content-type": "image/png" }));
  return a;
}

const bytes = async (res: Response) => Buffer.from(await res.arrayBuffer());
/** The page as the middleware compresses it on each response (the fast settings). */
const compressedBy = async (encoding: "br" | "gzip") =>
  bytes(await app().request("/page", { headers: { "accept-encoding": encoding } }));

describe("negotiateEncoding", () => {
  it("prefers brotli, then gzip, and honours q=0 and the wildcard", () => {
    expect(negotiateEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(negotiateEncoding("gzip, deflate")).toBe("gzip");
    expect(negotiateEncoding("br;q=0, gzip;q=0.5")).toBe("gzip");
    expect(negotiateEncoding("*")).toBe("br");
    expect(negotiateEncoding("*;q=0, identity")).toBe("identity");
    expect(negotiateEncoding("")).toBe("identity");
    expect(negotiateEncoding(null)).toBe("identity");
    expect(negotiateEncoding("deflate")).toBe("identity");
  });
});

describe("compression", () => {
  it("answers brotli to a browser that accepts it, gzip to one that does not, and the same page either way", async () => {
    const br = await app().request("/page", { headers: { "accept-encoding": "gzip, deflate, br, zstd" } });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("vary")).toMatch(/accept-encoding/i);
    const brBody = await bytes(br);
    // A page is compressed whole, so its length is known.
    expect(br.headers.get("content-length")).toBe(String(brBody.length));
    expect(brotliDecompressSync(brBody).toString()).toBe(PAGE);

    const gz = await app().request("/page", { headers: { "accept-encoding": "gzip" } });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    const gzBody = await bytes(gz);
    expect(gunzipSync(gzBody).toString()).toBe(PAGE);
    expect(brBody.length).toBeLessThan(PAGE.length / 10);

    const plain = await app().request("/page");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toBe(PAGE);
  });

  it("leaves alone bodies known to be small, event streams, no-transform responses and binary types", async () => {
    const headers = { "accept-encoding": "br, gzip" };
    for (const path of ["/tiny", "/events", "/no-transform", "/png"]) {
      const res = await app().request(path, { headers });
      expect(res.headers.get("content-encoding"), path).toBeNull();
      expect((await bytes(res)).length, path).toBeGreaterThan(0);
    }
  });

  it("the page cache keeps one entry per encoding and, for brotli, recompresses it at the best quality", async () => {
    let renders = 0;
    const a = new Hono();
    a.use(pageCache({ ttlMs: 60_000, policyFor: () => ({ policy: cacheable(), params: {} }) }));
    a.use(compression());
    a.get("/page", (c) => {
      renders++;
      return c.html(PAGE);
    });
    const get = (enc: string) => a.request("/page", { headers: { accept: "text/html", "accept-encoding": enc } });

    const first = await get("br");
    expect(first.headers.get("x-page-cache")).toBe("miss");
    const firstBody = await bytes(first);
    // The best-quality recompression runs in the thread pool; the entry is replaced once it is done.
    let later = firstBody;
    for (let i = 0; i < 100 && later.length >= firstBody.length; i++) {
      await new Promise((r) => setTimeout(r, 20));
      const hit = await get("br");
      expect(hit.headers.get("x-page-cache")).toBe("hit");
      later = await bytes(hit);
    }
    expect(later.length).toBeLessThan(firstBody.length);
    expect(brotliDecompressSync(later).toString()).toBe(PAGE);
    // The length sent is the recompressed body's, not the first one's (a browser would wait for the missing bytes).
    const again = await get("br");
    expect(again.headers.get("content-length")).toBe(String(later.length));
    expect(first.headers.get("content-length")).toBe(String(firstBody.length));

    // A gzip-only client never gets the brotli entry, and an identity client gets plain text.
    const gz = await get("gzip");
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(await bytes(gz)).toString()).toBe(PAGE);
    const plain = await get("identity");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toBe(PAGE);
    expect(renders).toBe(3);
  });
});

describe("keptEncoding (a kept document sent many times)", () => {
  it("compresses a text once per owner, name and encoding, and again once its owner is replaced", async () => {
    const owner = { root: PAGE };
    const br = keptEncoding(owner, "root", PAGE, "br");
    const gzip = keptEncoding(owner, "root", PAGE, "gzip");
    expect(br.encoding).toBe("br");
    expect(gzip.encoding).toBe("gzip");
    expect(brotliDecompressSync(await br.bytes).toString()).toBe(PAGE);
    expect(gunzipSync(await gzip.bytes).toString()).toBe(PAGE);
    // The next requests get the very bytes made for the first, at the best compression.
    expect(keptEncoding(owner, "root", PAGE, "br").bytes).toBe(br.bytes);
    expect(keptEncoding(owner, "root", PAGE, "gzip").bytes).toBe(gzip.bytes);
    const fast = await compressedBy("br");
    expect((await br.bytes).byteLength).toBeLessThan(fast.byteLength);
    // Another text of the same owner, and the same name in a new owner (a write replaced the read model), are new.
    expect(keptEncoding(owner, "part 1", PAGE, "br").bytes).not.toBe(br.bytes);
    expect(keptEncoding({ root: PAGE }, "root", PAGE, "br").bytes).not.toBe(br.bytes);
  });

  it("sends a small text, or one to a client that accepts no encoding, as it is", async () => {
    const owner = {};
    for (const [text, encoding] of [
      ["<urlset/>", "br"],
      [PAGE, "identity"],
    ] as const) {
      const kept = keptEncoding(owner, text, text, encoding);
      expect(kept.encoding).toBe("identity");
      expect(Buffer.from(await kept.bytes).toString()).toBe(text);
    }
  });
});

describe("compression of a streamed body (a CSV export)", () => {
  it("sends the first part before the rest is produced, and reads no further once the client goes away", async () => {
    let release: () => void = () => {};
    const later = new Promise<void>((r) => {
      release = r;
    });
    let pulls = 0;
    const a = new Hono();
    a.use(compression());
    a.get("/stream", () => {
      let step = 0;
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          pulls++;
          step++;
          if (step === 1) controller.enqueue(new TextEncoder().encode(`<header>${"shell ".repeat(300)}</header>`));
          else {
            // Then an endless page, once released: whoever keeps reading it never stops.
            await later;
            controller.enqueue(new TextEncoder().encode("<p>more</p>".repeat(100)));
          }
        },
      });
      return new Response(body, { headers: { "content-type": "text/csv" } });
    });
    const res = await a.request("/stream", { headers: { "accept-encoding": "br" } });
    const reader = res.body!.getReader();
    // The shell arrives (decodable on its own) while the data is still pending.
    const first = await reader.read();
    expect(first.done).toBe(false);
    const { BrotliDecompress } = await import("node:zlib").then((z) => ({
      BrotliDecompress: z.createBrotliDecompress,
    }));
    const d = BrotliDecompress();
    const out: Buffer[] = [];
    d.on("data", (c: Buffer) => out.push(c));
    d.write(first.value);
    await new Promise((r) => setTimeout(r, 20));
    expect(Buffer.concat(out).toString()).toContain("<header>shell");
    // The client leaves: the page's stream is not read any further.
    const pulled = pulls;
    await reader.cancel();
    release();
    await new Promise((r) => setTimeout(r, 100));
    // The read in flight completes; nothing is read after it.
    expect(pulls).toBeLessThanOrEqual(pulled + 2);
  });
});

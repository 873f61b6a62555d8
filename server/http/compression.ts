/**
 * Response compression for what the server renders (pages, loader data, JSON): brotli for browsers that accept it,
 * gzip for the rest, both at fast settings, since this runs on every page the cache cannot serve: brotli quality 4 and
 * gzip level 3. Measured on the 97 KB home page: brotli 5 → 4 took 0.78 → 0.50 ms for 13.9 → 14.7 KB, gzip 6 → 3
 * 0.65 → 0.33 ms for 16.3 → 17.7 KB; on the 84 KB /admin/territories, gzip 6 → 3 0.45 → 0.12 ms for 10.6 → 11.7 KB.
 * The page cache recompresses what it keeps at brotli's best quality off the request path ({@link recompressBest}).
 *
 * Pages, loader data and JSON are compressed whole, in one call in libuv's thread pool: no route streams deferred
 * data, and compressing React's stream chunk by chunk cost ten times as much (7.9 ms for the 54 KB dashboard in
 * brotli, 3.8 ms in gzip, against 0.8 ms whole), a third of a signed-in page's time. Anything else compressible
 * (a CSV export) is compressed as it streams.
 *
 * A document a read model keeps and many requests send as it is (the sitemap) is compressed once per encoding, at the
 * best settings, and the route answers with those bytes ({@link keptEncoding}); this middleware leaves them alone.
 *
 * Static assets are not compressed here: they are precompressed at build time (scripts/compress-assets.ts).
 * Node's zlib does the work; Hono's own middleware offers only gzip and deflate.
 */
import { pipeline, Readable } from "node:stream";
import { promisify } from "node:util";
import { brotliCompress, brotliDecompress, constants, createBrotliCompress, createGzip, gzip } from "node:zlib";
import type { MiddlewareHandler } from "hono";
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from "hono/utils/compress";

export type Encoding = "br" | "gzip" | "identity";

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Bodies under this many bytes are sent as they are (compression would not save a packet). */
const THRESHOLD = 1024;
/** What is compressed whole: pages, React Router's loader data (text/x-script) and JSON. */
const WHOLE = /^\s*(?:text\/html|text\/x-script|application\/json)\b/i;
const FAST_BROTLI = {
  [constants.BROTLI_PARAM_QUALITY]: 4,
  [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
};
const FAST_GZIP = { level: 3 };
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;

/** The encoding to answer a request with: brotli when accepted, else gzip, else none. `q=0` refuses one. */
export function negotiateEncoding(acceptEncoding: string | null | undefined): Encoding {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? "").split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get("*") ?? 0) > 0;
  if (ok("br")) return "br";
  if (ok("gzip")) return "gzip";
  return "identity";
}

/**
 * A body compressed as it streams (a CSV export). What the source writes in one go is compressed together and
 * flushed once it pauses (the next turn of the event loop), so the first part leaves before the rest is produced,
 * without a flush (and a socket write) per chunk.
 */
function compressStream(body: ReadableStream<Uint8Array>, encoding: Exclude<Encoding, "identity">) {
  const z = encoding === "br" ? createBrotliCompress({ params: FAST_BROTLI }) : createGzip(FAST_GZIP);
  const flushKind = encoding === "br" ? constants.BROTLI_OPERATION_FLUSH : constants.Z_SYNC_FLUSH;
  let flushing = false;
  const flushSoon = () => {
    if (flushing) return;
    flushing = true;
    setImmediate(() => {
      flushing = false;
      if (!z.writableEnded && !z.destroyed) z.flush(flushKind);
    });
  };
  const source = Readable.fromWeb(body as import("node:stream/web").ReadableStream<Uint8Array>);
  source.on("data", flushSoon);
  // Either side failing or going away (the client disconnects) ends both: the page's stream is cancelled.
  pipeline(source, z, () => {});
  return Readable.toWeb(z) as ReadableStream<Uint8Array>;
}

const BEST_BROTLI = {
  [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
  [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
};
const BEST_GZIP = { level: 9 };

/** A whole body in `encoding`, in libuv's thread pool: at the fast settings, or the best for a body sent many times. */
async function compressWhole(
  plain: Uint8Array,
  encoding: "br" | "gzip",
  best = false,
): Promise<Uint8Array<ArrayBuffer>> {
  const packed =
    encoding === "br"
      ? await brotliAsync(plain, {
          params: { ...(best ? BEST_BROTLI : FAST_BROTLI), [constants.BROTLI_PARAM_SIZE_HINT]: plain.byteLength },
        })
      : await gzipAsync(plain, best ? BEST_GZIP : FAST_GZIP);
  return new Uint8Array(packed.buffer as ArrayBuffer, packed.byteOffset, packed.byteLength);
}

const keptEncodings = new WeakMap<object, Map<string, Promise<Uint8Array<ArrayBuffer>>>>();

/**
 * A text kept and sent many times as it is (a read model's document, such as the sitemap) in `encoding`: each
 * encoding is made once, at its best compression, by the first request that asks for it, instead of on every
 * response. `owner` is the object the text is kept in and `name` the text's name in it: once the owner is dropped
 * (a write replaced the read model), so are its encodings. Texts under {@link THRESHOLD} bytes are sent as they are.
 */
export function keptEncoding(
  owner: object,
  name: string,
  text: string,
  encoding: Encoding,
): { encoding: Encoding; bytes: Promise<Uint8Array<ArrayBuffer>> } {
  if (encoding === "identity" || (text.length < THRESHOLD && Buffer.byteLength(text, "utf8") < THRESHOLD)) {
    return { encoding: "identity", bytes: Promise.resolve(Buffer.from(text, "utf8")) };
  }
  let byName = keptEncodings.get(owner);
  if (!byName) {
    byName = new Map();
    keptEncodings.set(owner, byName);
  }
  const key = `${encoding}:${name}`;
  let bytes = byName.get(key);
  if (!bytes) {
    bytes = compressWhole(Buffer.from(text, "utf8"), encoding, true);
    // A failure is not kept: the next request tries again.
    bytes.catch(() => byName.delete(key));
    byName.set(key, bytes);
  }
  return { encoding, bytes };
}

/** Compresses compressible responses of at least {@link THRESHOLD} bytes in the encoding the request accepts. */
export function compression(): MiddlewareHandler {
  return async function compression(c, next) {
    await next();
    const res = c.res;
    const length = res.headers.get("content-length");
    const type = res.headers.get("content-type") ?? "";
    if (
      !res.body ||
      c.req.method === "HEAD" ||
      res.status === 204 ||
      res.status === 206 ||
      res.headers.has("content-encoding") ||
      (length !== null && Number(length) < THRESHOLD) ||
      !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type) ||
      type.startsWith("text/event-stream") ||
      NO_TRANSFORM.test(res.headers.get("cache-control") ?? "")
    ) {
      return;
    }
    const vary = res.headers.get("vary");
    if (vary !== "*" && !/(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary ?? "")) {
      res.headers.set("vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
    }
    const encoding = negotiateEncoding(c.req.header("accept-encoding"));
    if (encoding === "identity") return;
    if (WHOLE.test(type)) {
      const plain = new Uint8Array(await res.arrayBuffer());
      if (plain.byteLength < THRESHOLD) {
        c.res = new Response(plain, res);
        return;
      }
      const packed = await compressWhole(plain, encoding);
      c.res = new Response(packed, res);
      c.res.headers.set("content-length", String(packed.byteLength));
    } else {
      c.res = new Response(compressStream(res.body, encoding), res);
      c.res.headers.delete("content-length");
    }
    c.res.headers.set("content-encoding", encoding);
    const etag = c.res.headers.get("etag");
    if (etag && !etag.startsWith("W/")) c.res.headers.set("etag", `W/${etag}`);
  };
}

const unbrotliAsync = promisify(brotliDecompress);

/**
 * A brotli body recompressed at the best quality (11), for bodies kept and sent many times (the page cache). Runs
 * in libuv's thread pool, so the ~70 ms it takes on a 100 KB page never blocks a request.
 */
export async function recompressBest(body: ArrayBuffer): Promise<ArrayBuffer> {
  const plain = await unbrotliAsync(new Uint8Array(body));
  const best = await compressWhole(plain, "br", true);
  return best.buffer.slice(best.byteOffset, best.byteOffset + best.byteLength) as ArrayBuffer;
}

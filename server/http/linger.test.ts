import { createServer, type RequestListener, type Server } from "node:http";
import { connect } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { afterEach, describe, expect, it } from "vitest";
import { lingerOnUnreadBodies } from "./linger.ts";

/**
 * A body refused before it is read (413 from its Content-Length, server/http/linger.ts): the client gets the answer
 * however slowly it sends, because the server goes on reading and discarding instead of resetting the connection.
 */

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  server?.close();
  server = undefined;
});

const connections = () => new Promise<number>((r, j) => server!.getConnections((e, n) => (e ? j(e) : r(n))));

/** The production stack in small: Hono's Node adapter and its body limit, 1 KB here. */
async function serve(wrap: (l: RequestListener) => RequestListener) {
  const app = new Hono();
  app.use(bodyLimit({ maxSize: 1024, onError: (c) => c.text("Payload Too Large", 413) }));
  app.post("/", async (c) => c.text(`read ${(await c.req.text()).length}`));
  server = createServer(wrap(getRequestListener(app.fetch)));
  await new Promise<void>((r) => server!.listen(0, "127.0.0.1", r));
  return (server.address() as { port: number }).port;
}

/**
 * Sends `total` bytes of body in 64 KB pieces, `gapMs` apart, and reads nothing until it has sent them all (a client
 * busy writing, as a loaded test runner is); then reads what came back. Resolves with what it read and the first
 * error, if any.
 */
function slowUpload(
  port: number,
  total: number,
  gapMs: number,
  opts: { keepAlive?: boolean } = {},
): Promise<{ text: string; error?: string; ms: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    // Half-open allowed: the server's end of the connection does not end the client's sending.
    const socket = connect({ port, host: "127.0.0.1", allowHalfOpen: true });
    const chunks: Buffer[] = [];
    let error: string | undefined;
    socket.pause();
    socket.on("data", (c: Buffer) => chunks.push(c));
    socket.on("error", (e: NodeJS.ErrnoException) => {
      error ??= e.code ?? e.message;
    });
    socket.on("close", () =>
      resolve({ text: Buffer.concat(chunks).toString("latin1"), error, ms: performance.now() - started }),
    );
    const connection = opts.keepAlive ? "" : "Connection: close\r\n";
    socket.write(
      `POST / HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: ${total}\r\n${connection}\r\n`,
    );
    const piece = Buffer.alloc(64 * 1024, "x");
    let sent = 0;
    const next = () => {
      if (socket.destroyed) return;
      if (sent >= total) {
        socket.resume();
        socket.end();
        return;
      }
      const n = Math.min(piece.length, total - sent);
      sent += n;
      socket.write(n === piece.length ? piece : piece.subarray(0, n), () => setTimeout(next, gapMs));
    };
    next();
  });
}

/**
 * Headers announcing 2 MB and 64 KB of body, then 1 KB every `everyMs` (never, for 0) without ever ending: resolves
 * with the answer once the server has let go of the connection, and how long that took.
 */
async function trickle(port: number, everyMs: number): Promise<{ text: string; ms: number }> {
  const started = performance.now();
  const socket = connect({ port, host: "127.0.0.1", allowHalfOpen: true });
  let text = "";
  socket.on("data", (c: Buffer) => {
    text += c.toString("latin1");
  });
  socket.on("error", () => {});
  socket.write(`POST / HTTP/1.1\r\nHost: x\r\nContent-Length: ${2 * 1024 * 1024}\r\n\r\n`);
  socket.write(Buffer.alloc(64 * 1024, "x"));
  const timer = everyMs > 0 ? setInterval(() => socket.write(Buffer.alloc(1024, "x")), everyMs) : undefined;
  await expect.poll(() => text).toMatch(/^HTTP\/1\.1 413 /);
  await expect.poll(connections, { timeout: 5_000, interval: 20 }).toBe(0);
  const ms = performance.now() - started;
  clearInterval(timer);
  socket.destroy();
  return { text, ms };
}

describe("a refused body", () => {
  it("is answered 413 to a client that takes its time sending it", async () => {
    const port = await serve((l) => lingerOnUnreadBodies(l));
    // 1 MB over about 0.8 s, the answer read only once all is sent.
    for (const keepAlive of [false, true]) {
      const res = await slowUpload(port, 1024 * 1024, 50, { keepAlive });
      expect(res.error, `keep-alive ${keepAlive}`).toBeUndefined();
      expect(res.text).toMatch(/^HTTP\/1\.1 413 /);
      expect(res.text).toContain("Payload Too Large");
    }
  });

  it("without lingering, the same client loses the answer (the case this guards)", async () => {
    const port = await serve((l) => l);
    // Node closes at once for `Connection: close`; Hono's adapter after 500 ms otherwise.
    for (const keepAlive of [false, true]) {
      const res = await slowUpload(port, 1024 * 1024, 50, { keepAlive });
      expect(res.error, `keep-alive ${keepAlive}`).toMatch(/EPIPE|ECONNRESET/);
    }
  });

  it("is not read for ever: a client that pauses too long is let go, and one that never stops", async () => {
    const port = await serve((l) => lingerOnUnreadBodies(l, { maxMs: 1_500, idleMs: 300 }));
    // Headers and 64 KB of a 2 MB body, then nothing: the server ends its side and, 300 ms on, lets go.
    const stalled = await trickle(port, 0);
    expect(stalled.text).toMatch(/^HTTP\/1\.1 413 /);
    expect(stalled.ms).toBeGreaterThanOrEqual(300);
    expect(stalled.ms).toBeLessThan(1_500);
    // 1 KB every 50 ms, never pausing long enough: let go at 1.5 s.
    const endless = await trickle(port, 50);
    expect(endless.text).toMatch(/^HTTP\/1\.1 413 /);
    expect(endless.ms).toBeGreaterThanOrEqual(1_500);
    expect(endless.ms).toBeLessThan(4_000);
  });

  it("leaves a connection whose body was read open for the next request", async () => {
    const port = await serve((l) => lingerOnUnreadBodies(l));
    const socket = connect(port, "127.0.0.1");
    let text = "";
    socket.on("data", (c: Buffer) => {
      text += c.toString("latin1");
    });
    const post = (body: string) =>
      socket.write(
        `POST / HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
      );
    post("hello");
    await expect.poll(() => text).toContain("read 5");
    post("hello again");
    await expect.poll(() => text).toContain("read 11");
    expect(socket.destroyed).toBe(false);
    socket.destroy();
  });
});

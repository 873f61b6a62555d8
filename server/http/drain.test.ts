import { createServer, type IncomingMessage, request, type Server, type ServerResponse } from "node:http";
import { connect, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { drainable } from "./drain.ts";

/**
 * Draining on shutdown (server/http/drain.ts): the server stops accepting, answers what is in flight, tells each
 * keep-alive client with its next answer that the connection closes, closes quiet connections, and says what was
 * still running when the deadline comes.
 */

let server: Server | undefined;
const sockets: Socket[] = [];
afterEach(async () => {
  for (const s of sockets.splice(0)) s.destroy();
  server?.closeAllConnections();
  server?.close();
  server = undefined;
});

/** A server answering "ok" to every request, or holding the ones `hold` names until `release()`. */
async function serve(hold: (req: IncomingMessage) => boolean = () => false) {
  const held: ServerResponse[] = [];
  server = createServer((req, res) => {
    if (hold(req)) {
      held.push(res);
      return;
    }
    res.end("ok");
  });
  const drain = drainable(server, { quietMs: 200 });
  await new Promise<void>((r) => server!.listen(0, "127.0.0.1", r));
  const port = (server.address() as { port: number }).port;
  const release = () => {
    for (const res of held.splice(0)) res.end("late");
  };
  return { drain, port, release, held };
}

/** Raw HTTP/1.1 on one socket: a request written, and the answers read as they come. */
function rawClient(port: number) {
  const socket = connect(port, "127.0.0.1");
  sockets.push(socket);
  let data = "";
  let closed = false;
  socket.setEncoding("utf8");
  socket.on("data", (d) => {
    data += d;
  });
  socket.on("close", () => {
    closed = true;
  });
  socket.on("error", () => {});
  return {
    send: (path: string) => socket.write(`GET ${path} HTTP/1.1\r\nHost: x\r\n\r\n`),
    answers: () => data.split("HTTP/1.1 ").slice(1),
    closed: () => closed,
    ready: new Promise<void>((r) => socket.once("connect", () => r())),
  };
}

const until = async (what: () => boolean, ms = 5_000) => {
  const deadline = Date.now() + ms;
  while (!what()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe("draining the HTTP server", () => {
  it("answers a request in flight with Connection: close, closes its connection after, and stops accepting", async () => {
    const { drain, port, release, held } = await serve((req) => req.url === "/slow");
    const client = rawClient(port);
    await client.ready;
    client.send("/slow");
    await until(() => held.length === 1);

    const drained = drain.drain(Date.now() + 5_000);
    expect(drain.running().requests).toMatchObject([{ method: "GET", path: "/slow" }]);
    // No new connection is accepted.
    await expect(
      new Promise((resolve, reject) => {
        const s = connect(port, "127.0.0.1");
        s.on("connect", () => resolve("connected"));
        s.on("error", (e: NodeJS.ErrnoException) => reject(e.code));
      }),
    ).rejects.toBe("ECONNREFUSED");

    release();
    expect(await drained).toBe(true);
    expect(client.answers()).toHaveLength(1);
    expect(client.answers()[0]).toMatch(/^200 OK\r\n/);
    expect(client.answers()[0]?.toLowerCase()).toContain("connection: close");
    await until(client.closed);
  });

  it("answers the next request of a keep-alive connection, with Connection: close, instead of cutting it", async () => {
    const { drain, port } = await serve();
    const client = rawClient(port);
    await client.ready;
    client.send("/one");
    await until(() => client.answers().length === 1);
    expect(client.answers()[0]?.toLowerCase()).toContain("connection: keep-alive");

    // The drain starts as the client's next request is on its way: it is answered, not cut.
    const drained = drain.drain(Date.now() + 5_000);
    client.send("/two");
    expect(await drained).toBe(true);
    expect(client.answers()).toHaveLength(2);
    expect(client.answers()[1]).toMatch(/^200 OK\r\n/);
    expect(client.answers()[1]?.toLowerCase()).toContain("connection: close");
    expect(client.closed()).toBe(true);
  });

  it("closes a keep-alive connection that stays quiet", async () => {
    const { drain, port } = await serve();
    const answered = await new Promise<number>((resolve, reject) => {
      const req = request(
        { port, host: "127.0.0.1", path: "/", agent: undefined, headers: { connection: "keep-alive" } },
        (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode ?? 0));
        },
      );
      req.on("error", reject);
      req.end();
    });
    expect(answered).toBe(200);
    const started = Date.now();
    expect(await drain.drain(Date.now() + 5_000)).toBe(true);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(drain.running()).toEqual({ requests: [], connections: 0 });
  });

  it("at the deadline, resolves false and tells what was still running", async () => {
    const { drain, port } = await serve((req) => req.url?.startsWith("/api/auth/reset-password/") ?? false);
    const client = rawClient(port);
    await client.ready;
    client.send("/api/auth/reset-password/secret-token?x=1");
    await until(() => drain.running().requests.length === 1);
    expect(await drain.drain(Date.now() + 300)).toBe(false);
    const running = drain.running();
    expect(running.connections).toBe(1);
    expect(running.requests).toHaveLength(1);
    // The path as the log gets it: no token, no query.
    expect(running.requests[0]).toMatchObject({ method: "GET", path: "/api/auth/reset-password/[token]" });
    expect(running.requests[0]!.ms).toBeGreaterThanOrEqual(250);
  });
});

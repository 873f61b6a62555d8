/**
 * Draining the HTTP server on shutdown without cutting a request (server/main.ts).
 *
 * `http.Server#close` stops accepting connections and at once destroys every keep-alive connection that has no
 * request in progress; the busy ones stay open, and a keep-alive client goes on sending requests on them, so a server
 * under load never runs out of connections until something kills it. And "no request in progress" includes a
 * connection whose next request has arrived but not been read yet (the event loop was busy): destroying it cuts a
 * request the client has already sent.
 *
 * {@link drainable} does instead:
 * - it stops accepting connections (the listening socket closes) but leaves open connections be;
 * - every answer from then on, the ones in flight included when their headers have not gone out yet, says
 *   `Connection: close`, and the server closes that connection once the answer is sent: a client learns from the
 *   answer itself not to send another request on it;
 * - a connection with no request in progress is closed only once it has been quiet for `quietMs` (checked after the
 *   event loop has read what arrived), so one whose request is on its way is answered instead;
 * - it resolves once no connection is left, or at the deadline, and tells what was still running then.
 */
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { type Socket, Server as TcpServer } from "node:net";

export type RunningRequest = { method: string; path: string; ms: number };

export type HttpDrain = {
  /** Stops accepting and drains; true once every connection has closed, false if `deadline` (ms since the epoch) came first. */
  drain: (deadline: number) => Promise<boolean>;
  /** What is still running: the requests in progress (oldest first) and the open connections. */
  running: () => { requests: RunningRequest[]; connections: number };
};

/** A connection idle this long during a drain is closed (nothing is on its way on it). */
const QUIET_MS = 1_000;
const SWEEP_MS = 50;

/** Paths carry reset tokens (the emailed link): none goes to the log. */
const redact = (path: string) => path.replace(/^(\/api\/auth\/reset-password\/)[^/]+/i, "$1[token]");

export function drainable(server: Server, opts: { quietMs?: number } = {}): HttpDrain {
  const quietMs = opts.quietMs ?? QUIET_MS;
  const connections = new Map<Socket, { active: number; quietSince: number }>();
  const requests = new Map<ServerResponse, { method: string; path: string; started: number }>();
  let draining = false;

  server.on("connection", (socket: Socket) => {
    connections.set(socket, { active: 0, quietSince: performance.now() });
    socket.once("close", () => connections.delete(socket));
  });
  // Before the app's own listener, so the header is there before anything is written.
  server.prependListener("request", (req: IncomingMessage, res: ServerResponse) => {
    const conn = connections.get(req.socket);
    if (conn) conn.active++;
    const path = redact((req.url ?? "/").split("?")[0] ?? "/");
    requests.set(res, { method: req.method ?? "GET", path, started: performance.now() });
    if (draining) res.setHeader("Connection", "close");
    res.once("close", () => {
      requests.delete(res);
      if (conn) {
        conn.active--;
        conn.quietSince = performance.now();
      }
    });
  });

  const running = () => {
    const now = performance.now();
    return {
      requests: [...requests.values()].map((r) => ({
        method: r.method,
        path: r.path,
        ms: Math.round(now - r.started),
      })),
      connections: connections.size,
    };
  };

  const drain = (deadline: number) =>
    new Promise<boolean>((resolve) => {
      draining = true;
      for (const res of requests.keys()) if (!res.headersSent) res.setHeader("Connection", "close");
      // net.Server's close: stop listening, without http.Server's closing of every idle connection (see above).
      TcpServer.prototype.close.call(server);
      const sweep = () => {
        const now = performance.now();
        for (const [socket, conn] of connections) {
          if (conn.active === 0 && now - conn.quietSince >= quietMs) socket.destroy();
        }
        if (connections.size === 0 && requests.size === 0) return resolve(true);
        if (Date.now() >= deadline) return resolve(false);
        // The check runs after the event loop's poll phase, so a request that has arrived is read (and its connection
        // busy) before a quiet connection is judged.
        setTimeout(() => setImmediate(sweep), SWEEP_MS);
      };
      setImmediate(sweep);
    });

  return { drain, running };
}

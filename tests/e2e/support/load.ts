/**
 * A bounded load on a server a spec started on loopback: `clients` keep-alive connections, each sending one request
 * after another until told to stop, every outcome recorded with its times. The fault specs read what each request got
 * (an answer, or an error on the connection) around the moment they broke something.
 */
import { Agent, request } from "node:http";

export type Outcome = {
  /** ms since the load started. */
  start: number;
  end: number;
  method: string;
  path: string;
  /** The answer's status; null when the connection failed instead (then `error` says how). */
  status: number | null;
  error?: string;
  retryAfter?: string;
  /** A write's own token (what it wrote), for finding it in the database afterwards. */
  token?: string;
  /** The start of an answer other than 200 (what a failure said). */
  body?: string;
  /** Which of the load's `markers` the answer's body contains. */
  markers?: string[];
  /**
   * The GET was sent again on a new connection because the kept-alive one it was first sent on had been closed by
   * the server before any answer (see `send`).
   */
  retried?: boolean;
};

export type LoadRequest = {
  method: "GET" | "POST";
  path: string;
  headers?: Record<string, string>;
  body?: string;
  token?: string;
};

export type Load = {
  outcomes: Outcome[];
  /** ms since the load started. */
  now: () => number;
  /** Stops sending and resolves once every client's last request has its outcome. */
  stop: () => Promise<void>;
};

/**
 * Starts `clients` loops against `base` (http://127.0.0.1:port), each on a keep-alive connection of its own while the
 * server keeps it open. `next(client, i)` says what the client's i-th request is. A client that met a refused
 * connection stops when `stopOnRefused` is set (the server no longer listens). Requests time out after 15 s.
 */
export function startLoad(opts: {
  base: string;
  clients: number;
  next: (client: number, i: number) => LoadRequest;
  pauseMs?: number;
  stopOnRefused?: boolean;
  /** Strings to look for in every answer's body (an error page's words), reported in `markers`. */
  markers?: string[];
}): Load {
  const t0 = performance.now();
  const now = () => performance.now() - t0;
  const agent = new Agent({ keepAlive: true, maxSockets: opts.clients });
  const outcomes: Outcome[] = [];
  let running = true;
  const url = new URL(opts.base);

  /**
   * One request. A GET first sent on a kept-alive connection that the server had closed as idle (ECONNRESET on a
   * reused socket, before any answer) is sent once more on a new connection, as browsers, undici and nginx's
   * `proxy_next_upstream error` do: the server cannot know a request is on its way on a connection it closes, and
   * the client knows the request was never answered. Node's own documentation of `request.reusedSocket` gives this
   * pattern. A write is never sent twice.
   */
  const send = (r: LoadRequest, retried = false): Promise<Outcome> =>
    new Promise<Outcome>((resolve) => {
      const start = now();
      const done = (o: Partial<Outcome>) =>
        resolve({
          start,
          end: now(),
          method: r.method,
          path: r.path,
          status: null,
          token: r.token,
          ...(retried ? { retried } : {}),
          ...o,
        });
      let answered = false;
      const req = request(
        {
          host: url.hostname,
          port: url.port,
          method: r.method,
          path: r.path,
          // The second sending gets a connection of its own, never another kept-alive one from the pool.
          agent: retried ? false : agent,
          timeout: 15_000,
          headers: {
            ...(r.body ? { "content-length": String(Buffer.byteLength(r.body)) } : {}),
            ...r.headers,
          },
        },
        (res) => {
          answered = true;
          let body = "";
          res.setEncoding("utf8");
          res.on("data", (d) => {
            body += d;
          });
          res.on("end", () =>
            done({
              status: res.statusCode ?? null,
              retryAfter: res.headers["retry-after"] as string | undefined,
              ...(res.statusCode !== 200 ? { body: body.slice(0, 2_000) } : {}),
              markers: (opts.markers ?? []).filter((m) => body.includes(m)),
            }),
          );
          res.on("error", (err: NodeJS.ErrnoException) => done({ error: err.code ?? err.message }));
        },
      );
      req.on("timeout", () => req.destroy(Object.assign(new Error("timed out"), { code: "TIMEOUT" })));
      req.on("error", (err: NodeJS.ErrnoException) => {
        if (!answered && !retried && r.method === "GET" && req.reusedSocket && err.code === "ECONNRESET") {
          send(r, true).then(resolve);
          return;
        }
        done({ error: err.code ?? err.message });
      });
      req.end(r.body);
    });

  const loops = Array.from({ length: opts.clients }, async (_, client) => {
    for (let i = 0; running; i++) {
      const outcome = await send(opts.next(client, i));
      outcomes.push(outcome);
      if (opts.stopOnRefused && outcome.error === "ECONNREFUSED") return;
      if (opts.pauseMs) await new Promise((r) => setTimeout(r, opts.pauseMs));
    }
  });

  return {
    outcomes,
    now,
    stop: async () => {
      running = false;
      await Promise.all(loops);
      agent.destroy();
    },
  };
}

/**
 * Closing a connection whose request body was refused unread (server/main.ts).
 *
 * The body limits (server/http/app.ts) answer 413 from the Content-Length alone, before a byte of the body is read.
 * The client is still sending then. Node closes such a connection as soon as the answer is written when it says
 * `Connection: close`, and Hono's adapter closes it after 500 ms otherwise; closing a socket with unread bytes makes
 * the kernel reset the connection, and a client that had not yet read the 413 (a busy one, or one on a slow link) gets
 * EPIPE or ECONNRESET on its next write and never sees the answer.
 *
 * {@link lingerOnUnreadBodies} closes those connections as web servers do ("lingering close"): it ends the server's
 * side after the answer, so the client reads the 413 and then an orderly end, goes on reading and discarding what the
 * client still sends, and closes once the client has closed its side, or when it has sent nothing for `idleMs`, or
 * after `maxMs` in all, whichever comes first (Apache and nginx bound theirs by time alone too: discarding is cheap).
 * A connection whose body was read is closed as before.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import type { Socket } from "node:net";

/** How long a refused client may take to stop sending in all, and how long it may pause meanwhile. */
const LINGER_MS = 30_000;
const LINGER_IDLE_MS = 5_000;

type Limits = { maxMs: number; idleMs: number };

export function lingerOnUnreadBodies(listener: RequestListener, opts: Partial<Limits> = {}): RequestListener {
  const limits = { maxMs: opts.maxMs ?? LINGER_MS, idleMs: opts.idleMs ?? LINGER_IDLE_MS };
  return (req: IncomingMessage, res: ServerResponse) => {
    // Only a request that announces a body can leave one unread (a GET is not yet "complete" here either).
    if (hasBody(req) && !req.complete) watch(req, limits);
    listener(req, res);
  };
}

const hasBody = (req: IncomingMessage) =>
  req.headers["transfer-encoding"] !== undefined || (req.headers["content-length"] ?? "0") !== "0";

/** The request whose body a connection is receiving, while it is. */
const receiving = new WeakMap<Socket, IncomingMessage>();
/** Connections ended on our side, discarding what the client still sends. */
const lingering = new WeakSet<Socket>();

/**
 * Whoever closes the connection (Node once a `Connection: close` answer is written, the adapter's timer otherwise)
 * calls `destroySoon`, which ends the server's side and destroys the socket straight after. While a body is still
 * coming, it lingers instead.
 */
function watch(req: IncomingMessage, limits: Limits) {
  const socket = req.socket;
  if (!receiving.has(socket)) {
    const destroySoon = socket.destroySoon.bind(socket);
    socket.destroySoon = () => {
      const current = receiving.get(socket);
      if (lingering.has(socket)) return;
      if (current && !current.complete) linger(socket, limits);
      else destroySoon();
    };
  }
  receiving.set(socket, req);
}

function linger(socket: Socket, limits: Limits) {
  lingering.add(socket);
  const close = () => {
    clearTimeout(timer);
    socket.destroy();
  };
  const timer = setTimeout(close, limits.maxMs);
  timer.unref();
  socket.once("close", () => clearTimeout(timer));
  // The client's end of the connection: it has sent what it meant to and can read the answer.
  socket.once("end", close);
  // Node's HTTP parser reads the rest of the body and drops it (the request was "dumped" when its answer finished);
  // each read counts as activity for the socket's timeout.
  socket.setTimeout(limits.idleMs, close);
  if (socket.writable) socket.end();
}

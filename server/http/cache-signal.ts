/**
 * Invalidation of what a process keeps (its page cache, its catalogue read models) when a write changes public data,
 * in this process and in every other process on the same PostgreSQL.
 *
 * A write calls {@link InvalidationHub.invalidate}: the hub applies it here at once and, once a signal is started
 * ({@link startCacheSignal}), sends it on the PostgreSQL channel {@link CACHE_CHANNEL} with `NOTIFY`. Every process
 * `LISTEN`s on that channel on a connection of its own and applies what the others sent. PostgreSQL delivers a
 * notification only after the sending transaction commits (ours are sent after the write's own transaction), to every
 * listener, in order. While the listening connection is down nothing arrives: when it is lost, and again once it
 * listens again, the process drops everything it keeps ({@link EVERYTHING}), since it may have missed writes. On
 * embedded PGlite there is one process and no signal.
 */
import { randomUUID } from "node:crypto";
import pg from "pg";
import type { Logger } from "../logger.ts";

export const CACHE_CHANNEL = "poundcodes_cache";
/** The signed-in sessions a process keeps (server/auth/guards.ts): sent after any write that may change one. */
export const SESSIONS_TAG = "sessions";
/**
 * The tag that names everything a process keeps: each subscriber turns it into a full clear (every cached page, every
 * read model, every session), whatever keys its entries carry.
 */
export const EVERYTHING_TAG = "*";
/** What a process drops when it cannot know what changed (a lost connection, an oversized or unreadable message). */
export const EVERYTHING: readonly string[] = [EVERYTHING_TAG];
/** NOTIFY payloads are limited to 8000 bytes; a longer list of keys is sent as {@link EVERYTHING}. */
const MAX_PAYLOAD = 7_000;

type Apply = (tags: readonly string[]) => void;

export type InvalidationHub = {
  /** Registers what this process drops on an invalidation; answers the unsubscribe. */
  subscribe: (apply: Apply) => () => void;
  /** A write in this process: applied here at once, and sent to the other processes when a signal is started. */
  invalidate: (tags: readonly string[]) => void;
  /** An invalidation another process sent: applied here only. */
  receive: (tags: readonly string[]) => void;
  /** Where {@link invalidate} sends (set by the signal; null: nowhere). */
  setSender: (send: Apply | null) => void;
};

export function createInvalidationHub(): InvalidationHub {
  const subscribers = new Set<Apply>();
  let sender: Apply | null = null;
  const receive = (tags: readonly string[]) => {
    for (const apply of subscribers) apply(tags);
  };
  return {
    subscribe: (apply) => {
      subscribers.add(apply);
      return () => subscribers.delete(apply);
    },
    invalidate: (tags) => {
      if (tags.length === 0) return;
      receive(tags);
      sender?.(tags);
    },
    receive,
    setSender: (send) => {
      sender = send;
    },
  };
}

/** The hub of this process: the HTTP app subscribes its caches, the signal started by server/main.ts sends on it. */
export const processHub: InvalidationHub = createInvalidationHub();

export type CacheSignal = {
  stop: () => Promise<void>;
  /** Resolves once listening (tests). */
  ready: Promise<void>;
};

/**
 * Starts the shared signal on PostgreSQL (`databaseUrl`); on PGlite (no URL) there is nothing to share and this does
 * nothing. Reconnects after a lost connection (dropping everything this process keeps).
 */
export function startCacheSignal(opts: {
  databaseUrl: string | undefined;
  logger: Pick<Logger, "info" | "warn" | "error">;
  hub?: InvalidationHub;
  reconnectMs?: number;
}): CacheSignal {
  const hub = opts.hub ?? processHub;
  if (!opts.databaseUrl) return { stop: async () => {}, ready: Promise.resolve() };
  const origin = randomUUID();
  const url = opts.databaseUrl;
  let client: pg.Client | null = null;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** Whether the failure to listen was logged since the last success (an outage logs it once, not every second). */
  let failing = false;
  let markReady: () => void = () => {};
  const ready = new Promise<void>((r) => {
    markReady = r;
  });

  const send: Apply = (tags) => {
    const c = client;
    if (!c) {
      opts.logger.warn({ tags }, "cache signal not connected: other processes see this write within their TTL");
      return;
    }
    let payload = JSON.stringify({ origin, tags });
    if (payload.length > MAX_PAYLOAD) payload = JSON.stringify({ origin, tags: EVERYTHING });
    c.query("select pg_notify($1, $2)", [CACHE_CHANNEL, payload]).catch((err: unknown) =>
      opts.logger.warn({ err }, "cache signal could not be sent"),
    );
  };

  const connect = async (again: boolean) => {
    const c = new pg.Client({ connectionString: url });
    c.on("notification", (msg) => {
      if (msg.channel !== CACHE_CHANNEL || !msg.payload) return;
      try {
        const body = JSON.parse(msg.payload) as { origin?: string; tags?: unknown };
        if (body.origin === origin || !Array.isArray(body.tags)) return;
        hub.receive(body.tags.filter((t): t is string => typeof t === "string"));
      } catch {
        hub.receive(EVERYTHING);
      }
    });
    const lost = (err?: unknown) => {
      if (client !== c) return;
      client = null;
      if (stopped) return;
      opts.logger.warn({ err }, "cache signal connection lost; dropped everything kept, reconnecting");
      // Writes of other processes are not heard from now on: nothing kept may be trusted (and again on reconnecting,
      // for what was kept while deaf).
      hub.receive(EVERYTHING);
      timer = setTimeout(() => void connect(true), opts.reconnectMs ?? 1_000);
    };
    c.on("error", lost);
    c.on("end", () => lost());
    try {
      await c.connect();
      await c.query(`LISTEN ${CACHE_CHANNEL}`);
    } catch (err) {
      if (!failing) opts.logger.warn({ err }, "cache signal could not listen; retrying until it can");
      failing = true;
      await c.end().catch(() => {});
      if (!stopped) timer = setTimeout(() => void connect(again), opts.reconnectMs ?? 1_000);
      return;
    }
    if (stopped) {
      await c.end().catch(() => {});
      return;
    }
    client = c;
    failing = false;
    // Writes made while no connection listened were missed: drop everything kept.
    if (again) {
      hub.receive(EVERYTHING);
      opts.logger.info("cache signal listening again; dropped everything kept");
    }
    markReady();
  };

  hub.setSender(send);
  void connect(false);
  return {
    ready,
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      hub.setSender(null);
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}

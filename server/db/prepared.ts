/**
 * Statements prepared once per connection (docs/decisions, "statements prepared once per connection").
 *
 * node-postgres sends a query with parameters as an unnamed statement, which PostgreSQL parses and plans again on
 * every execution. For the joins a page runs that is most of the query's cost: 0.7–0.9 ms a time against 0.12–0.14
 * ms once prepared, for the reservations list on a warm server. {@link preparingClient} names each distinct statement
 * text the second time the pool runs it (a text run once takes no name); from then on each pooled connection parses
 * it once, and PostgreSQL can keep its plan.
 *
 * What is named: Drizzle's statements (a query config, not a bare text) that already use the extended protocol (they
 * have parameters) or are selects (array rows), so nothing changes protocol that could not before; a text with
 * several statements (migrations) has neither. Drizzle names every column it reads, so a schema change makes
 * PostgreSQL plan such a statement again rather than fail it. The job queue's statements (bare texts) stay unnamed:
 * pg-boss manages its own schema and reads whole rows, and a prepared statement whose result type changes under it
 * fails on that connection until it closes ("cached plan must not change result type"). At most
 * {@link MAX_NAMED_STATEMENTS} distinct texts per pool are named, so a connection never holds more prepared
 * statements than that: beyond it a new text runs unnamed, as every query did before.
 */
import { PgTransaction } from "drizzle-orm/pg-core";
import pg from "pg";
import type { DbOrTx } from "./client.ts";

/** How many distinct statement texts a pool names; each of its connections prepares at most this many. */
export const MAX_NAMED_STATEMENTS = 200;

/** How many texts seen once (not yet named) a pool remembers; past it, it starts counting again. */
const MAX_SEEN_ONCE = 1_000;

/**
 * Names for statement texts: the same name for the same text, in every connection of a pool. A text is named the
 * second time it runs, so a statement run once (a migration's bookkeeping, a rare list length) takes none of the
 * `max` names; once `max` are named, a new text stays unnamed.
 */
export function statementNames(max = MAX_NAMED_STATEMENTS): (text: string) => string | undefined {
  const names = new Map<string, string>();
  const seenOnce = new Set<string>();
  return (text) => {
    const known = names.get(text);
    if (known !== undefined || names.size >= max) return known;
    if (!seenOnce.has(text)) {
      if (seenOnce.size >= MAX_SEEN_ONCE) seenOnce.clear();
      seenOnce.add(text);
      return undefined;
    }
    seenOnce.delete(text);
    const name = `pc_${names.size + 1}`;
    names.set(text, name);
    return name;
  };
}

type QueryConfig = { text?: unknown; name?: unknown; values?: unknown; rowMode?: unknown };

/** The query as node-postgres will send it: with a name when it should be prepared, otherwise unchanged. */
export function withStatementName(
  config: unknown,
  values: unknown,
  nameOf: (text: string) => string | undefined,
): unknown {
  // A bare text is another library's (the job queue's), not Drizzle's: see the module's notes.
  if (!config || typeof config !== "object") return config;
  const q = config as QueryConfig;
  // A submittable (a cursor, a COPY stream) and an already-named statement go as they are.
  if (typeof q.text !== "string" || q.name !== undefined || "submit" in q) return config;
  const params = Array.isArray(values) ? values : q.values;
  if (!(Array.isArray(params) && params.length > 0) && q.rowMode !== "array") return config;
  const name = nameOf(q.text);
  return name ? { ...q, name } : config;
}

/**
 * node-postgres's client class for one pool (its `Client` option), naming what {@link withStatementName} names: the
 * pool's connections share one registry, so a text has one name in all of them.
 */
export function preparingClient(nameOf = statementNames()): typeof pg.Client {
  return class PreparingClient extends pg.Client {
    // biome-ignore lint/suspicious/noExplicitAny: node-postgres's query has a dozen overloads; this passes them on.
    override query(config: any, values?: any, callback?: any): any {
      return super.query(withStatementName(config, values, nameOf) as typeof config, values, callback);
    }
  };
}

/**
 * A Drizzle statement built once per database, for the reads every request of a page makes. Drizzle turns a query
 * builder into its SQL text on each run, walking the whole tree (6% of the billing screen's CPU a request, for
 * three statements); a query prepared with placeholders keeps the text and only fills in the values. `build` runs
 * the first time a database (the pool, or the embedded one) asks; in a transaction it runs every time, since a
 * query prepared on the database would not run in the transaction.
 */
export function builtOnce<Q>(build: (db: DbOrTx) => Q): (db: DbOrTx) => Q {
  const once = builtOncePerShape<null, Q>(
    () => "",
    (db) => build(db),
  );
  return (db) => once(db, null);
}

/**
 * {@link builtOnce} for a statement with a few shapes (a list's sort, direction and filters): each shape is built
 * the first time a database asks for it, and kept under `keyOf(shape)`, which `build` may use to name the statement.
 * The shapes must be finitely many; a search, whose text could be anything, is built each time.
 */
export function builtOncePerShape<S, Q>(
  keyOf: (shape: S) => string,
  build: (db: DbOrTx, shape: S, key: string) => Q,
): (db: DbOrTx, shape: S) => Q {
  const byDatabase = new WeakMap<DbOrTx, Map<string, Q>>();
  return (db, shape) => {
    const key = keyOf(shape);
    if (db instanceof PgTransaction) return build(db, shape, key);
    let built = byDatabase.get(db);
    if (!built) {
      built = new Map();
      byDatabase.set(db, built);
    }
    let query = built.get(key);
    if (query === undefined) {
      query = build(db, shape, key);
      built.set(key, query);
    }
    return query;
  };
}

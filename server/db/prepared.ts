/**
 * Statements prepared once per connection (docs/decisions, "statements prepared once per connection").
 *
 * node-postgres sends a query with parameters as an unnamed statement, which PostgreSQL parses and plans again on
 * every execution. For the joins a page runs that is most of the query's cost: 0.7–0.9 ms a time against 0.12–0.14
 * ms once prepared, for the reservations list on a warm server. {@link preparingClient} names each distinct statement
 * text the first time it sees it, so each pooled connection parses it once and PostgreSQL can keep its plan.
 *
 * What is named: a query that already uses the extended protocol (it has parameters) or is one of Drizzle's selects
 * (array rows), so nothing changes protocol that could not before; a text with several statements (migrations)
 * has neither. At most {@link MAX_NAMED_STATEMENTS} distinct texts per pool are named, so a connection never
 * holds more prepared statements than that: beyond it a new text runs unnamed, as every query did before.
 */
import pg from "pg";

/** How many distinct statement texts a pool names; each of its connections prepares at most this many. */
export const MAX_NAMED_STATEMENTS = 200;

/**
 * Names for statement texts: the same name for the same text, in every connection of a pool; undefined for a new
 * text once `max` are named.
 */
export function statementNames(max = MAX_NAMED_STATEMENTS): (text: string) => string | undefined {
  const names = new Map<string, string>();
  return (text) => {
    const known = names.get(text);
    if (known !== undefined || names.size >= max) return known;
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
  if (typeof config === "string") {
    if (!Array.isArray(values) || values.length === 0) return config;
    const name = nameOf(config);
    return name ? { text: config, name } : config;
  }
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

/**
 * What a write changed, recorded by the write itself (ARCHITECTURE.md §8, ADR 013).
 *
 * A domain write calls {@link recordChange} with the transaction it writes through and the keys of what it changed:
 * a pair, a number, a territory, the blog, a landing page, an email waiting in the outbox. The keys ride on the
 * transaction; once it commits, the database's change listener ({@link watchChanges}, set up once per process by
 * `server/services.ts`) hears them all at once and acts: it drops the cached pages and read models that show what
 * changed, in this process and the others, and wakes the mailer. A transaction that rolls back is never heard. A
 * write made outside a transaction is heard at once.
 *
 * Pages declare what they show with the same keys (`server/web/page-cache.ts`): the two vocabularies cannot drift
 * apart, and no route, job or webhook names what a write invalidates.
 */
import type { Database, DbOrTx } from "#server/db/client.ts";

/** A number's key: its slug or #Code without the "hash-" prefix ("hash-4law", "#4LAW", "4law" → "4law"). */
const numberKey = (slug: string) =>
  slug
    .trim()
    .toLowerCase()
    .replace(/^hash-|^#/, "");

/**
 * The keys of what a write may change, and of what a page may show. Coarse keys ({@link CHANGE.catalog}) drop every
 * page showing that kind of data; finer ones drop only the pages showing that thing.
 */
export const CHANGE = {
  /** Anything in the catalog (categories, keywords, prices for many pairs): every page showing the catalog. */
  catalog: "catalog",
  /** Some territory's own data (fees, area codes, population, visibility): pages drawing every territory. */
  territories: "catalog:territories",
  /** Some pair's status: pages showing every territory's status over all numbers (home, browsing, guides). */
  overview: "catalog:overview",
  /** One number's pages (/number/{slug}, its territories' pages, its landing pages). */
  number: (slug: string) => `number:${numberKey(slug)}`,
  /** One territory's own pages (/number/…/{slug}, /p/…/{slug}), by its URL slug. */
  territory: (slug: string) => `territory:${slug.trim().toLowerCase()}`,
  blog: "content:blog",
  faq: "content:faq",
  supportTopics: "content:support-topics",
  /** The editable site text (the home page's and the privacy page's). */
  siteText: "content:site-text",
  /** The licensee landing pages: their content, their licensees' profiles, which of them are served. */
  landingPages: "landing-pages",
  /** An email is waiting in the outbox: the mailer is woken after commit. */
  mail: "mail",
  /** Sessions or accounts changed, which ones unknown: every session kept by every process is dropped. */
  sessions: "sessions",
  /**
   * One account's sessions or the account itself changed (sign-out, a ban, a role, a password, two-factor): the
   * sessions every process keeps for that account, on any device, are dropped, and no one else's.
   */
  sessionsOf: (userId: string) => `sessions:${userId}`,
} as const;

/** The accounts whose sessions the keys name ({@link CHANGE.sessionsOf}). */
export function sessionOwners(keys: readonly string[]): string[] {
  return keys.filter((k) => k.startsWith("sessions:")).map((k) => k.slice("sessions:".length));
}

/** What a write changed in one territory × number pair (a hold, a license, a release). */
export function pairChanged(numberSlug: string, territorySlug: string): string[] {
  return [CHANGE.overview, CHANGE.number(numberSlug), CHANGE.territory(territorySlug)];
}

/** What a write changed in one territory's own data. */
export function territoryChanged(territorySlug: string): string[] {
  return [CHANGE.territories, CHANGE.territory(territorySlug)];
}

/** What a write changed in one number's own data (its name, fees, description). */
export function numberChanged(numberSlug: string): string[] {
  return [CHANGE.overview, CHANGE.number(numberSlug)];
}

export type ChangeListener = (keys: readonly string[]) => void;

const listeners = new WeakMap<object, ChangeListener>();
const wrapped = new WeakSet<object>();
const pending = new WeakMap<object, Set<string>>();

/**
 * Records that the write through `tx` changed `keys`: heard after `tx` commits (nothing if it rolls back), or at once
 * when `tx` is the database itself. A database nobody watches (domain tests, scripts) records nothing.
 */
export function recordChange(tx: DbOrTx, ...keys: (string | readonly string[])[]): void {
  const flat = keys.flat();
  if (flat.length === 0) return;
  const open = pending.get(tx);
  if (open) {
    for (const key of flat) open.add(key);
    return;
  }
  listeners.get(tx)?.(flat);
}

type TransactionFn = (fn: (tx: DbOrTx) => Promise<unknown>, config?: unknown) => Promise<unknown>;

/** Makes `tx.transaction` (a savepoint) record into `changes`, as its outer transaction does. */
function trackNested(tx: DbOrTx, changes: Set<string>): void {
  pending.set(tx, changes);
  const nested = (tx.transaction as unknown as TransactionFn).bind(tx);
  (tx as unknown as { transaction: TransactionFn }).transaction = (fn, config) =>
    nested((inner) => {
      trackNested(inner, changes);
      return fn(inner);
    }, config);
}

/**
 * Calls `listener` with what each committed transaction on `db` recorded (once per transaction, after commit), and
 * with what writes outside a transaction record. One listener per database: a second call replaces the first.
 */
export function watchChanges(db: Database, listener: ChangeListener): void {
  listeners.set(db, listener);
  if (wrapped.has(db)) return;
  wrapped.add(db);
  const transaction = (db.transaction as unknown as TransactionFn).bind(db);
  (db as unknown as { transaction: TransactionFn }).transaction = async (fn, config) => {
    const changes = new Set<string>();
    const result = await transaction((tx) => {
      trackNested(tx, changes);
      return fn(tx);
    }, config);
    if (changes.size > 0) listeners.get(db)?.([...changes]);
    return result;
  };
}

/** Stops telling anyone what `db`'s writes changed (a test database handed to the next test file). */
export function unwatchChanges(db: Database): void {
  listeners.delete(db);
}

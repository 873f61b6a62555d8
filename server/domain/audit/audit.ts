/**
 * The audit trail: one row per write that matters (who, what, on which entity, with what details and from
 * where). Written inside the caller's transaction, so an audit row exists exactly when the change committed.
 *
 * Two helpers for the writes every admin screen repeats: `changedFields` (the `before` and `after` of an update)
 * and `deleteAudited` (delete one row by id with its audit row).
 */
import { eq } from "drizzle-orm";
import type { AnyPgColumn, PgTable, SelectedFieldsFlat } from "drizzle-orm/pg-core";
import type { SelectResultFields } from "drizzle-orm/query-builders/select.types";
import type { Database, DbOrTx } from "#server/db/client.ts";
import { auditLog } from "#server/db/schema/index.ts";
import type { Actor } from "../actor.ts";
import { recordChange } from "../changes.ts";
import type { DomainError } from "../errors.ts";

export type AuditEntry = {
  /** Dotted verb, e.g. reservation.create, territory.update, wallet.adjust. */
  action: string;
  entityType: string;
  entityId: string | null;
  /** What changed: for updates, `before` and `after` of the fields that changed. */
  details?: Record<string, unknown>;
};

export async function recordAudit(tx: DbOrTx, actor: Actor, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    actorUserId: actor.userId,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId,
    details: entry.details ?? null,
    ip: actor.ip ?? null,
  });
}

export type FieldChanges = { before: Record<string, unknown>; after: Record<string, unknown> };

/**
 * An update's audit details: the `before` and `after` of each of `keys` whose value differs between the stored
 * row and the next values, or null when none does (then nothing is written). `same` compares (`===` unless
 * given); `show` turns a field's value into what the audit row keeps (a long text as its length, say).
 */
export function changedFields<K extends string>(
  current: { readonly [P in K]: unknown },
  next: { readonly [P in K]: unknown },
  keys: readonly K[],
  opts: { same?: (a: unknown, b: unknown) => boolean; show?: Partial<Record<K, (value: unknown) => unknown>> } = {},
): FieldChanges | null {
  const same = opts.same ?? ((a, b) => a === b);
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const key of keys) {
    if (same(current[key], next[key])) continue;
    const show = opts.show?.[key] ?? ((value: unknown) => value);
    before[key] = show(current[key]);
    after[key] = show(next[key]);
  }
  return Object.keys(after).length > 0 ? { before, after } : null;
}

/**
 * Deletes the row of `table` with this id and records `audit.action` with the deleted row's `returning` fields
 * as `before`, in one transaction; answers those fields. No such row: `notFound()` is thrown and nothing is
 * written. For deletes that must first check what still refers to the row, write the transaction out.
 */
export async function deleteAudited<T extends PgTable & { id: AnyPgColumn }, F extends SelectedFieldsFlat>(
  db: Database,
  actor: Actor,
  spec: {
    table: T;
    id: string;
    returning: F;
    audit: { action: string; entityType: string };
    notFound: () => DomainError;
    /** What the delete changes that pages show (server/domain/changes.ts). */
    changes?: readonly string[];
  },
): Promise<SelectResultFields<F>> {
  return db.transaction(async (tx) => {
    const [gone] = (await tx
      .delete(spec.table)
      .where(eq(spec.table.id, spec.id))
      .returning(spec.returning)) as SelectResultFields<F>[];
    if (!gone) throw spec.notFound();
    await recordAudit(tx, actor, { ...spec.audit, entityId: spec.id, details: { before: gone } });
    recordChange(tx, spec.changes ?? []);
    return gone;
  });
}

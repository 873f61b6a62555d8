/**
 * The audit trail: one row per write that matters (who, what, on which entity, with what details and from
 * where). Written inside the caller's transaction, so an audit row exists exactly when the change committed.
 */
import type { DbOrTx } from "#server/db/client.ts";
import { auditLog } from "#server/db/schema/index.ts";
import type { Actor } from "../actor.ts";

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

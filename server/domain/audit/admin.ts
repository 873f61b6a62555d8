/**
 * The audit log as an administrator reads it (`/admin/audit`): pages filtered by actor, entity type and period,
 * searched by action or entity id, newest first. Read-only: nothing here writes.
 */
import { and, eq, gte, isNull, sql } from "drizzle-orm";
import type { ListQuery } from "#kernel/list-query.ts";
import type { Database } from "#server/db/client.ts";
import { auditLog, user } from "#server/db/schema/index.ts";
import { listSql, type Page, pageOf, totalCount } from "../lists/list-sql.ts";

/** The periods the date filter offers, in hours. */
export const AUDIT_PERIODS = { "24h": 24, "7d": 24 * 7, "30d": 24 * 30, "365d": 24 * 365 } as const;
export type AuditPeriod = keyof typeof AUDIT_PERIODS;

/** `actor` is a user id, or "system" for background work and visitors (no signed-in user). */
export type AuditFilters = { actor: string; entity: string; period: AuditPeriod };
export type AuditListQuery = ListQuery<"created" | "action", AuditFilters>;

export type AuditRow = {
  id: string;
  action: string;
  entityType: string;
  entityId: string | null;
  details: Record<string, unknown> | null;
  ip: string | null;
  actorEmail: string | null;
  actorName: string | null;
  createdAt: Date;
};

export async function listAuditPage(db: Database, query: AuditListQuery, now = new Date()): Promise<Page<AuditRow>> {
  const list = listSql(query, {
    sorts: { created: auditLog.createdAt, action: { by: auditLog.action, ties: [sql`${auditLog.createdAt} desc`] } },
    search: [auditLog.action, auditLog.entityId],
    tiebreak: auditLog.id,
  });
  const { actor, entity, period } = query.filters;
  const where = and(
    list.search,
    actor === "system" ? isNull(auditLog.actorUserId) : actor ? eq(auditLog.actorUserId, actor) : undefined,
    entity ? eq(auditLog.entityType, entity) : undefined,
    period ? gte(auditLog.createdAt, new Date(now.getTime() - AUDIT_PERIODS[period] * 3_600_000)) : undefined,
  );
  const rows = await db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      entityType: auditLog.entityType,
      entityId: auditLog.entityId,
      details: auditLog.details,
      ip: auditLog.ip,
      actorEmail: user.email,
      actorName: user.name,
      createdAt: auditLog.createdAt,
      total: totalCount(),
    })
    .from(auditLog)
    .leftJoin(user, eq(user.id, auditLog.actorUserId))
    .where(where)
    .orderBy(...list.orderBy)
    .limit(list.limit)
    .offset(list.offset);
  return pageOf(rows, list, () => db.$count(auditLog, where));
}

/** The choices of the actor and entity filters: who appears in the log, and which entity types. */
export async function auditFilterChoices(db: Database) {
  const [actors, entities] = await Promise.all([
    db
      .selectDistinct({ id: user.id, email: user.email })
      .from(auditLog)
      .innerJoin(user, eq(user.id, auditLog.actorUserId))
      .orderBy(user.email)
      .limit(200),
    db.selectDistinct({ entityType: auditLog.entityType }).from(auditLog).orderBy(auditLog.entityType).limit(100),
  ]);
  return { actors, entityTypes: entities.map((e) => e.entityType) };
}

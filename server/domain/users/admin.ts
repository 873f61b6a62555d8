/**
 * Users and licensees as administrators run them (`/admin/users`): the searchable list, one person's detail (their
 * licensee record, licences, wallet, tickets, sign-in history), and the writes — deactivate / reactivate (a
 * deactivated user cannot sign in, their sessions end at once, their landing page goes offline), role changes
 * (admin ↔ user, the last administrator protected, only verified addresses promoted), and creating a licensee
 * record for a user. Every write is audited in its own transaction.
 */
import { and, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { ListQuery } from "#kernel/list-query.ts";
import type { Database, DbOrTx } from "#server/db/client.ts";
import {
  auditLog,
  categories,
  clientWalletTransactions,
  licensees,
  session,
  supportTickets,
  territories,
  territoryLicenses,
  user,
} from "#server/db/schema/index.ts";
import { CHANGE, recordChange } from "#server/domain/changes.ts";
import { type Actor, assertAdmin } from "../actor.ts";
import { recordAudit } from "../audit/audit.ts";
import { DomainError, NotFoundError } from "../errors.ts";
import { listSql, type Page, pageOf, totalCount } from "../lists/list-sql.ts";

export type UserListFilters = { role: "admin" | "user"; status: "active" | "deactivated"; licensee: "yes" | "no" };
export type UserListQuery = ListQuery<"created" | "name" | "email", UserListFilters>;

export type UserListRow = {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  role: "admin" | "user";
  deactivated: boolean;
  companyName: string | null;
  licenseeId: string | null;
  createdAt: Date;
};

const deactivated = sql<boolean>`coalesce(${user.banned}, false)`;

export async function listUsersPage(db: Database, actor: Actor, query: UserListQuery): Promise<Page<UserListRow>> {
  assertAdmin(actor);
  const list = listSql(query, {
    sorts: { created: user.createdAt, name: user.name, email: user.email },
    search: [user.name, user.email, licensees.companyName, user.companyName],
    tiebreak: user.id,
  });
  const { role, status, licensee } = query.filters;
  const where = and(
    list.search,
    role === "admin"
      ? eq(user.role, "admin")
      : role === "user"
        ? sql`coalesce(${user.role}, 'user') <> 'admin'`
        : undefined,
    status === "deactivated" ? sql`${deactivated}` : status === "active" ? sql`not ${deactivated}` : undefined,
    licensee === "yes" ? isNotNull(licensees.id) : licensee === "no" ? isNull(licensees.id) : undefined,
  );
  const rows = await db
    .select({
      id: user.id,
      name: user.name,
      email: user.email,
      emailVerified: user.emailVerified,
      role: sql<"admin" | "user">`case when ${user.role} = 'admin' then 'admin' else 'user' end`,
      deactivated,
      companyName: sql<string | null>`coalesce(${licensees.companyName}, ${user.companyName})`,
      licenseeId: licensees.id,
      createdAt: user.createdAt,
      total: totalCount(),
    })
    .from(user)
    .leftJoin(licensees, eq(licensees.userId, user.id))
    .where(where)
    .orderBy(...list.orderBy)
    .limit(list.limit)
    .offset(list.offset);
  return pageOf(rows, list, async () =>
    Number(
      (
        await db
          .select({ n: sql<number>`count(*)` })
          .from(user)
          .leftJoin(licensees, eq(licensees.userId, user.id))
          .where(where)
      )[0]?.n ?? 0,
    ),
  );
}

export type UserDetail = {
  user: UserListRow & { banReason: string | null; twoFactorEnabled: boolean };
  licensee: {
    id: string;
    contactName: string | null;
    companyName: string | null;
    phone: string | null;
    status: string;
    walletCents: number;
  } | null;
  licences: { id: string; territory: string; offering: string; status: string; monthlyFeeCents: number }[];
  ledger: { id: string; date: Date; description: string; amountCents: number; type: string }[];
  tickets: { id: string; subject: string; status: string; priority: string; updatedAt: Date }[];
  sessions: { id: string; createdAt: Date; expiresAt: Date; ip: string | null; userAgent: string | null }[];
  signIns: { at: Date; ip: string | null; userAgent: string | null }[];
};

export async function getUserDetail(db: Database, actor: Actor, userId: string): Promise<UserDetail> {
  assertAdmin(actor);
  const [row] = await db
    .select({
      id: user.id,
      name: user.name,
      email: user.email,
      emailVerified: user.emailVerified,
      role: sql<"admin" | "user">`case when ${user.role} = 'admin' then 'admin' else 'user' end`,
      deactivated,
      banReason: user.banReason,
      twoFactorEnabled: sql<boolean>`coalesce(${user.twoFactorEnabled}, false)`,
      companyName: sql<string | null>`coalesce(${licensees.companyName}, ${user.companyName})`,
      licenseeId: licensees.id,
      createdAt: user.createdAt,
      contactName: licensees.contactName,
      licenseeCompany: licensees.companyName,
      phone: licensees.phone,
      licenseeStatus: licensees.status,
      walletCents: licensees.minutesSmsWalletCents,
    })
    .from(user)
    .leftJoin(licensees, eq(licensees.userId, user.id))
    .where(eq(user.id, userId));
  if (!row) throw new NotFoundError("user_not_found", "User Not Found", "This user does not exist.");
  const licenseeId = row.licenseeId;
  const [licences, ledger, tickets, sessions, signIns] = await Promise.all([
    licenseeId
      ? db
          .select({
            id: territoryLicenses.id,
            territory: territories.name,
            offering: sql<string>`coalesce(${categories.name}, '—')`,
            status: territoryLicenses.status,
            monthlyFeeCents: sql<number>`coalesce(${territoryLicenses.finalCalculatedFeeCents}, ${territoryLicenses.monthlyFeeCents})`,
          })
          .from(territoryLicenses)
          .innerJoin(territories, eq(territories.id, territoryLicenses.territoryId))
          .leftJoin(categories, eq(categories.id, territoryLicenses.categoryId))
          .where(eq(territoryLicenses.licenseeId, licenseeId))
          .orderBy(desc(territoryLicenses.startsAt))
      : [],
    licenseeId
      ? db
          .select({
            id: clientWalletTransactions.id,
            date: clientWalletTransactions.transactionDate,
            description: clientWalletTransactions.description,
            amountCents: clientWalletTransactions.amountCents,
            type: clientWalletTransactions.transactionType,
          })
          .from(clientWalletTransactions)
          .where(eq(clientWalletTransactions.licenseeId, licenseeId))
          .orderBy(desc(clientWalletTransactions.transactionDate), desc(clientWalletTransactions.id))
          .limit(10)
      : [],
    db
      .select({
        id: supportTickets.id,
        subject: supportTickets.subject,
        status: supportTickets.status,
        priority: supportTickets.priority,
        updatedAt: supportTickets.updatedAt,
      })
      .from(supportTickets)
      .where(eq(supportTickets.userId, userId))
      .orderBy(desc(supportTickets.updatedAt))
      .limit(10),
    db
      .select({
        id: session.id,
        createdAt: session.createdAt,
        expiresAt: session.expiresAt,
        ip: session.ipAddress,
        userAgent: session.userAgent,
      })
      .from(session)
      .where(and(eq(session.userId, userId), sql`${session.expiresAt} > now()`))
      .orderBy(desc(session.createdAt))
      .limit(20),
    db
      .select({ at: auditLog.createdAt, ip: auditLog.ip, details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.action, "auth.sign_in"), eq(auditLog.entityId, userId)))
      .orderBy(desc(auditLog.createdAt))
      .limit(20),
  ]);
  const { contactName, licenseeCompany, phone, licenseeStatus, walletCents, banReason, twoFactorEnabled, ...base } =
    row;
  return {
    user: { ...base, banReason, twoFactorEnabled },
    licensee: licenseeId
      ? {
          id: licenseeId,
          contactName,
          companyName: licenseeCompany,
          phone,
          status: licenseeStatus ?? "active",
          walletCents: walletCents ?? 0,
        }
      : null,
    licences,
    ledger,
    tickets,
    sessions,
    signIns: signIns.map((s) => ({
      at: s.at,
      ip: s.ip,
      userAgent: typeof s.details?.userAgent === "string" ? s.details.userAgent : null,
    })),
  };
}

/** Locks every administrator's row: role changes and deactivations of admins serialize on it. */
async function lockAdmins(tx: DbOrTx): Promise<{ id: string; deactivated: boolean }[]> {
  const r = await tx.execute<{ id: string; banned: boolean | null }>(
    sql`select id, banned from "user" where role = 'admin' order by id for update`,
  );
  return r.rows.map((a) => ({ id: a.id, deactivated: a.banned === true }));
}

async function lockUser(tx: DbOrTx, userId: string) {
  const r = await tx.execute<{
    id: string;
    role: string | null;
    banned: boolean | null;
    email_verified: boolean;
    email: string;
  }>(sql`select id, role, banned, email_verified, email from "user" where id = ${userId} for update`);
  const u = r.rows[0];
  if (!u) throw new NotFoundError("user_not_found", "User Not Found", "This user does not exist.");
  return u;
}

function lastAdmin(message: string): DomainError {
  return new DomainError({ code: "last_admin", status: 409, title: "Last Administrator", message });
}

/**
 * Deactivate (or reactivate) a user. Deactivating bans the account (sign-in refused), deletes every session in the
 * same transaction (signed-in browsers are signed out on their next request) and marks the licensee inactive,
 * which takes their landing page offline. An administrator cannot deactivate themselves or the last active admin.
 */
export async function setUserActive(
  db: Database,
  actor: Actor,
  input: { userId: string; active: boolean; reason?: string },
): Promise<{ endedSessions: number }> {
  assertAdmin(actor);
  return db.transaction(async (tx) => {
    recordChange(tx, [CHANGE.landingPages, CHANGE.sessionsOf(input.userId)]);
    const admins = await lockAdmins(tx);
    const target = await lockUser(tx, input.userId);
    const wasActive = target.banned !== true;
    if (!input.active) {
      if (target.id === actor.userId) {
        throw new DomainError({
          code: "self_deactivation",
          status: 409,
          title: "Not Allowed",
          message: "You cannot deactivate your own account.",
        });
      }
      if (target.role === "admin" && admins.filter((a) => !a.deactivated && a.id !== target.id).length === 0) {
        throw lastAdmin("This is the last active administrator: make someone else an administrator first.");
      }
    }
    await tx
      .update(user)
      .set({
        banned: !input.active,
        banReason: input.active ? null : input.reason?.trim() || "Deactivated by an administrator",
        banExpires: null,
        updatedAt: new Date(),
      })
      .where(eq(user.id, target.id));
    const ended = input.active
      ? []
      : await tx.delete(session).where(eq(session.userId, target.id)).returning({ id: session.id });
    await tx
      .update(licensees)
      .set({ status: input.active ? "active" : "inactive", updatedAt: new Date() })
      .where(eq(licensees.userId, target.id));
    await recordAudit(tx, actor, {
      action: input.active ? "user.reactivate" : "user.deactivate",
      entityType: "user",
      entityId: target.id,
      details: {
        email: target.email,
        before: { active: wasActive },
        after: { active: input.active },
        ...(input.active ? {} : { reason: input.reason?.trim() || null, endedSessions: ended.length }),
      },
    });
    return { endedSessions: ended.length };
  });
}

/** Make a user an administrator or take it back. Only verified addresses are promoted; the last admin stays. */
export async function setUserRole(db: Database, actor: Actor, input: { userId: string; role: "admin" | "user" }) {
  assertAdmin(actor);
  await db.transaction(async (tx) => {
    const admins = await lockAdmins(tx);
    const target = await lockUser(tx, input.userId);
    const before = target.role === "admin" ? "admin" : "user";
    if (before === input.role) return;
    if (input.role === "admin" && !target.email_verified) {
      throw new DomainError({
        code: "unverified_admin",
        status: 409,
        title: "Email Not Verified",
        message: "Only a user with a verified email address can be made an administrator.",
      });
    }
    if (input.role === "user" && admins.filter((a) => !a.deactivated && a.id !== target.id).length === 0) {
      throw lastAdmin("This is the last active administrator: make someone else an administrator first.");
    }
    await tx.update(user).set({ role: input.role, updatedAt: new Date() }).where(eq(user.id, target.id));
    // A new role takes effect at once: none of the account's sessions needs ending, but every process drops the ones
    // it keeps, so their next request reads the role afresh.
    recordChange(tx, CHANGE.sessionsOf(target.id));
    await recordAudit(tx, actor, {
      action: "user.role_change",
      entityType: "user",
      entityId: target.id,
      details: { email: target.email, before: { role: before }, after: { role: input.role } },
    });
  });
}

/** A licensee record for a user who has none (their portal then shows the licensee screens). */
export async function createLicenseeForUser(db: Database, actor: Actor, input: { userId: string }): Promise<string> {
  assertAdmin(actor);
  return db.transaction(async (tx) => {
    recordChange(tx, [CHANGE.landingPages, CHANGE.sessionsOf(input.userId)]);
    const target = await lockUser(tx, input.userId);
    const [u] = await tx
      .select({ name: user.name, companyName: user.companyName })
      .from(user)
      .where(eq(user.id, target.id));
    const [created] = await tx
      .insert(licensees)
      .values({
        userId: target.id,
        email: target.email,
        contactName: u?.name ?? null,
        companyName: u?.companyName ?? null,
      })
      .onConflictDoNothing({ target: licensees.userId })
      .returning({ id: licensees.id });
    if (!created) {
      throw new DomainError({
        code: "already_licensee",
        status: 409,
        title: "Already a Licensee",
        message: "This user already has a licensee record.",
      });
    }
    await recordAudit(tx, actor, {
      action: "licensee.create",
      entityType: "licensee",
      entityId: created.id,
      details: { userId: target.id, email: target.email },
    });
    return created.id;
  });
}

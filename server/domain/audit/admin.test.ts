import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, user } from "#server/db/schema/index.ts";
import { createTestDb, type TestDb } from "#server/db/test-utils.ts";
import { type AuditListQuery, auditFilterChoices, listAuditPage } from "./admin.ts";
import { recordAudit } from "./audit.ts";

let t: TestDb;
const now = new Date("2026-11-23T12:00:00Z");
beforeAll(async () => {
  t = await createTestDb();
  await t.db
    .insert(user)
    .values({ id: "admin-1", name: "Ada Admin", email: "ada@poundcodes.test", emailVerified: true, role: "admin" });
  await recordAudit(
    t.db,
    { userId: "admin-1", ip: "203.0.113.1" },
    {
      action: "territory.update",
      entityType: "territory",
      entityId: "t-1",
      details: { before: { fee: 1 }, after: { fee: 2 } },
    },
  );
  await recordAudit(
    t.db,
    { userId: null, ip: null },
    { action: "reservation.expire", entityType: "reservation", entityId: "r-1" },
  );
  await t.db.insert(auditLog).values({
    action: "pricing.import",
    entityType: "territory",
    entityId: null,
    actorUserId: "admin-1",
    createdAt: new Date("2026-10-01T00:00:00Z"),
  });
});
afterAll(() => t.close());

const query = (filters: AuditListQuery["filters"], q = ""): AuditListQuery => ({
  q,
  sort: "created",
  dir: "desc",
  page: 1,
  size: 25,
  filters,
});

describe("the audit log list", () => {
  it("filters by actor (a user or the system), entity and period, newest first", async () => {
    const all = await listAuditPage(t.db, query({}), now);
    expect(all.total).toBe(3);
    expect((await listAuditPage(t.db, query({ actor: "system" }), now)).rows.map((r) => r.action)).toEqual([
      "reservation.expire",
    ]);
    const byAdmin = await listAuditPage(t.db, query({ actor: "admin-1" }), now);
    expect(byAdmin.rows.map((r) => r.action).sort()).toEqual(["pricing.import", "territory.update"]);
    expect(byAdmin.rows[0]?.actorEmail).toBe("ada@poundcodes.test");
    expect((await listAuditPage(t.db, query({ entity: "reservation" }), now)).total).toBe(1);
    const week = await listAuditPage(t.db, query({ period: "7d" }), now);
    expect(week.rows.map((r) => r.action).sort()).toEqual(["reservation.expire", "territory.update"]);
  });

  it("searches action and entity id, and keeps before/after details", async () => {
    const found = await listAuditPage(t.db, query({}, "t-1"), now);
    expect(found.rows).toHaveLength(1);
    expect(found.rows[0]?.details).toEqual({ before: { fee: 1 }, after: { fee: 2 } });
  });

  it("offers the actors and entity types that appear in the log", async () => {
    const c = await auditFilterChoices(t.db);
    expect(c.actors).toEqual([{ id: "admin-1", email: "ada@poundcodes.test" }]);
    expect(c.entityTypes).toEqual(["reservation", "territory"]);
  });
});

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditLog, licensees, session, user } from "#server/db/schema/index.ts";
import { createTestDb, type TestDb } from "#server/db/test-utils.ts";
import type { Actor } from "../actor.ts";
import { CHANGE, unwatchChanges, watchChanges } from "../changes.ts";
import {
  createLicenseeForUser,
  getUserDetail,
  listUsersPage,
  setUserActive,
  setUserRole,
  type UserListQuery,
} from "./admin.ts";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.close());

const adminA: Actor = { userId: "admin-a", role: "admin", ip: "203.0.113.1" };
const adminB: Actor = { userId: "admin-b", role: "admin", ip: "203.0.113.2" };
const member: Actor = { userId: "member-1", role: "user", ip: "203.0.113.3" };

beforeEach(async () => {
  await t.db.delete(session);
  await t.db.delete(licensees);
  await t.db.delete(auditLog);
  await t.db.delete(user);
  await t.db.insert(user).values([
    { id: "admin-a", name: "Ada Admin", email: "ada@poundcodes.test", emailVerified: true, role: "admin" },
    { id: "admin-b", name: "Bo Admin", email: "bo@poundcodes.test", emailVerified: true, role: "admin" },
    {
      id: "member-1",
      name: "Mia Member",
      email: "mia@lawfirm.test",
      emailVerified: true,
      role: "user",
      companyName: "Mia Law",
    },
    { id: "member-2", name: "Ned New", email: "ned@example.test", emailVerified: false, role: "user" },
  ]);
  await t.db.insert(licensees).values({ userId: "member-1", email: "mia@lawfirm.test", companyName: "Mia Law LLC" });
  const later = new Date(Date.now() + 86_400_000);
  await t.db.insert(session).values([
    {
      id: "s1",
      token: "tok-1",
      userId: "member-1",
      expiresAt: later,
      updatedAt: new Date(),
      ipAddress: "198.51.100.1",
    },
    { id: "s2", token: "tok-2", userId: "member-1", expiresAt: later, updatedAt: new Date() },
  ]);
});

const query = (filters: UserListQuery["filters"], q = ""): UserListQuery => ({
  q,
  sort: "email",
  dir: "asc",
  page: 1,
  size: 25,
  filters,
});

describe("users and licensees, as administrators run them", () => {
  it("lists with search and filters, and refuses non-admins", async () => {
    expect((await listUsersPage(t.db, adminA, query({}))).total).toBe(4);
    expect((await listUsersPage(t.db, adminA, query({}, "mia law"))).rows.map((r) => r.email)).toEqual([
      "mia@lawfirm.test",
    ]);
    expect((await listUsersPage(t.db, adminA, query({ role: "admin" }))).rows.map((r) => r.id)).toEqual([
      "admin-a",
      "admin-b",
    ]);
    expect((await listUsersPage(t.db, adminA, query({ licensee: "yes" }))).rows.map((r) => r.id)).toEqual(["member-1"]);
    await expect(listUsersPage(t.db, member, query({}))).rejects.toMatchObject({ status: 403 });
    await expect(getUserDetail(t.db, member, "member-1")).rejects.toMatchObject({ status: 403 });
  });

  it("deactivation bans, ends every session at once, takes the licensee offline, and is audited; reactivation restores", async () => {
    const r = await setUserActive(t.db, adminA, { userId: "member-1", active: false, reason: "Unpaid invoices" });
    expect(r.endedSessions).toBe(2);
    expect(await t.db.$count(session, eq(session.userId, "member-1"))).toBe(0);
    const [u] = await t.db.select().from(user).where(eq(user.id, "member-1"));
    expect(u).toMatchObject({ banned: true, banReason: "Unpaid invoices" });
    const [l] = await t.db.select().from(licensees).where(eq(licensees.userId, "member-1"));
    expect(l?.status).toBe("inactive");
    const detail = await getUserDetail(t.db, adminA, "member-1");
    expect(detail.user.deactivated).toBe(true);
    expect(detail.sessions).toEqual([]);
    await setUserActive(t.db, adminA, { userId: "member-1", active: true });
    const [back] = await t.db.select().from(user).where(eq(user.id, "member-1"));
    expect(back).toMatchObject({ banned: false, banReason: null });
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.entityId, "member-1"));
    expect(audits.map((a) => a.action).sort()).toEqual(["user.deactivate", "user.reactivate"]);
  });

  it("never deactivates yourself or the last active administrator", async () => {
    await expect(setUserActive(t.db, adminA, { userId: "admin-a", active: false })).rejects.toMatchObject({
      code: "self_deactivation",
    });
    await setUserActive(t.db, adminA, { userId: "admin-b", active: false });
    await expect(setUserRole(t.db, adminA, { userId: "admin-a", role: "user" })).rejects.toMatchObject({
      code: "last_admin",
    });
  });

  it("promotes only verified addresses, and two admins demoting each other at once leave one admin", async () => {
    await expect(setUserRole(t.db, adminA, { userId: "member-2", role: "admin" })).rejects.toMatchObject({
      code: "unverified_admin",
    });
    await setUserRole(t.db, adminA, { userId: "member-1", role: "admin" });
    await setUserRole(t.db, adminA, { userId: "member-1", role: "user" });
    const results = await Promise.allSettled([
      setUserRole(t.db, adminA, { userId: "admin-b", role: "user" }),
      setUserRole(t.db, adminB, { userId: "admin-a", role: "user" }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await t.db.$count(user, eq(user.role, "admin"))).toBe(1);
  });

  it("names the one account whose sessions a deactivation, a role change or a licensee record changes", async () => {
    const heard: string[][] = [];
    watchChanges(t.db, (keys) => heard.push([...keys]));
    try {
      await setUserRole(t.db, adminA, { userId: "member-1", role: "admin" });
      await setUserActive(t.db, adminA, { userId: "member-2", active: false });
      await createLicenseeForUser(t.db, adminA, { userId: "member-2" });
      const named = heard.map((keys) => keys.filter((k) => k.startsWith("sessions")));
      expect(named).toEqual([
        [CHANGE.sessionsOf("member-1")],
        [CHANGE.sessionsOf("member-2")],
        [CHANGE.sessionsOf("member-2")],
      ]);
    } finally {
      unwatchChanges(t.db);
    }
  });

  it("creates a licensee record once for a user without one", async () => {
    const id = await createLicenseeForUser(t.db, adminA, { userId: "member-2" });
    const [l] = await t.db.select().from(licensees).where(eq(licensees.id, id));
    expect(l).toMatchObject({ userId: "member-2", email: "ned@example.test", contactName: "Ned New" });
    await expect(createLicenseeForUser(t.db, adminA, { userId: "member-2" })).rejects.toMatchObject({
      code: "already_licensee",
    });
    await expect(createLicenseeForUser(t.db, adminA, { userId: "nobody" })).rejects.toMatchObject({ status: 404 });
  });
});

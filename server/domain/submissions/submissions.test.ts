import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formSubmissions, user } from "../../db/schema/index.ts";
import { createTestDb, type TestDb } from "../../db/test-utils.ts";
import { SYSTEM_ACTOR } from "../actor.ts";
import { seedLicensee } from "../landing-pages/test-fixtures.ts";
import { getOwnSubmission, listOwnSubmissions, SubmissionNotFoundError } from "./submissions.ts";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.close());

async function leads(licenseeId: string, n: number, start = Date.UTC(2026, 9, 1)) {
  const rows = await t.db
    .insert(formSubmissions)
    .values(
      Array.from({ length: n }, (_, i) => ({
        licenseeId,
        formType: "web_form",
        submissionData: { name: `Lead ${i + 1}`, phone: `(555) 010-${String(1000 + i)}` },
        status: i % 2 === 0 ? null : "contacted",
        createdAt: new Date(start + i * 3_600_000),
      })),
    )
    .returning({ id: formSubmissions.id });
  return rows.map((r) => r.id);
}

describe("listOwnSubmissions", () => {
  it("pages the caller's own submissions newest first, with the total", async () => {
    const a = await seedLicensee(t.db);
    const b = await seedLicensee(t.db);
    await leads(a.id, 5);
    await leads(b.id, 3);
    const first = await listOwnSubmissions(t.db, { userId: a.userId }, { page: 1, size: 2 });
    expect(first.licensee).toBe(true);
    expect(first.total).toBe(5);
    expect(first.rows.map((r) => r.data.name)).toEqual(["Lead 5", "Lead 4"]);
    const last = await listOwnSubmissions(t.db, { userId: a.userId }, { page: 3, size: 2 });
    expect(last.rows.map((r) => r.data.name)).toEqual(["Lead 1"]);
    expect(last.rows[0]!.status).toBeNull();
    const beyond = await listOwnSubmissions(t.db, { userId: a.userId }, { page: 9, size: 2 });
    expect(beyond.rows).toEqual([]);
    expect(beyond.total).toBe(5);
    const mineB = await listOwnSubmissions(t.db, { userId: b.userId }, { page: 1, size: 25 });
    expect(mineB.total).toBe(3);
  });

  it("keeps equal timestamps in a stable order across pages", async () => {
    const a = await seedLicensee(t.db);
    const at = Date.UTC(2026, 10, 1);
    await t.db.insert(formSubmissions).values(
      Array.from({ length: 4 }, (_, i) => ({
        licenseeId: a.id,
        formType: "web_form",
        submissionData: { name: `Same ${i}` },
        createdAt: new Date(at),
      })),
    );
    const p1 = await listOwnSubmissions(t.db, { userId: a.userId }, { page: 1, size: 2 });
    const p2 = await listOwnSubmissions(t.db, { userId: a.userId }, { page: 2, size: 2 });
    const names = [...p1.rows, ...p2.rows].map((r) => r.data.name);
    expect(new Set(names).size).toBe(4);
  });

  it("shows only text values of the stored data", async () => {
    const a = await seedLicensee(t.db);
    await t.db.insert(formSubmissions).values({
      licenseeId: a.id,
      formType: "web_form",
      submissionData: { name: "Ana", nested: { x: 1 } as unknown as string, age: 41 as unknown as string },
    });
    const [row] = (await listOwnSubmissions(t.db, { userId: a.userId }, { page: 1, size: 5 })).rows;
    expect(row!.data).toEqual({ name: "Ana", age: "41" });
  });

  it("has no list for an account without a licensee record, or a visitor", async () => {
    const userId = `user_${randomUUID()}`;
    await t.db.insert(user).values({ id: userId, name: "No Licensee", email: `${userId}@example.com` });
    expect(await listOwnSubmissions(t.db, { userId }, { page: 1, size: 10 })).toEqual({
      licensee: false,
      rows: [],
      total: 0,
    });
    expect((await listOwnSubmissions(t.db, SYSTEM_ACTOR, { page: 1, size: 10 })).licensee).toBe(false);
  });
});

describe("getOwnSubmission", () => {
  it("answers the owner and is not found for anyone else, a malformed id or an unknown one", async () => {
    const a = await seedLicensee(t.db);
    const b = await seedLicensee(t.db);
    const [id] = await leads(a.id, 1);
    expect((await getOwnSubmission(t.db, { userId: a.userId }, id!)).data.name).toBe("Lead 1");
    await expect(getOwnSubmission(t.db, { userId: b.userId }, id!)).rejects.toBeInstanceOf(SubmissionNotFoundError);
    await expect(getOwnSubmission(t.db, { userId: b.userId, role: "admin" }, id!)).rejects.toMatchObject({
      status: 404,
    });
    await expect(getOwnSubmission(t.db, { userId: a.userId }, "not-a-uuid")).rejects.toMatchObject({ status: 404 });
    await expect(getOwnSubmission(t.db, { userId: a.userId }, randomUUID())).rejects.toMatchObject({ status: 404 });
    await expect(getOwnSubmission(t.db, SYSTEM_ACTOR, id!)).rejects.toMatchObject({ status: 404 });
  });
});

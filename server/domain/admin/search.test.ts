import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "#server/db/test-utils.ts";
import type { Actor } from "../actor.ts";
import { ForbiddenError } from "../errors.ts";
import { seedLicensee } from "../landing-pages/test-fixtures.ts";
import { seedTerritory } from "../reservations/test-fixtures.ts";
import { searchRecords } from "./search.ts";

let t: TestDb;
let admin: Actor;
beforeAll(async () => {
  t = await createTestDb();
  const staff = await seedLicensee(t.db, { companyName: "Staff" });
  admin = { userId: staff.userId, role: "admin", ip: "198.51.100.2" };
});
afterAll(() => t.close());

describe("searchRecords", () => {
  it("finds a licensee by company and a territory by name, each with the screen that opens it", async () => {
    const firm = await seedLicensee(t.db, { companyName: "Quillfeather Legal" });
    const territory = await seedTerritory(t.db);
    const byCompany = await searchRecords(t.db, admin, "quillfeather");
    expect(byCompany).toEqual([
      expect.objectContaining({ kind: "licensee", label: "Quillfeather Legal", href: `/admin/users/${firm.userId}` }),
    ]);
    const byTerritory = await searchRecords(t.db, admin, territory.name);
    expect(byTerritory).toContainEqual(
      expect.objectContaining({ kind: "territory", label: territory.name, href: `/admin/territories/${territory.id}` }),
    );
  });

  it("finds nothing for fewer than two characters, and treats wildcards as text", async () => {
    expect(await searchRecords(t.db, admin, "q")).toEqual([]);
    expect(await searchRecords(t.db, admin, "%_%")).toEqual([]);
  });

  it("is for administrators only", async () => {
    const member = await seedLicensee(t.db);
    await expect(
      searchRecords(t.db, { userId: member.userId, role: "user", ip: "203.0.113.9" }, "legal"),
    ).rejects.toBeInstanceOf(ForbiddenError);
  });
});

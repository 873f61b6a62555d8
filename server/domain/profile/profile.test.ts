import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, licensees } from "#server/db/schema/index.ts";
import { createTestDb, type TestDb } from "#server/db/test-utils.ts";
import { isDomainError } from "../errors.ts";
import { createProfile, getProfile, updateProfile } from "./profile.ts";
import { seedMember } from "./test-fixtures.ts";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.close());

const fields = {
  contactName: "Avery Stone",
  phone: "(404) 555-0199",
  companyName: "Stone Legal",
  addressLine1: "100 Peachtree St NE",
  addressLine2: undefined,
  city: "Atlanta",
  stateProvince: "GA",
  postalCode: "30303",
  country: "United States",
};

async function refused(p: Promise<unknown>) {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  if (!isDomainError(err)) throw new Error(`expected a refusal, got ${String(err)}`);
  return err;
}

describe("getProfile", () => {
  it("has no licensee for an account without a record, and says whether two-factor is on", async () => {
    const m = await seedMember(t.db, { licensee: false, companyName: "Typed At Sign-up" });
    const view = await getProfile(t.db, { userId: m.userId });
    expect(view.licensee).toBeNull();
    expect(view.account).toMatchObject({ email: m.email, companyName: "Typed At Sign-up", twoFactorEnabled: false });
  });

  it("reads only the caller's own record", async () => {
    const a = await seedMember(t.db, { name: "Alex Alpha" });
    await seedMember(t.db, { name: "Blake Beta" });
    expect((await getProfile(t.db, { userId: a.userId })).licensee?.contactName).toBe("Alex Alpha");
  });

  it("refuses a visitor", async () => {
    expect((await refused(getProfile(t.db, { userId: null }))).message).toBe("Please log in to view your profile.");
  });
});

describe("updateProfile", () => {
  it("saves the fields, keeps the email, and audits before and after", async () => {
    const m = await seedMember(t.db);
    await updateProfile(t.db, { userId: m.userId }, fields);
    const [row] = await t.db.select().from(licensees).where(eq(licensees.userId, m.userId));
    expect(row).toMatchObject({ ...fields, addressLine2: null, email: m.email });
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.entityId, row!.id));
    expect(audits.map((a) => a.action)).toEqual(["licensee.update"]);
    expect(audits[0]!.details).toMatchObject({
      before: { contactName: "Morgan Ellis", city: null },
      after: { contactName: "Avery Stone", city: "Atlanta" },
    });
  });

  it("clears a field left blank, and writes no audit row when nothing changed", async () => {
    const m = await seedMember(t.db);
    await updateProfile(t.db, { userId: m.userId }, fields);
    await updateProfile(t.db, { userId: m.userId }, { ...fields, city: undefined });
    await updateProfile(t.db, { userId: m.userId }, { ...fields, city: undefined });
    const [row] = await t.db.select().from(licensees).where(eq(licensees.userId, m.userId));
    expect(row!.city).toBeNull();
    expect(await t.db.select().from(auditLog).where(eq(auditLog.entityId, row!.id))).toHaveLength(2);
  });

  it("refuses an account without a record ('No Licensee Profile') and writes nothing", async () => {
    const m = await seedMember(t.db, { licensee: false });
    const err = await refused(updateProfile(t.db, { userId: m.userId }, fields));
    expect(err).toMatchObject({ code: "no_licensee", title: "No Licensee Profile" });
    expect(await t.db.select().from(licensees).where(eq(licensees.userId, m.userId))).toHaveLength(0);
  });
});

describe("createProfile", () => {
  it("creates the record with the account's email, audited", async () => {
    const m = await seedMember(t.db, { licensee: false });
    const { licenseeId } = await createProfile(t.db, { userId: m.userId }, fields);
    const [row] = await t.db.select().from(licensees).where(eq(licensees.id, licenseeId));
    expect(row).toMatchObject({ userId: m.userId, email: m.email, contactName: "Avery Stone", status: "active" });
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.entityId, licenseeId));
    expect(audits.map((a) => a.action)).toEqual(["licensee.create"]);
  });

  it("carries the company name typed at sign-up when the form leaves it blank", async () => {
    const m = await seedMember(t.db, { licensee: false, companyName: "Hartwell Law" });
    const { licenseeId } = await createProfile(t.db, { userId: m.userId }, { ...fields, companyName: undefined });
    const [row] = await t.db.select().from(licensees).where(eq(licensees.id, licenseeId));
    expect(row!.companyName).toBe("Hartwell Law");
  });

  it("refuses a second record for the same account, even when two arrive at once", async () => {
    const m = await seedMember(t.db, { licensee: false });
    const results = await Promise.allSettled([
      createProfile(t.db, { userId: m.userId }, fields),
      createProfile(t.db, { userId: m.userId }, fields),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const failed = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(failed.reason).toMatchObject({ code: "licensee_exists", status: 409 });
    expect(await t.db.select().from(licensees).where(eq(licensees.userId, m.userId))).toHaveLength(1);
  });
});

/**
 * For the catalogue tests (tests only): a database with the demo seed, a query counter, and the rows the category
 * and keyword tests need, inserted directly.
 */
import { randomBytes } from "node:crypto";
import type { TerritoryCategoryStatus } from "#kernel/enums.ts";
import type { Database, DbOrTx } from "#server/db/client.ts";
import {
  licensees,
  reservations,
  territories,
  territoryCategories,
  territoryLicenses,
  user,
  waitlistEntries,
} from "#server/db/schema/index.ts";
import { seedDemo } from "#server/db/seed/seed.ts";
import { createTestDb, type TestDb } from "#server/db/test-utils.ts";
import type { Actor } from "../actor.ts";

export async function createSeededDb(): Promise<TestDb> {
  const t = await createTestDb();
  const result = await seedDemo(t.db, {
    createDemoUser: async (input) => {
      const id = "catalogue-test-demo-user";
      await t.db.insert(user).values({ id, email: input.email, name: input.name, emailVerified: true });
      return { id };
    },
  });
  if (!result) throw new Error("demo seed did not run");
  return t;
}

/**
 * The database with a count of the queries started through it (select / insert / update / delete / execute
 * builders). Enough to show a read model does a fixed number of queries.
 */
export function countingDb<T extends DbOrTx>(db: T): { db: T; count: () => number } {
  let n = 0;
  const counted = new Set(["select", "selectDistinct", "insert", "update", "delete", "execute"]);
  const proxy = new Proxy(db, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (typeof prop === "string" && counted.has(prop) && typeof value === "function") {
        return (...args: unknown[]) => {
          n++;
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      }
      return value;
    },
  });
  return { db: proxy, count: () => n };
}

export const ADMIN: Actor = { userId: null, role: "admin", ip: "203.0.113.9" };
export const MEMBER: Actor = { userId: null, role: "user", ip: "203.0.113.10" };

let stateSeq = 0;
/** A territory with a fresh two-letter state code (the schema asks for A–Z only). */
export async function seedTerritory(db: Database): Promise<string> {
  const n = stateSeq++;
  const state = String.fromCharCode(65 + Math.floor(n / 26), 65 + (n % 26));
  const [row] = await db
    .insert(territories)
    .values({ name: `Territory ${state}`, state, slug: `territory-${state.toLowerCase()}` })
    .returning({ id: territories.id });
  return row!.id;
}

export async function linkTerritory(
  db: Database,
  territoryId: string,
  categoryId: string,
  status: TerritoryCategoryStatus = "available",
): Promise<void> {
  await db.insert(territoryCategories).values({ territoryId, categoryId, status });
}

export async function seedLicence(db: Database, territoryId: string, categoryId: string): Promise<void> {
  const userId = `user_${randomBytes(6).toString("hex")}`;
  await db
    .insert(user)
    .values({ id: userId, name: "Dana Whitfield", email: `${userId}@example.com`, emailVerified: true });
  const [lic] = await db
    .insert(licensees)
    .values({ userId, email: `${userId}@example.com`, companyName: "Harbor Legal Group" })
    .returning({ id: licensees.id });
  await db.insert(territoryLicenses).values({ licenseeId: lic!.id, territoryId, categoryId, monthlyFeeCents: 50_000 });
}

export async function seedReservation(
  db: Database,
  territoryId: string,
  categoryId: string,
  status: "active" | "expired" = "expired",
): Promise<void> {
  await db.insert(reservations).values({
    territoryId,
    categoryId,
    name: "Dana Whitfield",
    email: "dana@example.com",
    status,
    expiresAt: new Date("2026-01-01T00:00:00Z"),
  });
}

export async function seedWaitlist(db: Database, territoryId: string, categoryId: string): Promise<void> {
  await db.insert(waitlistEntries).values({ territoryId, categoryId, email: "wait@example.com" });
}

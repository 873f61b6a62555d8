/** Rows the category and keyword tests need, inserted directly (tests only). */
import { randomBytes } from "node:crypto";
import type { TerritoryCategoryStatus } from "#kernel/enums.ts";
import type { Database } from "#server/db/client.ts";
import {
  licensees,
  reservations,
  territories,
  territoryCategories,
  territoryLicenses,
  user,
  waitlistEntries,
} from "#server/db/schema/index.ts";
import type { Actor } from "../actor.ts";

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

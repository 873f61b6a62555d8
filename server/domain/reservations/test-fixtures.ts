/** Rows for the reservation and waitlist tests, inserted directly (tests only). */
import { randomBytes } from "node:crypto";
import type { TerritoryCategoryStatus, TerritoryStatus } from "#kernel/enums.ts";
import { reservationSchema } from "#kernel/schemas/reservation.ts";
import type { Database } from "../../db/client.ts";
import {
  categories,
  licensees,
  territories,
  territoryCategories,
  territoryLicenses,
  territoryVanityNumbers,
  user,
  vanityNumbers,
} from "../../db/schema/index.ts";

const used = new Set<string>();
/** A fresh two-letter state code per call, so (state, portion) stays unique within one database. */
function freshState(): string {
  for (;;) {
    const b = randomBytes(2);
    const code = String.fromCharCode(65 + (b[0]! % 26), 65 + (b[1]! % 26));
    if (!used.has(code)) {
      used.add(code);
      return code;
    }
  }
}

export async function seedTerritory(
  db: Database,
  opts: { name?: string; status?: TerritoryStatus } = {},
): Promise<{ id: string; name: string; slug: string }> {
  const state = freshState();
  const name = opts.name ?? `Territory ${state}`;
  const [row] = await db
    .insert(territories)
    .values({
      name,
      state,
      slug: `${name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${state.toLowerCase()}`,
      status: opts.status ?? "available",
      areaCodes: ["213", "310"],
      population: 1_000_000,
      baseMonthlyFeeCents: 50_000,
      baseSetupFeeCents: 20_000,
    })
    .returning({ id: territories.id, name: territories.name, slug: territories.slug });
  return row!;
}

let categorySeq = 0;
export async function seedCategory(db: Database, name?: string): Promise<{ id: string; name: string; slug: string }> {
  categorySeq++;
  const n = name ?? `#CODE${categorySeq}${randomBytes(2).toString("hex").toUpperCase()}`;
  const [row] = await db
    .insert(categories)
    .values({ name: n, slug: `hash-${n.slice(1).toLowerCase()}`, feePercentageOfBase: 100 })
    .returning({ id: categories.id, name: categories.name, slug: categories.slug });
  return row!;
}

export async function setCategoryStatus(
  db: Database,
  territoryId: string,
  categoryId: string,
  status: TerritoryCategoryStatus,
): Promise<void> {
  await db
    .insert(territoryCategories)
    .values({ territoryId, categoryId, status })
    .onConflictDoUpdate({
      target: [territoryCategories.territoryId, territoryCategories.categoryId],
      set: { status },
    });
}

/**
 * An active licence of the pair to a new licensee (the status row is left as it is). `offering` is a category id,
 * or `{ vanityNumberId }`.
 */
export async function seedActiveLicence(
  db: Database,
  territoryId: string,
  offering: string | { vanityNumberId: string },
): Promise<string> {
  const userId = await seedUser(db);
  const [lic] = await db
    .insert(licensees)
    .values({ userId, email: `licensee-${userId}@example.com`, companyName: "Harbor Legal Group" })
    .returning({ id: licensees.id });
  const [row] = await db
    .insert(territoryLicenses)
    .values({
      licenseeId: lic!.id,
      territoryId,
      ...(typeof offering === "string" ? { categoryId: offering } : offering),
      monthlyFeeCents: 50_000,
    })
    .returning({ id: territoryLicenses.id });
  return row!.id;
}

/** A verified account; `email` defaults to one of its own (reserve with the same address to hold at once). */
export async function seedUser(db: Database, email?: string): Promise<string> {
  const id = `user_${randomBytes(8).toString("hex")}`;
  await db
    .insert(user)
    .values({ id, name: "Dana Whitfield", email: email ?? `${id}@example.com`, emailVerified: true });
  return id;
}

let emailSeq = 0;
/** A complete, valid form. Each call gets its own email (one address may hold only a few pairs at once). */
export function validReservation(
  territoryId: string,
  categoryId: string,
  email = `Dana.Whitfield.${++emailSeq}@Example.com`,
) {
  return reservationSchema.parse({
    territoryId,
    categoryId,
    name: "Dana Whitfield",
    email,
    phone: "(555) 123-4567",
    company: "Whitfield Injury Law",
    message: "We would like to launch in the spring.",
    agreeToTerms: true,
  });
}

let vanitySeq = 0;
/** A vanity number (toll-free form "(800) LAW-Hnnn"), on sale unless `status` says 'pending'. */
export async function seedVanityNumber(
  db: Database,
  opts: { status?: "available" | "pending"; monthlyFeeCents?: number | null; setupFeeCents?: number | null } = {},
): Promise<{ id: string; numberText: string; slug: string }> {
  vanitySeq++;
  const suffix = `${vanitySeq}${randomBytes(2).toString("hex").toUpperCase()}`;
  const numberText = `(800) LAW-${suffix}`;
  const [row] = await db
    .insert(vanityNumbers)
    .values({
      numberText,
      slug: `800-law-${suffix.toLowerCase()}`,
      name: "Law Help Line",
      status: opts.status ?? "available",
      monthlyFeeCents: opts.monthlyFeeCents === undefined ? 49_900 : opts.monthlyFeeCents,
      setupFeeCents: opts.setupFeeCents === undefined ? 75_000 : opts.setupFeeCents,
    })
    .returning({ id: vanityNumbers.id, numberText: vanityNumbers.numberText, slug: vanityNumbers.slug });
  return row!;
}

/** Sets a vanity number's status in a territory (tests only; the domain goes through the availability module). */
export async function setVanityStatus(
  db: Database,
  territoryId: string,
  vanityNumberId: string,
  status: TerritoryCategoryStatus,
): Promise<void> {
  await db
    .insert(territoryVanityNumbers)
    .values({ territoryId, vanityNumberId, status })
    .onConflictDoUpdate({
      target: [territoryVanityNumbers.territoryId, territoryVanityNumbers.vanityNumberId],
      set: { status },
    });
}

/** A complete, valid form for a vanity number in a territory. */
export function validVanityReservation(territoryId: string, vanityNumberId: string, email?: string) {
  const { categoryId: _none, ...rest } = validReservation(territoryId, "00000000-0000-0000-0000-000000000000", email);
  return reservationSchema.parse({ ...rest, agreeToTerms: true, vanityNumberId });
}

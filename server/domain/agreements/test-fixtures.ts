/** Rows for the agreements tests, inserted directly (tests only). */
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { US_STATE_NAMES, US_STATES } from "#kernel/us-states.ts";
import type { Database } from "../../db/client.ts";
import { categories, licensees, territories, territoryLicenses, user, vanityNumbers } from "../../db/schema/index.ts";
import { localStorage } from "../../integrations/storage/storage.ts";
import type { Actor } from "../actor.ts";
import { draftAgreement } from "./agreements.ts";

export function tempStorage() {
  const root = mkdtempSync(path.join(tmpdir(), "pc-agreements-"));
  return { root, storage: localStorage(root) };
}

let seq = 0;

export async function seedUser(db: Database, opts: { role?: "admin" | "user"; name?: string } = {}): Promise<string> {
  const id = `user_${randomBytes(8).toString("hex")}`;
  await db.insert(user).values({
    id,
    name: opts.name ?? "Dana Hartwell",
    email: `${id}@example.com`,
    emailVerified: true,
    role: opts.role ?? "user",
  });
  return id;
}

/** A user with a licensee record; the actor signs in as that user. */
export async function seedLicensee(db: Database, companyName = "Hartwell & Reyes Injury Law") {
  const userId = await seedUser(db);
  const [lic] = await db
    .insert(licensees)
    .values({
      userId,
      email: `${userId}@example.com`,
      companyName,
      contactName: "Dana Hartwell",
      addressLine1: "1450 Peachtree Street NE",
      addressLine2: "Suite 900",
      city: "Atlanta",
      stateProvince: "GA",
      postalCode: "30309",
    })
    .returning({ id: licensees.id });
  const actor: Actor = { userId, role: "user", ip: "203.0.113.9" };
  return { userId, licenseeId: lic!.id, actor };
}

/** A licence of a fresh #Code in a fresh territory to the licensee. */
export async function seedLicence(db: Database, licenseeId: string, opts: { startsAt?: Date; vanity?: string } = {}) {
  // (state, portion) is unique: walk the real states, then their portions.
  const state = US_STATES[seq % US_STATES.length]!.code;
  const portion = ([null, "N", "C", "S", "E", "W"] as const)[Math.floor(seq / US_STATES.length) % 6]!;
  seq++;
  const suffix = randomBytes(3).toString("hex");
  const [territory] = await db
    .insert(territories)
    .values({
      name: `${US_STATE_NAMES[state]} ${suffix}`,
      state,
      portion,
      slug: `territory-${suffix}-${state.toLowerCase()}`,
      areaCodes: ["404", "470", "678"],
      population: 10_711_908,
      baseMonthlyFeeCents: 214_000,
      baseSetupFeeCents: 20_000,
      minutesMultiplier: 1.2,
      smsMultiplier: 1,
    })
    .returning({ id: territories.id, name: territories.name });
  const code = `#LAW${suffix.toUpperCase()}`;
  const [category] = await db
    .insert(categories)
    .values({ name: code, slug: `hash-law${suffix}`, feePercentageOfBase: 100 })
    .returning({ id: categories.id, name: categories.name });
  const [licence] = await db
    .insert(territoryLicenses)
    .values({
      licenseeId,
      territoryId: territory!.id,
      categoryId: category!.id,
      monthlyFeeCents: 250_500,
      baseLicenseFeeCents: 214_000,
      categoryModifierAmountCents: 0,
      keywordModifierAmountCents: 36_500,
      finalCalculatedFeeCents: 250_500,
      setupFeeCents: 20_000,
      pricingDetails: { setup_fee: 20_000, keyword_group: "Legal Keywords" },
      startsAt: opts.startsAt ?? new Date("2027-01-04T05:00:00Z"),
    })
    .returning({ id: territoryLicenses.id });
  if (opts.vanity) {
    await db.insert(vanityNumbers).values({
      numberText: opts.vanity,
      slug: opts.vanity.toLowerCase().replace(/[^a-z0-9]+/g, "-") + suffix,
      status: "licensed",
      associatedPoundCode: code,
      licenseeId,
      territoryId: territory!.id,
    });
  }
  return { state, territory: territory!, category: category!, licenceId: licence!.id };
}

/** A licensee with a licence and its pending agreement, drafted the way the product drafts it. */
export async function seedPendingAgreement(db: Database, owner?: Awaited<ReturnType<typeof seedLicensee>>) {
  const o = owner ?? (await seedLicensee(db));
  const l = await seedLicence(db, o.licenseeId);
  const { agreementId } = await draftAgreement(
    db,
    { licenseeId: o.licenseeId, territoryLicenseId: l.licenceId },
    { now: new Date("2026-11-16T15:00:00Z") },
  );
  return { ...o, ...l, agreementId };
}

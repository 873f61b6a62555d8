/**
 * Status of every #Code in every territory (59 × 10 = 590 territory_categories rows), and the territory status
 * derived from them. Deterministic: a seeded PRNG (mulberry32), never Math.random.
 *
 * Distribution:
 * - Fully licensed (all ten #Codes licensed): Connecticut, Nevada and Rhode Island.
 * - Every other territory draws a profile from the PRNG, in key order:
 *   - 15 % partially licensed: 1 to 3 #Codes licensed, and with a 40 % chance one more in negotiations;
 *   - 10 % in negotiations: 1 or 2 #Codes in negotiations, none licensed;
 *   - the rest available: all ten #Codes available.
 *   The PRNG never picks #4LAW, so #4LAW stays available for reservation demos in most territories.
 * - Fixed #4LAW licenses: Georgia and Central Florida (the demo licensee, Hartwell & Reyes Injury Law) and both Texas
 *   portions (licensed to firms outside the demo data).
 * - Territory status: all ten licensed → "licensed"; at least one licensed → "partial"; at least one in negotiations
 *   → "negotiations"; otherwise "available". So all four map statuses occur.
 */
import type { TerritoryCategoryStatus, TerritoryStatus } from "#kernel/enums.ts";
import { POUND_CODES } from "./categories.ts";
import { TERRITORIES } from "./territories.ts";

export const STATUS_PRNG_SEED = 20_261_121;

/** mulberry32: a small, fast, deterministic PRNG returning floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export const FULLY_LICENSED_TERRITORIES: readonly string[] = ["CT", "NV", "RI"];

/** #4LAW licenses fixed by the demo data: the demo licensee's two licenses, then other firms' Texas licenses. */
export const DEMO_LICENSEE_4LAW_TERRITORIES: readonly string[] = ["GA", "FL-C"];
export const OTHER_4LAW_LICENSED_TERRITORIES: readonly string[] = ["TX-E", "TX-W"];

export interface TerritoryCategoryStatusSeed {
  territoryKey: string;
  /** Category slug, e.g. "hash-4law". */
  categorySlug: string;
  status: TerritoryCategoryStatus;
}

function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    const a = copy[i] as T;
    copy[i] = copy[j] as T;
    copy[j] = a;
  }
  return copy;
}

function buildStatuses(): TerritoryCategoryStatusSeed[] {
  const random = mulberry32(STATUS_PRNG_SEED);
  const codeSlugs = POUND_CODES.map((c) => c.slug);
  const pickable = codeSlugs.filter((slug) => slug !== "hash-4law");
  const rows: TerritoryCategoryStatusSeed[] = [];
  const keys = TERRITORIES.map((t) => t.key).sort();
  for (const key of keys) {
    const statuses = new Map<string, TerritoryCategoryStatus>(codeSlugs.map((slug) => [slug, "available"]));
    if (FULLY_LICENSED_TERRITORIES.includes(key)) {
      for (const slug of codeSlugs) statuses.set(slug, "licensed");
    } else {
      const profile = random();
      const order = shuffled(pickable, random);
      if (profile < 0.15) {
        const licensed = 1 + Math.floor(random() * 3);
        for (const slug of order.slice(0, licensed)) statuses.set(slug, "licensed");
        const next = order[licensed];
        if (random() < 0.4 && next) statuses.set(next, "negotiations");
      } else if (profile < 0.25) {
        const negotiating = 1 + Math.floor(random() * 2);
        for (const slug of order.slice(0, negotiating)) statuses.set(slug, "negotiations");
      }
    }
    if (DEMO_LICENSEE_4LAW_TERRITORIES.includes(key) || OTHER_4LAW_LICENSED_TERRITORIES.includes(key)) {
      statuses.set("hash-4law", "licensed");
    }
    for (const slug of codeSlugs)
      rows.push({ territoryKey: key, categorySlug: slug, status: statuses.get(slug) ?? "available" });
  }
  return rows;
}

/** One row per territory × #Code. */
export const TERRITORY_CATEGORY_STATUSES: readonly TerritoryCategoryStatusSeed[] = buildStatuses();

/** Map status of a territory from the statuses of its #Codes. */
export function deriveTerritoryStatus(statuses: readonly TerritoryCategoryStatus[]): TerritoryStatus {
  const licensed = statuses.filter((s) => s === "licensed").length;
  if (statuses.length > 0 && licensed === statuses.length) return "licensed";
  if (licensed > 0) return "partial";
  if (statuses.includes("negotiations")) return "negotiations";
  return "available";
}

function buildTerritoryStatuses(): ReadonlyMap<string, TerritoryStatus> {
  const byTerritory = new Map<string, TerritoryCategoryStatus[]>();
  for (const row of TERRITORY_CATEGORY_STATUSES) {
    const list = byTerritory.get(row.territoryKey) ?? [];
    list.push(row.status);
    byTerritory.set(row.territoryKey, list);
  }
  return new Map([...byTerritory].map(([key, statuses]) => [key, deriveTerritoryStatus(statuses)]));
}

/** Territory key → derived territory status. */
export const TERRITORY_STATUS_BY_KEY: ReadonlyMap<string, TerritoryStatus> = buildTerritoryStatuses();

export function statusOf(territoryKey: string, categorySlug: string): TerritoryCategoryStatus {
  const row = TERRITORY_CATEGORY_STATUSES.find(
    (r) => r.territoryKey === territoryKey && r.categorySlug === categorySlug,
  );
  if (!row) throw new Error(`No status for ${categorySlug} in ${territoryKey}`);
  return row.status;
}

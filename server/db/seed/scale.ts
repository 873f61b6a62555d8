/**
 * The scale fixture (issue 27): grows the demo catalog so the uncached pages can be measured on a catalog the
 * size the product is meant to reach (`npm run scale -- --scale=50`, `npm run bench -- --scale=50`).
 *
 * - Adds {@link POUND_CODES_PER_SCALE} × scale #Codes and {@link VANITY_NUMBERS_PER_SCALE} × scale vanity numbers, each
 *   with one status row in every territory: at scale 50 the demo's 14 categories become 514 with 30,090
 *   territory × category rows (590 before), and its 23 vanity numbers 1,023 with 59,119 territory rows (119 before),
 *   the catalog issue 27 measured.
 * - Each new pair's status is drawn: {@link LICENSED_SHARE} licensed, {@link HELD_SHARE} in negotiations, the rest
 *   available. A pair is new, so no reservation or license names it, and it gets exactly one status row: nothing is
 *   held or licensed twice. A licensed row stands for a license outside the demo data, as the demo's Texas #4LAW rows
 *   do (no constraint asks for a license row behind a status).
 * - Deterministic: the same scale and seed on the same demo catalog give the same rows (mulberry32, never
 *   Math.random; territories in key order). Names never collide with what the catalog already holds.
 * - Grows once: a catalog already grown (by any scale) is left as it is and `null` returned, as seedDemo does on a
 *   seeded database. The grown vanity numbers carry {@link SCALE_FIXTURE_NOTE} in their administrator notes.
 * - Needs the demo seed (its territories): refused on a database without territories.
 * - One transaction, multi-row inserts of {@link CHUNK_ROWS} rows (well under PostgreSQL's 65,535 parameters), on
 *   PGlite and PostgreSQL alike. It records a catalog change, so a server watching `db` drops its cached pages and
 *   read models after commit; another process (the CLI) must restart the server or signal it (scripts/scale-catalog.ts).
 */
import { count, eq, like } from "drizzle-orm";
import type { TerritoryCategoryStatus } from "#kernel/enums.ts";
import { CHANGE, recordChange } from "#server/domain/changes.ts";
import type { Database, Tx } from "../client.ts";
import {
  categories,
  type NewCategory,
  type NewVanityNumber,
  territories,
  territoryCategories,
  territoryVanityNumbers,
  vanityNumbers,
} from "../schema/index.ts";
import { territoryKey } from "./data/territories.ts";
import { mulberry32 } from "./data/territory-category-statuses.ts";
import { dialDigits, vanitySlug } from "./data/vanity-numbers.ts";

/** #Codes added per unit of scale. */
export const POUND_CODES_PER_SCALE = 10;
/** Vanity numbers added per unit of scale. */
export const VANITY_NUMBERS_PER_SCALE = 20;
/** The PRNG seed when none is given. */
export const DEFAULT_SCALE_SEED = 27;
/** Share of the new pairs licensed. */
export const LICENSED_SHARE = 0.1;
/** Share of the new pairs in negotiations (held). */
export const HELD_SHARE = 0.15;
/** Rows per insert statement. */
export const CHUNK_ROWS = 1_000;
/** How the administrator notes of a grown vanity number begin; its presence means the catalog was grown. */
export const SCALE_FIXTURE_NOTE = "Scale fixture";

/** Rows per status among the pairs added. */
export type StatusCounts = Record<TerritoryCategoryStatus, number>;

/** What a growth added, and what the catalog holds after it. */
export interface GrowthCounts {
  scale: number;
  seed: number;
  added: {
    poundCodes: number;
    territoryCategories: number;
    vanityNumbers: number;
    territoryVanityNumbers: number;
  };
  /** The statuses of the pairs added, per kind of offering. */
  statuses: { poundCodes: StatusCounts; vanityNumbers: StatusCounts };
  /** The catalog after the growth (categories include the keyword groups). */
  totals: {
    categories: number;
    poundCodes: number;
    territoryCategories: number;
    vanityNumbers: number;
    territoryVanityNumbers: number;
  };
}

/**
 * Words of the new #Codes and vanity numbers, with the trade each one speaks to. Upper-case letters only, so a code
 * reads as the demo's do ("#4LAW") and a vanity number spells digits on a keypad.
 */
const TRADES: readonly (readonly [word: string, trade: string])[] = [
  ["LAWYER", "law firms of every practice area"],
  ["LEGAL", "legal aid offices and general practice law firms"],
  ["INJURY", "personal injury attorneys"],
  ["CRASH", "auto accident attorneys and collision centers"],
  ["DUI", "DUI defense attorneys"],
  ["BAIL", "bail bond agents"],
  ["WILLS", "estate planning attorneys"],
  ["ESTATE", "probate and estate attorneys"],
  ["PATENT", "patent and trademark attorneys"],
  ["VISA", "immigration attorneys and visa consultants"],
  ["CUSTODY", "family law and child custody attorneys"],
  ["CLAIMS", "insurance claim advocates and public adjusters"],
  ["DENTAL", "dentists and dental clinics"],
  ["SMILE", "cosmetic dentists and orthodontists"],
  ["BRACES", "orthodontists"],
  ["VISION", "optometrists and eye care centers"],
  ["HEARING", "audiologists and hearing aid centers"],
  ["CLINIC", "walk-in and urgent care clinics"],
  ["DOCTOR", "primary care practices"],
  ["NURSE", "home health and nursing agencies"],
  ["REHAB", "physical therapy and rehabilitation centers"],
  ["THERAPY", "counselors and therapists"],
  ["PHARMACY", "independent pharmacies"],
  ["SENIOR", "senior living communities and in-home care"],
  ["HOSPICE", "hospice and palliative care providers"],
  ["PETS", "veterinarians and pet care businesses"],
  ["GROOM", "pet groomers"],
  ["PLUMBER", "plumbers"],
  ["DRAIN", "drain cleaning services"],
  ["SEPTIC", "septic tank services"],
  ["HVAC", "heating and air conditioning contractors"],
  ["COOL", "air conditioning repair services"],
  ["HEAT", "furnace and heating repair services"],
  ["SOLAR", "solar installers"],
  ["POWER", "electricians and generator dealers"],
  ["WATER", "water treatment and well services"],
  ["MOLD", "mold remediation companies"],
  ["FLOOD", "water damage restoration companies"],
  ["PEST", "pest control companies"],
  ["LAWN", "lawn care and landscaping companies"],
  ["TREE", "tree service and arborists"],
  ["POOL", "pool builders and pool service companies"],
  ["PAINT", "painting contractors"],
  ["FLOOR", "flooring stores and installers"],
  ["GLASS", "glass and window repair shops"],
  ["LOCKS", "locksmiths"],
  ["FENCE", "fence contractors"],
  ["DECK", "deck and patio builders"],
  ["GARAGE", "garage door companies"],
  ["WINDOWS", "window replacement companies"],
  ["SIDING", "siding contractors"],
  ["GUTTER", "gutter installers and cleaners"],
  ["ALARM", "home security and alarm companies"],
  ["CLEAN", "house cleaning services"],
  ["MAID", "maid services"],
  ["JUNK", "junk removal companies"],
  ["HAUL", "hauling and dumpster rental companies"],
  ["STORAGE", "self-storage facilities"],
  ["MOVERS", "local and long-distance movers"],
  ["TOWING", "towing and roadside assistance companies"],
  ["TIRES", "tire shops"],
  ["BRAKES", "brake and muffler shops"],
  ["CARS", "car dealerships"],
  ["TRUCKS", "truck dealers and fleet services"],
  ["BOATS", "boat dealers and marinas"],
  ["RVS", "RV dealers and campgrounds"],
  ["LOANS", "personal and small business lenders"],
  ["CASH", "cash advance and pawn shops"],
  ["CREDIT", "credit repair and credit counseling services"],
  ["DEBT", "debt relief companies"],
  ["BANK", "community banks and credit unions"],
  ["INSURE", "independent insurance agencies"],
  ["LIFE", "life insurance agents"],
  ["HEALTH", "health insurance brokers"],
  ["MEDICARE", "Medicare plan advisors"],
  ["REALTY", "real estate brokerages"],
  ["CONDO", "condominium sales and rentals"],
  ["RENT", "property managers and rental agencies"],
  ["BUILD", "general contractors and custom home builders"],
  ["REMODEL", "kitchen and bath remodelers"],
  ["REPAIR", "handyman and home repair services"],
  ["TUTOR", "tutoring centers"],
  ["SCHOOL", "private schools and trade schools"],
  ["JOBS", "staffing and recruiting agencies"],
  ["HIRE", "employment agencies"],
  ["TRAVEL", "travel agencies"],
  ["HOTEL", "hotels and inns"],
  ["PIZZA", "pizzerias and delivery restaurants"],
  ["CATER", "caterers and event venues"],
  ["FLOWERS", "florists"],
  ["WEDDING", "wedding planners and venues"],
  ["PHOTO", "photographers and photo studios"],
  ["PRINT", "print shops"],
  ["SIGNS", "sign makers"],
  ["TECH", "computer repair and IT support companies"],
  ["PHONE", "phone repair shops"],
  ["GYM", "gyms and fitness studios"],
  ["YOGA", "yoga studios"],
  ["SPA", "day spas and massage therapists"],
  ["HAIR", "hair salons and barbers"],
  ["TAX", "tax preparers and enrolled agents"],
  ["PAYROLL", "payroll and bookkeeping services"],
  ["CHURCH", "churches and ministries"],
  ["FUNERAL", "funeral homes"],
];

/** What follows the word in a vanity number ("(855) DENTAL-NOW"); letters and digits spell on a keypad. */
const VANITY_SUFFIXES: readonly string[] = [
  "NOW",
  "HELP",
  "PRO",
  "PROS",
  "FAST",
  "CALL",
  "TODAY",
  "LINE",
  "DESK",
  "TEAM",
  "FIRST",
  "247",
  "4U",
  "HOME",
];

const TOLL_FREE_AREA_CODES: readonly string[] = ["800", "833", "844", "855", "866", "877", "888"];
/** Share of the new vanity numbers that are toll-free (the rest are local to one territory). */
const TOLL_FREE_SHARE = 0.6;
const CODE_FEE_PERCENTAGES: readonly number[] = [70, 75, 80, 85, 90, 95, 100, 105, 110, 115, 120];
const DEMO_CODES_FOR_VANITY: readonly string[] = ["#4LAW", "#HELP", "#SSDI", "#EASY", "#AUTO", "#HOME", "#MOVE"];

type Random = () => number;

const pick = <T>(items: readonly T[], random: Random): T => items[Math.floor(random() * items.length)] as T;

function drawStatus(random: Random): TerritoryCategoryStatus {
  const r = random();
  if (r < LICENSED_SHARE) return "licensed";
  if (r < LICENSED_SHARE + HELD_SHARE) return "negotiations";
  return "available";
}

/**
 * Up to `wanted` of `candidates` in a seeded random order, skipping those `accept` refuses (a partial Fisher–Yates
 * shuffle: only what is drawn is shuffled). Fewer come back when the candidates run out.
 */
function draw<T>(candidates: T[], wanted: number, random: Random, accept: (c: T) => boolean): T[] {
  const out: T[] = [];
  for (let i = 0; i < candidates.length && out.length < wanted; i++) {
    const j = i + Math.floor(random() * (candidates.length - i));
    const chosen = candidates[j] as T;
    candidates[j] = candidates[i] as T;
    candidates[i] = chosen;
    if (accept(chosen)) out.push(chosen);
  }
  return out;
}

function titleCase(word: string): string {
  return /^\d/.test(word) ? word : word.charAt(0) + word.slice(1).toLowerCase();
}

/** New #Codes: "#" + a number from 1 to 99 + a trade word ("#7DENTAL"), slug "hash-7dental". */
function newPoundCodes(
  wanted: number,
  taken: { names: Set<string>; slugs: Set<string> },
  random: Random,
): NewCategory[] {
  const candidates = TRADES.flatMap(([word, trade]) =>
    Array.from({ length: 99 }, (_, i) => ({ code: `${i + 1}${word}`, trade })),
  );
  const drawn = draw(
    candidates,
    wanted,
    random,
    (c) => !taken.names.has(`#${c.code}`) && !taken.slugs.has(`hash-${c.code.toLowerCase()}`),
  );
  if (drawn.length < wanted) {
    throw new RangeError(`The scale fixture can add at most ${drawn.length} #Codes; ${wanted} were asked for.`);
  }
  return drawn.map(({ code, trade }) => {
    const name = `#${code}`;
    const description = pick(
      [
        `${name} connects callers with ${trade} in their territory, one short code to remember from any ad.`,
        `Built for ${trade}: ${name} is easy to say on the radio and easier to dial.`,
        `${name} puts ${trade} one call away, routed to the licensee in the caller's territory.`,
      ],
      random,
    );
    return {
      name,
      slug: `hash-${code.toLowerCase()}`,
      description,
      feePercentageOfBase: pick(CODE_FEE_PERCENTAGES, random),
      categoryType: "standard" as const,
      keywordBaseMultiplier: null,
    };
  });
}

type TerritoryRow = { id: string; key: string; areaCodes: string[] };

/**
 * New vanity numbers: "(855) DENTAL-NOW" toll-free, or local on an area code of one territory (whose number it is).
 * Unique by display text, slug and the digits dialled, against the catalog and each other. Drawn at random and
 * redrawn on a clash (there are tens of thousands of candidates, so clashes are rare below a few thousand numbers).
 */
function newVanityNumbers(
  wanted: number,
  taken: { texts: Set<string>; slugs: Set<string>; digits: Set<string> },
  localTerritories: readonly TerritoryRow[],
  random: Random,
  note: string,
): NewVanityNumber[] {
  const tollFreeWanted = localTerritories.length > 0 ? Math.round(wanted * TOLL_FREE_SHARE) : wanted;
  const out: NewVanityNumber[] = [];
  for (let attempts = 0; out.length < wanted; attempts++) {
    if (attempts > 100 * wanted + 1_000) {
      throw new RangeError(
        `The scale fixture could not find ${wanted} distinct vanity numbers; it found ${out.length}.`,
      );
    }
    const territory = out.length < tollFreeWanted ? null : pick(localTerritories, random);
    const areaCode = territory ? pick(territory.areaCodes, random) : pick(TOLL_FREE_AREA_CODES, random);
    const [word, trade] = pick(TRADES, random);
    const suffix = pick(VANITY_SUFFIXES, random);
    if (`${word}${suffix}`.length < 7) continue; // a vanity number spells all seven digits
    const numberText = `(${areaCode}) ${word}-${suffix}`;
    const slug = vanitySlug(numberText);
    const digits = dialDigits(numberText);
    if (taken.texts.has(numberText) || taken.slugs.has(slug) || taken.digits.has(digits)) continue;
    taken.texts.add(numberText);
    taken.slugs.add(slug);
    taken.digits.add(digits);
    out.push({
      numberText,
      slug,
      name: `${titleCase(word)} ${titleCase(suffix)}`,
      description: `A ${territory ? "local" : "toll-free"} number for ${trade} that callers can spell from memory after one ad.`,
      status: "available",
      associatedPoundCode: random() < 0.4 ? pick(DEMO_CODES_FOR_VANITY, random) : null,
      monthlyFeeCents: territory
        ? 9_900 + 1_000 * Math.floor(random() * 21)
        : 19_900 + 1_000 * Math.floor(random() * 31),
      setupFeeCents: pick([25_000, 40_000, 50_000, 75_000], random),
      territoryId: territory?.id ?? null,
      notes: `${note} ${territory ? "Local number" : "Toll-free, nationwide"}. Dials ${digits}.`,
    });
  }
  return out;
}

async function insertChunked<T>(rows: readonly T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK_ROWS) await insert(rows.slice(i, i + CHUNK_ROWS));
}

const noStatuses = (): StatusCounts => ({ available: 0, negotiations: 0, licensed: 0 });

async function alreadyGrown(db: Pick<Database, "select">): Promise<boolean> {
  const rows = await db
    .select({ id: vanityNumbers.id })
    .from(vanityNumbers)
    .where(like(vanityNumbers.notes, `${SCALE_FIXTURE_NOTE}%`))
    .limit(1);
  return rows.length > 0;
}

async function totals(tx: Tx): Promise<GrowthCounts["totals"]> {
  const n = async (q: Promise<{ n: number }[]>) => (await q)[0]?.n ?? 0;
  return {
    categories: await n(tx.select({ n: count() }).from(categories)),
    poundCodes: await n(tx.select({ n: count() }).from(categories).where(eq(categories.categoryType, "standard"))),
    territoryCategories: await n(tx.select({ n: count() }).from(territoryCategories)),
    vanityNumbers: await n(tx.select({ n: count() }).from(vanityNumbers)),
    territoryVanityNumbers: await n(tx.select({ n: count() }).from(territoryVanityNumbers)),
  };
}

async function grow(tx: Tx, scale: number, seed: number): Promise<GrowthCounts> {
  const random = mulberry32(seed);
  const territoryRows = (
    await tx
      .select({
        id: territories.id,
        state: territories.state,
        portion: territories.portion,
        areaCodes: territories.areaCodes,
      })
      .from(territories)
  )
    .map((t) => ({ id: t.id, key: territoryKey(t.state, t.portion), areaCodes: [...t.areaCodes].sort() }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));

  const existingCodes = await tx.select({ name: categories.name, slug: categories.slug }).from(categories);
  const codes = newPoundCodes(
    scale * POUND_CODES_PER_SCALE,
    { names: new Set(existingCodes.map((c) => c.name)), slugs: new Set(existingCodes.map((c) => c.slug)) },
    random,
  );
  const existingNumbers = await tx
    .select({ text: vanityNumbers.numberText, slug: vanityNumbers.slug })
    .from(vanityNumbers);
  const digitsOf = (text: string) => {
    try {
      return dialDigits(text);
    } catch {
      return text; // an administrator's number in another format cannot collide with a generated one's digits
    }
  };
  const numbers = newVanityNumbers(
    scale * VANITY_NUMBERS_PER_SCALE,
    {
      texts: new Set(existingNumbers.map((v) => v.text)),
      slugs: new Set(existingNumbers.map((v) => v.slug)),
      digits: new Set(existingNumbers.map((v) => digitsOf(v.text))),
    },
    territoryRows.filter((t) => t.areaCodes.length > 0),
    random,
    `${SCALE_FIXTURE_NOTE} (--scale=${scale}, seed ${seed}).`,
  );

  const codeIds: string[] = [];
  await insertChunked(codes, async (chunk) => {
    const rows = await tx.insert(categories).values(chunk).returning({ id: categories.id, slug: categories.slug });
    const bySlug = new Map(rows.map((r) => [r.slug, r.id]));
    for (const c of chunk) codeIds.push(bySlug.get(c.slug) as string);
  });
  const numberIds: string[] = [];
  await insertChunked(numbers, async (chunk) => {
    const rows = await tx
      .insert(vanityNumbers)
      .values(chunk)
      .returning({ id: vanityNumbers.id, slug: vanityNumbers.slug });
    const bySlug = new Map(rows.map((r) => [r.slug, r.id]));
    for (const v of chunk) numberIds.push(bySlug.get(v.slug) as string);
  });

  const statuses = { poundCodes: noStatuses(), vanityNumbers: noStatuses() };
  const codePairs = codeIds.flatMap((categoryId) =>
    territoryRows.map((t) => {
      const status = drawStatus(random);
      statuses.poundCodes[status]++;
      return { territoryId: t.id, categoryId, status };
    }),
  );
  await insertChunked(codePairs, (chunk) => tx.insert(territoryCategories).values(chunk));
  const numberPairs = numberIds.flatMap((vanityNumberId) =>
    territoryRows.map((t) => {
      const status = drawStatus(random);
      statuses.vanityNumbers[status]++;
      return { territoryId: t.id, vanityNumberId, status };
    }),
  );
  await insertChunked(numberPairs, (chunk) => tx.insert(territoryVanityNumbers).values(chunk));

  // Every page showing the catalog: a server watching this database drops its pages and read models after commit.
  recordChange(tx, CHANGE.catalog);
  return {
    scale,
    seed,
    added: {
      poundCodes: codes.length,
      territoryCategories: codePairs.length,
      vanityNumbers: numbers.length,
      territoryVanityNumbers: numberPairs.length,
    },
    statuses,
    totals: await totals(tx),
  };
}

/**
 * Grows the demo catalog by `scale` (a whole number, at least 2: scale 1 is the demo itself) in one transaction.
 * Answers what it added and the totals after, or `null` (having done nothing) when the catalog was already grown.
 * Throws when the database has no territories (seed the demo first).
 */
export async function growCatalogue(
  db: Database,
  opts: { scale: number; seed?: number },
): Promise<GrowthCounts | null> {
  const { scale } = opts;
  const seed = opts.seed ?? DEFAULT_SCALE_SEED;
  if (!Number.isInteger(scale) || scale < 2) {
    throw new RangeError(`--scale must be a whole number of at least 2 (1 is the demo catalog itself); got ${scale}.`);
  }
  if (!Number.isInteger(seed)) throw new RangeError(`The seed must be a whole number; got ${seed}.`);
  if (await alreadyGrown(db)) return null;
  return db.transaction(async (tx) => {
    if (await alreadyGrown(tx)) return null;
    const [t] = await tx.select({ n: count() }).from(territories);
    if (!t?.n) throw new Error("The database has no territories: seed the demo catalog first (start the server once).");
    return grow(tx, scale, seed);
  });
}

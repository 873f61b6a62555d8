/**
 * The 59 territories of the demo catalogue: 45 whole states, the District of Columbia and 13 portions of the five
 * split states (CA N/C/S, TX E/W, FL N/C/S, NY N/S, IL N/C/S).
 *
 * - Names of states and DC: kernel/us-states.ts.
 * - Populations: U.S. Census Bureau, 2020 Census (P1, total resident population, April 1, 2020). States and DC from
 *   the published state totals below; portions as the sum of their counties (county-populations-2020.ts) over the
 *   county lists of portion-counties.json (which the map build also reads, so map shapes and territories agree).
 * - Area codes: area-codes.json (NANP geographic codes derived from Google libphonenumber's geocoding data; a code
 *   spanning two portions is listed under both).
 * - Fees: pricing-formula.ts. A portion also carries the fee of its whole state (full_state_*); a whole state's
 *   full_state_* equals its base fee.
 *
 * Both JSON files are copies of shared/data (see its README); the product never reads ../shared at run time.
 */
import type { TerritoryPortion } from "#kernel/enums.ts";
import { MINIMUM_MONTHLY_FEE_CENTS } from "#kernel/pricing-rates.ts";
import { US_STATES } from "#kernel/us-states.ts";
import areaCodesFile from "./area-codes.json" with { type: "json" };
import { type POUND_CODE_FEE_COLUMNS, poundCodeBySlug } from "./categories.ts";
import { COUNTY_POPULATIONS_2020 } from "./county-populations-2020.ts";
import portionCountiesFile from "./portion-counties.json" with { type: "json" };
import {
  categoryMonthlyFeeCents,
  territoryFeesFromPopulation,
  type UsageMultipliers,
  usageMultipliersFromPopulation,
} from "./pricing-formula.ts";

/** 2020 Census (P1) resident population of the 50 states and DC (names: kernel/us-states.ts). */
export const STATE_POPULATIONS_2020: Readonly<Record<string, number>> = {
  AL: 5_024_279,
  AK: 733_391,
  AZ: 7_151_502,
  AR: 3_011_524,
  CA: 39_538_223,
  CO: 5_773_714,
  CT: 3_605_944,
  DE: 989_948,
  DC: 689_545,
  FL: 21_538_187,
  GA: 10_711_908,
  HI: 1_455_271,
  ID: 1_839_106,
  IL: 12_812_508,
  IN: 6_785_528,
  IA: 3_190_369,
  KS: 2_937_880,
  KY: 4_505_836,
  LA: 4_657_757,
  ME: 1_362_359,
  MD: 6_177_224,
  MA: 7_029_917,
  MI: 10_077_331,
  MN: 5_706_494,
  MS: 2_961_279,
  MO: 6_154_913,
  MT: 1_084_225,
  NE: 1_961_504,
  NV: 3_104_614,
  NH: 1_377_529,
  NJ: 9_288_994,
  NM: 2_117_522,
  NY: 20_201_249,
  NC: 10_439_388,
  ND: 779_094,
  OH: 11_799_448,
  OK: 3_959_353,
  OR: 4_237_256,
  PA: 13_002_700,
  RI: 1_097_379,
  SC: 5_118_425,
  SD: 886_667,
  TN: 6_910_840,
  TX: 29_145_505,
  UT: 3_271_616,
  VT: 643_077,
  VA: 8_631_393,
  WA: 7_705_281,
  WV: 1_793_716,
  WI: 5_893_718,
  WY: 576_851,
};

export const POPULATION_SOURCE = "2020 Census (P1)";

/** The five states sold as portions, and the name of each portion. */
export const SPLIT_STATES: Readonly<Record<string, Readonly<Partial<Record<TerritoryPortion, string>>>>> = {
  CA: { N: "Northern California", C: "Central California", S: "Southern California" },
  TX: { E: "East Texas", W: "West Texas" },
  FL: { N: "North Florida", C: "Central Florida", S: "South Florida" },
  NY: { N: "Upstate New York", S: "Downstate New York" },
  IL: { N: "Northern Illinois", C: "Central Illinois", S: "Southern Illinois" },
};

/** "TX-E" for a portion, "GA" for a whole state: the key of area-codes.json and portion-counties.json. */
export function territoryKey(state: string, portion: TerritoryPortion | null): string {
  return portion ? `${state}-${portion}` : state;
}

/** The territory slug: the name lower-cased with spaces replaced by hyphens ("new-mexico", "east-texas"). */
export function territorySlug(name: string): string {
  return name.toLowerCase().replaceAll(" ", "-");
}

const AREA_CODES: Readonly<Record<string, readonly string[]>> = areaCodesFile.byTerritory;
const PORTION_COUNTIES: Readonly<Record<string, readonly string[]>> = portionCountiesFile;

/** County FIPS codes of a portion ("TX-E"), from portion-counties.json ("48001 Anderson" → "48001"). */
export function portionCountyFips(key: string): string[] {
  const counties = PORTION_COUNTIES[key];
  if (!counties) throw new Error(`No county list for portion ${key}`);
  return counties.map((entry) => entry.slice(0, 5));
}

/** 2020 population of a portion: the sum of its counties. */
export function portionPopulation(key: string): number {
  let total = 0;
  for (const fips of portionCountyFips(key)) {
    const population = COUNTY_POPULATIONS_2020[fips];
    if (population === undefined) throw new Error(`No 2020 population for county ${fips} of ${key}`);
    total += population;
  }
  return total;
}

export interface TerritorySeed extends UsageMultipliers {
  /** "GA" or "TX-E"; not stored, used to link seed rows. */
  key: string;
  name: string;
  state: string;
  portion: TerritoryPortion | null;
  slug: string;
  areaCodes: string[];
  population: number;
  baseMonthlyFeeCents: number;
  baseSetupFeeCents: number;
  fullStateMonthlyFeeCents: number;
  fullStateSetupFeeCents: number;
  minimumMonthlyFeeCents: number;
  poundLawMonthlyFeeCents: number;
  poundHelpMonthlyFeeCents: number;
  poundEasyMonthlyFeeCents: number;
  poundSsdiMonthlyFeeCents: number;
}

function buildTerritory(
  state: string,
  portion: TerritoryPortion | null,
  name: string,
  population: number,
  statePopulation: number,
): TerritorySeed {
  const key = territoryKey(state, portion);
  const areaCodes = AREA_CODES[key];
  if (!areaCodes || areaCodes.length === 0) throw new Error(`No area codes for ${key}`);
  const base = territoryFeesFromPopulation(population);
  const fullState = territoryFeesFromPopulation(statePopulation);
  const codeFee = (slug: keyof typeof POUND_CODE_FEE_COLUMNS) =>
    categoryMonthlyFeeCents(base.monthlyFeeCents, poundCodeBySlug(slug).feePercentageOfBase);
  return {
    key,
    name,
    state,
    portion,
    slug: territorySlug(name),
    areaCodes: [...areaCodes],
    population,
    baseMonthlyFeeCents: base.monthlyFeeCents,
    baseSetupFeeCents: base.setupFeeCents,
    fullStateMonthlyFeeCents: fullState.monthlyFeeCents,
    fullStateSetupFeeCents: fullState.setupFeeCents,
    minimumMonthlyFeeCents: MINIMUM_MONTHLY_FEE_CENTS,
    poundLawMonthlyFeeCents: codeFee("hash-4law"),
    poundHelpMonthlyFeeCents: codeFee("hash-help"),
    poundEasyMonthlyFeeCents: codeFee("hash-easy"),
    poundSsdiMonthlyFeeCents: codeFee("hash-ssdi"),
    ...usageMultipliersFromPopulation(population),
  };
}

function buildTerritories(): TerritorySeed[] {
  const rows: TerritorySeed[] = [];
  for (const { code: state, name } of US_STATES) {
    const population = STATE_POPULATIONS_2020[state];
    if (population === undefined) throw new Error(`No 2020 population for state ${state}`);
    const portions = SPLIT_STATES[state];
    if (!portions) {
      rows.push(buildTerritory(state, null, name, population, population));
      continue;
    }
    for (const [portion, portionName] of Object.entries(portions) as [TerritoryPortion, string][]) {
      rows.push(
        buildTerritory(state, portion, portionName, portionPopulation(territoryKey(state, portion)), population),
      );
    }
  }
  return rows.sort((a, b) => a.state.localeCompare(b.state) || a.name.localeCompare(b.name));
}

/** All 59 territories, ordered by state then name. */
export const TERRITORIES: readonly TerritorySeed[] = buildTerritories();

export function territoryByKey(key: string): TerritorySeed {
  const territory = TERRITORIES.find((t) => t.key === key);
  if (!territory) throw new Error(`Unknown territory ${key}`);
  return territory;
}

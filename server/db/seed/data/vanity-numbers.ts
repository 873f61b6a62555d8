/**
 * Vanity numbers of the demo catalogue. number_text is the display form ("(800) LAW-HELP"); the slug is the same
 * text lower-cased with the area code and the word joined by hyphens ("800-law-help"), so /number/800-law-help
 * resolves by slug. Toll-free numbers are national (no territory); local numbers belong to one territory.
 */
import type { VanityNumberStatus } from "#kernel/enums.ts";

export interface VanityNumberSeed {
  numberText: string;
  slug: string;
  name: string;
  description: string;
  status: VanityNumberStatus;
  associatedPoundCode: string | null;
  monthlyFeeCents: number;
  setupFeeCents: number;
  /** Territory key ("FL-S") for local numbers, null for toll-free numbers. */
  territoryKey: string | null;
  notes: string;
}

const KEYPAD: Readonly<Record<string, string>> = {
  A: "2",
  B: "2",
  C: "2",
  D: "3",
  E: "3",
  F: "3",
  G: "4",
  H: "4",
  I: "4",
  J: "5",
  K: "5",
  L: "5",
  M: "6",
  N: "6",
  O: "6",
  P: "7",
  Q: "7",
  R: "7",
  S: "7",
  T: "8",
  U: "8",
  V: "8",
  W: "9",
  X: "9",
  Y: "9",
  Z: "9",
};

/** The digits dialled for a display form: "(800) LAW-HELP" → "1-800-529-4357" (letters past the seventh are dropped). */
export function dialDigits(numberText: string): string {
  const match = /^\((\d{3})\) ([A-Z0-9-]+)$/.exec(numberText);
  if (!match) throw new Error(`Unexpected vanity number format: ${numberText}`);
  const [, areaCode, word] = match as unknown as [string, string, string];
  const digits = [...word.replaceAll("-", "")]
    .map((ch) => KEYPAD[ch] ?? ch)
    .join("")
    .slice(0, 7);
  if (!/^\d{7}$/.test(digits)) throw new Error(`Vanity number ${numberText} does not spell seven digits`);
  return `1-${areaCode}-${digits.slice(0, 3)}-${digits.slice(3)}`;
}

/** "(800) LAW-HELP" → "800-law-help". */
export function vanitySlug(numberText: string): string {
  return numberText.replace(/^\((\d{3})\) /, "$1-").toLowerCase();
}

function vanity(
  numberText: string,
  name: string,
  description: string,
  options: {
    status?: VanityNumberStatus;
    poundCode?: string | null;
    monthlyFeeCents: number;
    setupFeeCents: number;
    territoryKey?: string | null;
  },
): VanityNumberSeed {
  const territoryKey = options.territoryKey ?? null;
  const reach = territoryKey ? "Local number" : "Toll-free, nationwide";
  return {
    numberText,
    slug: vanitySlug(numberText),
    name,
    description,
    status: options.status ?? "available",
    associatedPoundCode: options.poundCode ?? null,
    monthlyFeeCents: options.monthlyFeeCents,
    setupFeeCents: options.setupFeeCents,
    territoryKey,
    notes: `${reach}. Dials ${dialDigits(numberText)}.`,
  };
}

export const VANITY_NUMBERS: readonly VanityNumberSeed[] = [
  vanity(
    "(800) LAW-HELP",
    "Law Help Line",
    "A toll-free line for law firms that want a number clients can spell from memory after one radio spot.",
    {
      poundCode: "#4LAW",
      monthlyFeeCents: 49_900,
      setupFeeCents: 75_000,
    },
  ),
  vanity(
    "(888) INJURED",
    "Injured",
    "One word that says exactly why the caller is calling. Built for personal injury practices.",
    {
      poundCode: "#4LAW",
      monthlyFeeCents: 44_900,
      setupFeeCents: 75_000,
    },
  ),
  vanity("(855) HURT-NOW", "Hurt Now", "An urgent, direct call to action for accident and injury advertising.", {
    poundCode: "#4LAW",
    status: "reserved",
    monthlyFeeCents: 34_900,
    setupFeeCents: 50_000,
  }),
  vanity(
    "(888) WRECKED",
    "Wrecked",
    "For auto accident attorneys and collision centers: the word drivers use after a crash.",
    {
      poundCode: "#AUTO",
      monthlyFeeCents: 32_900,
      setupFeeCents: 50_000,
    },
  ),
  vanity(
    "(844) SSDI-NOW",
    "SSDI Now",
    "Social Security Disability applicants and appeals, paired naturally with #SSDI.",
    {
      poundCode: "#SSDI",
      monthlyFeeCents: 29_900,
      setupFeeCents: 50_000,
    },
  ),
  vanity(
    "(800) VET-HELP",
    "Veteran Help",
    "A toll-free line for veterans benefits advocates and VA-accredited representatives.",
    {
      poundCode: "#VETS",
      monthlyFeeCents: 24_900,
      setupFeeCents: 40_000,
    },
  ),
  vanity(
    "(877) TAX-HELP",
    "Tax Help",
    "Tax preparation and IRS resolution, with peak demand from January through April.",
    {
      poundCode: "#TAXES",
      status: "licensed",
      monthlyFeeCents: 29_900,
      setupFeeCents: 50_000,
    },
  ),
  vanity("(877) DIVORCE", "Divorce", "Family law firms reach spouses at the moment they start looking for counsel.", {
    poundCode: "#4LAW",
    monthlyFeeCents: 34_900,
    setupFeeCents: 50_000,
  }),
  vanity(
    "(800) BAIL-OUT",
    "Bail Out",
    "Bail bond agencies and criminal defense firms answering calls around the clock.",
    {
      poundCode: "#HELP",
      monthlyFeeCents: 27_900,
      setupFeeCents: 40_000,
    },
  ),
  vanity(
    "(800) ROOFING",
    "Roofing",
    "Roofing contractors and storm restoration crews. Easy to letter on a truck or a yard sign.",
    {
      poundCode: "#ROOF",
      monthlyFeeCents: 24_900,
      setupFeeCents: 40_000,
    },
  ),
  vanity("(888) PLUMBER", "Plumber", "Emergency and scheduled plumbing service under a single memorable word.", {
    poundCode: "#HELP",
    monthlyFeeCents: 24_900,
    setupFeeCents: 40_000,
  }),
  vanity(
    "(800) HVAC-PRO",
    "HVAC Pro",
    "Heating and cooling contractors, from seasonal tune-ups to emergency repairs.",
    {
      poundCode: "#HELP",
      status: "pending",
      monthlyFeeCents: 19_900,
      setupFeeCents: 30_000,
    },
  ),
  vanity(
    "(866) MOVE-NOW",
    "Move Now",
    "Movers and storage companies competing for last-minute and long-distance moves.",
    {
      poundCode: "#MOVE",
      monthlyFeeCents: 19_900,
      setupFeeCents: 30_000,
    },
  ),
  vanity(
    "(855) HOME-BUY",
    "Home Buy",
    "Real estate teams and mortgage lenders working with first-time and repeat buyers.",
    {
      poundCode: "#HOME",
      monthlyFeeCents: 22_900,
      setupFeeCents: 35_000,
    },
  ),
  vanity("(844) SOLAR-4U", "Solar for You", "Residential solar installers and energy-efficiency contractors.", {
    poundCode: "#EASY",
    monthlyFeeCents: 17_900,
    setupFeeCents: 30_000,
  }),
  vanity("(866) LOCK-OUT", "Lock Out", "Locksmiths serving drivers and homeowners locked out at any hour.", {
    poundCode: "#HELP",
    monthlyFeeCents: 14_900,
    setupFeeCents: 25_000,
  }),
  vanity("(877) TOW-FAST", "Tow Fast", "Towing and roadside assistance with a promise built into the number.", {
    poundCode: "#AUTO",
    monthlyFeeCents: 14_900,
    setupFeeCents: 25_000,
  }),
  vanity("(800) PET-VETS", "Pet Vets", "Veterinary clinics and emergency animal hospitals.", {
    monthlyFeeCents: 14_900,
    setupFeeCents: 25_000,
  }),
  vanity(
    "(877) DENTIST",
    "Dentist",
    "General, cosmetic and emergency dentistry groups advertising across several offices.",
    {
      monthlyFeeCents: 19_900,
      setupFeeCents: 30_000,
    },
  ),
  vanity(
    "(212) LAW-FIRM",
    "Manhattan Law Firm",
    "A Manhattan area code with a professional word: ideal for a New York City practice.",
    {
      poundCode: "#4LAW",
      territoryKey: "NY-S",
      monthlyFeeCents: 39_900,
      setupFeeCents: 60_000,
    },
  ),
  vanity("(305) ABOGADO", "Abogado Miami", "A Spanish-language legal number in Miami's original area code.", {
    poundCode: "#4LAW",
    territoryKey: "FL-S",
    monthlyFeeCents: 29_900,
    setupFeeCents: 50_000,
  }),
  vanity(
    "(713) INJURED",
    "Houston Injured",
    "A Houston area code for injury practices serving Harris County and the Gulf Coast.",
    {
      poundCode: "#4LAW",
      territoryKey: "TX-E",
      status: "licensed",
      monthlyFeeCents: 27_900,
      setupFeeCents: 45_000,
    },
  ),
  vanity("(404) ROOFERS", "Atlanta Roofers", "An Atlanta area code for roofing contractors across metro Atlanta.", {
    poundCode: "#ROOF",
    territoryKey: "GA",
    monthlyFeeCents: 12_900,
    setupFeeCents: 20_000,
  }),
];

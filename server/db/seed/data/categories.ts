/**
 * The ten #Codes (category_type "standard": name begins with #, slug begins with hash-), the keyword groups
 * (category_type "keyword_group") and the special pricing keywords of the demo catalogue.
 */

export interface PoundCodeSeed {
  /** The code as dialled and shown, e.g. "#4LAW". */
  name: string;
  /** "hash-" + the code in lower case without "#", e.g. "hash-4law". */
  slug: string;
  description: string;
  /** Percentage of the territory's base monthly fee. */
  feePercentageOfBase: number;
  categoryType: "standard";
  keywordBaseMultiplier: null;
}

export interface KeywordGroupSeed {
  name: string;
  slug: string;
  description: string;
  feePercentageOfBase: null;
  categoryType: "keyword_group";
  keywordBaseMultiplier: number;
}

export type CategorySeed = PoundCodeSeed | KeywordGroupSeed;

function poundCode(code: string, feePercentageOfBase: number, description: string): PoundCodeSeed {
  return {
    name: `#${code}`,
    slug: `hash-${code.toLowerCase()}`,
    description,
    feePercentageOfBase,
    categoryType: "standard",
    keywordBaseMultiplier: null,
  };
}

/**
 * Exactly ten #Codes: the marketing claim is that only ten exist. Ordered by popularity; the first four have
 * dedicated per-territory fee columns (pound_law, pound_help, pound_ssdi, pound_easy).
 */
export const POUND_CODES: readonly PoundCodeSeed[] = [
  poundCode(
    "4LAW",
    125,
    "The number people remember when they need a lawyer. #4LAW routes callers straight to the licensed law firm in their territory, making it the strongest response driver for personal injury, family law and criminal defense practices.",
  ),
  poundCode(
    "HELP",
    120,
    "A universal call for help that needs no explanation. #HELP suits emergency restoration, towing, locksmiths and any service where the caller needs someone right now.",
  ),
  poundCode(
    "SSDI",
    110,
    "Built for Social Security Disability advocates. #SSDI reaches applicants and appeal cases at the moment they search for help with a claim or a denial.",
  ),
  poundCode(
    "EASY",
    100,
    "Short, upbeat and easy to say in a radio or TV spot. #EASY fits lenders, insurers, home services and any brand that promises a simple experience.",
  ),
  poundCode(
    "AUTO",
    100,
    "Everything on four wheels: dealerships, auto accident attorneys, collision centers and auto insurance agencies competing for motorists in one territory.",
  ),
  poundCode(
    "TAXES",
    90,
    "Tax preparation, tax relief and IRS resolution. #TAXES draws the heaviest call volume from January through April and again around extension deadlines.",
  ),
  poundCode(
    "ROOF",
    85,
    "Roofing contractors and storm restoration companies. #ROOF keeps a local roofer on every homeowner's mind when hail and wind season arrives.",
  ),
  poundCode(
    "HOME",
    85,
    "Real estate brokerages, mortgage lenders and home warranty providers. #HOME turns yard signs and listing ads into direct calls.",
  ),
  poundCode(
    "MOVE",
    80,
    "Moving and storage companies, from local movers to long-distance carriers. #MOVE is easy to paint on the side of a truck and easier to remember.",
  ),
  poundCode(
    "VETS",
    75,
    "Veterans benefits advocates, VA-accredited attorneys and veteran service organizations helping veterans with disability ratings and appeals.",
  ),
];

function keywordGroup(name: string, keywordBaseMultiplier: number, description: string): KeywordGroupSeed {
  return {
    name,
    slug: name.toLowerCase().replaceAll(" ", "-"),
    description,
    feePercentageOfBase: null,
    categoryType: "keyword_group",
    keywordBaseMultiplier,
  };
}

/** Keyword groups: sets of search and ad keywords priced as a multiplier on a license. */
export const KEYWORD_GROUPS: readonly KeywordGroupSeed[] = [
  keywordGroup(
    "Legal Keywords",
    1.25,
    "Attorney, lawyer, injury, accident and related legal terms used in search, radio and TV campaigns that promote a #Code.",
  ),
  keywordGroup(
    "Medical Keywords",
    1.15,
    "Doctor, clinic, urgent care, chiropractor and related healthcare terms for practices that pair a #Code with medical advertising.",
  ),
  keywordGroup(
    "Home Services Keywords",
    1.1,
    "Roofing, plumbing, HVAC, restoration and related terms for contractors whose customers call when something breaks.",
  ),
  keywordGroup(
    "Financial Keywords",
    1.2,
    "Tax, debt, loan, mortgage and insurance terms for financial services advertisers in regulated, high-value markets.",
  ),
];

export const ALL_CATEGORIES: readonly CategorySeed[] = [...POUND_CODES, ...KEYWORD_GROUPS];

/** The #Codes whose fee is also stored per territory, with the territory column it fills. */
export const POUND_CODE_FEE_COLUMNS = {
  "hash-4law": "poundLawMonthlyFeeCents",
  "hash-help": "poundHelpMonthlyFeeCents",
  "hash-easy": "poundEasyMonthlyFeeCents",
  "hash-ssdi": "poundSsdiMonthlyFeeCents",
} as const;

export function poundCodeBySlug(slug: string): PoundCodeSeed {
  const code = POUND_CODES.find((c) => c.slug === slug);
  if (!code) throw new Error(`Unknown #Code slug ${slug}`);
  return code;
}

export interface SpecialPricingKeywordSeed {
  keywordText: string;
  multiplier: number;
  description: string;
}

/** Keywords whose ads cost more (multiplier applied to the keyword add-on of a license). */
export const SPECIAL_PRICING_KEYWORDS: readonly SpecialPricingKeywordSeed[] = [
  {
    keywordText: "injury",
    multiplier: 1.5,
    description: "Personal injury: the most competitive legal advertising term.",
  },
  {
    keywordText: "mesothelioma",
    multiplier: 1.6,
    description: "Asbestos litigation: very high case value, national competition.",
  },
  { keywordText: "lawyer", multiplier: 1.4, description: "Generic legal intent across all practice areas." },
  { keywordText: "attorney", multiplier: 1.4, description: "Generic legal intent across all practice areas." },
  { keywordText: "accident", multiplier: 1.3, description: "Auto, truck and workplace accident campaigns." },
  {
    keywordText: "truck accident",
    multiplier: 1.45,
    description: "Commercial vehicle collisions with high case values.",
  },
  { keywordText: "disability", multiplier: 1.2, description: "SSDI and long-term disability claims." },
  { keywordText: "insurance", multiplier: 1.3, description: "Auto, home and life insurance quotes." },
  { keywordText: "mortgage", multiplier: 1.25, description: "Purchase and refinance lending." },
  { keywordText: "tax", multiplier: 1.2, description: "Tax preparation and tax relief." },
  { keywordText: "roofing", multiplier: 1.15, description: "Roof repair and replacement, storm season peaks." },
  { keywordText: "plumber", multiplier: 1.1, description: "Emergency and scheduled plumbing service." },
  { keywordText: "dentist", multiplier: 1.1, description: "General, cosmetic and emergency dentistry." },
];

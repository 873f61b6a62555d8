/**
 * The company's published facts and the standing terms every license is sold under. Marketing pages, the legal
 * texts and the licensing explainers all read them from here, so one fact is stated one way everywhere.
 */

/** Claims made on the public site. */
export const COMPANY_FACTS = {
  /** Only ten #Codes exist. */
  poundCodes: 10,
  yearsInMarketing: 30,
  /** Call-through of a #Code campaign compared with a traditional vanity number. */
  callThrough: "2.5X",
  countries: "60+",
} as const;

/** Standing license terms quoted by the terms, the agreement and the explainers. */
export const LICENCE_TERMS = {
  /** The deposit example of the terms: $200.00. */
  depositExampleCents: 20_000,
  /** A deposit is refunded in full when the license is cancelled within this many business days. */
  depositRefundBusinessDays: 5,
  /** Notice given before a material change to the terms takes effect. */
  materialChangeNoticeDays: 30,
  /** How long a licensee may add an adjacent territory at its per-million-people monthly rate. */
  adjacentTerritoryOptionBusinessDays: 5,
  /** A visitor's reservation must be confirmed from the emailed link within this many hours. */
  unconfirmedHoldHours: 24,
  /** A confirmed reservation holds the territory and category for this many business days. */
  holdBusinessDays: 5,
} as const;

/** The sister businesses the site links to. */
export const SISTER_COMPANIES = {
  agency: { name: "PoundCodes Marketing Agency", path: "/marketing-agency" },
  philanthropy: { name: "PoundCodes Philanthropy", path: "/philanthropy" },
} as const;

/** Where the philanthropy page's call to action goes: the contact form with its subject set. */
export const PHILANTHROPY_CONTACT_PATH = "/contact?subject=PhilanthropyInquiry";
/** Where the marketing agency page's call to action goes. */
export const AGENCY_CONTACT_PATH = "/contact?subject=MarketingAgencyInquiry";
/** The calls to action of the Services page. */
export const SERVICE_CONTACT_PATHS = { priority: "/contact?service=support", crm: "/contact?service=crm" } as const;

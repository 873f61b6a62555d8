/**
 * The demo licensee: Hartwell & Reyes Injury Law, signed in as demo@poundcodes.test with the documented demo
 * password. Two active #4LAW licenses (Georgia and Central Florida, which territory-category-statuses.ts marks
 * licensed), one agreement per license, each license's subscription with the monthly invoices it has paid, a wallet
 * ledger, web form leads, two support tickets and the #4LAW Georgia landing page. All dates are fixed (2026), all people and phone numbers fictional (555-01xx).
 */
import type { AgreementStatus, TicketPriority, TicketStatus, WalletTransactionType } from "#kernel/enums.ts";
import { USAGE_BASE_RATES_CENTS } from "#kernel/pricing-rates.ts";
import { KEYWORD_GROUPS, poundCodeBySlug } from "./categories.ts";
import { quoteLicenseFee } from "./pricing-formula.ts";
import { territoryByKey } from "./territories.ts";
import { DEMO_LICENSEE_4LAW_TERRITORIES } from "./territory-category-statuses.ts";

/** The documented demo sign-in (README): not a secret, it only opens the demo licensee's own portal. */
export const DEMO_USER_EMAIL = "demo@poundcodes.test";
export const DEMO_USER_NAME = "Dana Hartwell";
export const DEMO_USER_PASSWORD = "demo-password-2026";

export const DEMO_LICENSEE = {
  email: DEMO_USER_EMAIL,
  contactName: DEMO_USER_NAME,
  companyName: "Hartwell & Reyes Injury Law",
  phone: "(404) 555-0142",
  addressLine1: "1450 Peachtree Street NE",
  addressLine2: "Suite 900",
  city: "Atlanta",
  stateProvince: "GA",
  postalCode: "30309",
  country: "United States",
  lawFirmLogoUrl: null,
  avatarUrl: null,
  status: "active",
} as const;

export interface DemoLicenseSeed {
  territoryKey: string;
  categorySlug: string;
  keywordGroupSlug: string | null;
  monthlyFeeCents: number;
  baseLicenseFeeCents: number;
  categoryModifierAmountCents: number;
  keywordModifierAmountCents: number;
  finalCalculatedFeeCents: number;
  setupFeeCents: number;
  pricingDetails: Record<string, string | number | null>;
  /** ISO 8601, UTC. */
  startsAt: string;
  agreement: {
    agreementType: string;
    status: AgreementStatus;
    /** YYYY-MM-DD. */
    signedDate: string;
    territoryName: string;
    terms: string;
  };
}

function demoLicense(
  territoryKey: string,
  keywordGroupSlug: string | null,
  startsAt: string,
  signedDate: string,
): DemoLicenseSeed {
  const territory = territoryByKey(territoryKey);
  const code = poundCodeBySlug("hash-4law");
  const group = keywordGroupSlug ? KEYWORD_GROUPS.find((g) => g.slug === keywordGroupSlug) : undefined;
  if (keywordGroupSlug && !group) throw new Error(`Unknown keyword group ${keywordGroupSlug}`);
  const quote = quoteLicenseFee({
    baseMonthlyFeeCents: territory.baseMonthlyFeeCents,
    baseSetupFeeCents: territory.baseSetupFeeCents,
    feePercentageOfBase: code.feePercentageOfBase,
    keywordMultiplier: group?.keywordBaseMultiplier ?? null,
  });
  const finalFee = quote.finalCalculatedFeeCents;
  const dollars = (cents: number) => `$${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: 2 })}`;
  return {
    territoryKey,
    categorySlug: code.slug,
    keywordGroupSlug,
    monthlyFeeCents: finalFee,
    baseLicenseFeeCents: quote.baseLicenseFeeCents,
    categoryModifierAmountCents: quote.categoryModifierCents,
    keywordModifierAmountCents: quote.keywordModifierCents,
    finalCalculatedFeeCents: finalFee,
    setupFeeCents: quote.setupFeeCents,
    pricingDetails: {
      setup_fee: territory.baseSetupFeeCents,
      amounts_in: "cents",
      population: territory.population,
      population_source: "2020 Census (P1)",
      fee_percentage_of_base: code.feePercentageOfBase,
      keyword_group: group?.name ?? null,
      keyword_multiplier: group?.keywordBaseMultiplier ?? null,
      pricing_rule: "docs/decisions/002-territory-fees-from-population.md",
    },
    startsAt,
    agreement: {
      agreementType: "Territory License Agreement",
      status: "active",
      signedDate,
      territoryName: territory.name,
      terms: [
        `Exclusive license of the #Code ${code.name} in the territory of ${territory.name} for an initial term of twelve months from ${signedDate}, renewing monthly thereafter unless either party gives 30 days' written notice.`,
        `Monthly license fee ${dollars(finalFee)} (base ${dollars(territory.baseMonthlyFeeCents)}${group ? `, including ${group.name}` : ""}); setup deposit ${dollars(territory.baseSetupFeeCents)}, refundable if canceled within five business days of payment.`,
        `Usage billed from the prepaid wallet at $0.05 per minute, $0.02 per SMS message and $0.50 per web form submission, with minutes and SMS subject to the territory's multipliers.`,
        "Licensee will use the #Code only in lawful advertising for its own practice and will answer or return calls promptly. Material changes to these terms require 30 days' notice.",
      ].join(" "),
    },
  };
}

const [GEORGIA, CENTRAL_FLORIDA] = DEMO_LICENSEE_4LAW_TERRITORIES as [string, string];

/** #4LAW in Georgia with Legal Keywords, and #4LAW in Central Florida. */
export const DEMO_LICENSES: readonly DemoLicenseSeed[] = [
  demoLicense(GEORGIA, "legal-keywords", "2026-03-02T05:00:00Z", "2026-02-24"),
  demoLicense(CENTRAL_FLORIDA, null, "2026-06-01T04:00:00Z", "2026-05-27"),
];

/**
 * The demo's license billing is recorded up to this instant (fixed, like every demo date): each license's
 * subscription has billed, and the saved card paid, every month that began before it.
 */
export const DEMO_BILLED_THROUGH = "2026-11-20T00:00:00Z";

/** One paid invoice of a demo subscription, as the billing events would have recorded it (no hosted links). */
export interface LicenseInvoiceSeed {
  stripeInvoiceId: string;
  /** `subscription_create` (setup deposit and first month) or `subscription_cycle` (a month). */
  billingReason: "subscription_create" | "subscription_cycle";
  /** ISO 8601, UTC. */
  periodStart: string;
  periodEnd: string;
  amountCents: number;
  issuedAt: string;
  paidAt: string;
}

/**
 * What a demo license has paid: the monthly amount and the invoices paid so far, oldest first. No Stripe ids: the
 * demo's licenses were never billed through a real (or stand-in) Stripe account, so nothing may try to cancel or
 * refund them there; cancelling one in the demo schedules it locally.
 */
export interface DemoSubscriptionSeed {
  /** The license's monthly fee, as the subscription was started with. */
  subscriptionAmountCents: number;
  /** The end of the month the last invoice paid for. */
  currentPeriodEnd: string;
  invoices: readonly LicenseInvoiceSeed[];
}

/** `iso` plus `months` calendar months in UTC (the demo licenses start on the 1st or 2nd, so no month overflows). */
function addUtcMonths(iso: string, months: number): string {
  const d = new Date(iso);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.toISOString();
}

const minutesAfter = (iso: string, minutes: number) => new Date(Date.parse(iso) + minutes * 60_000).toISOString();

/**
 * The demo subscription of a license: started when its first payment (setup deposit and first month) cleared at
 * `startsAt`, then billed on each monthly anniversary before {@link DEMO_BILLED_THROUGH}, each invoice paid by the
 * saved card an hour after it was issued.
 */
export function demoSubscription(license: DemoLicenseSeed): DemoSubscriptionSeed {
  const key = `${license.categorySlug.replace(/^hash-/, "")}_${license.territoryKey.toLowerCase().replace(/[^a-z0-9]+/g, "_")}`;
  const invoices: LicenseInvoiceSeed[] = [];
  for (let n = 0; Date.parse(addUtcMonths(license.startsAt, n)) < Date.parse(DEMO_BILLED_THROUGH); n++) {
    const periodStart = addUtcMonths(license.startsAt, n);
    const first = n === 0;
    invoices.push({
      stripeInvoiceId: `in_demo_${key}_${periodStart.slice(0, 7).replace("-", "_")}`,
      billingReason: first ? "subscription_create" : "subscription_cycle",
      periodStart,
      periodEnd: addUtcMonths(license.startsAt, n + 1),
      amountCents: first ? license.setupFeeCents + license.monthlyFeeCents : license.monthlyFeeCents,
      issuedAt: first ? minutesAfter(periodStart, -5) : periodStart,
      paidAt: first ? periodStart : minutesAfter(periodStart, 60),
    });
  }
  return {
    subscriptionAmountCents: license.monthlyFeeCents,
    currentPeriodEnd: invoices.at(-1)?.periodEnd ?? license.startsAt,
    invoices,
  };
}

export interface WalletTransactionSeed {
  /** Signed cents: credits > 0, debits < 0. */
  amountCents: number;
  description: string;
  transactionType: WalletTransactionType;
  paymentReference: string | null;
  /** ISO 8601, UTC. */
  transactionDate: string;
}

function topUp(date: string, amountCents: number): WalletTransactionSeed {
  return {
    amountCents,
    description: `Wallet top-up ($${(amountCents / 100).toFixed(2)})`,
    transactionType: "top_up",
    paymentReference: `demo-checkout-${date.slice(0, 10)}`,
    transactionDate: date,
  };
}

function monthlyUsage(date: string, month: string, minutes: number, sms: number): WalletTransactionSeed {
  return {
    amountCents: -(minutes * USAGE_BASE_RATES_CENTS.perMinute + sms * USAGE_BASE_RATES_CENTS.perSms),
    description: `${month} usage: ${minutes} minutes at $0.05, ${sms} SMS at $0.02`,
    transactionType: "usage",
    paymentReference: null,
    transactionDate: date,
  };
}

function webFormLeads(date: string, month: string, count: number, territoryKey: string): WalletTransactionSeed {
  const territory = territoryByKey(territoryKey);
  return {
    amountCents: -(count * USAGE_BASE_RATES_CENTS.perWebFormLead),
    description: `${month} web form leads in ${territory.name}: ${count} at $0.50`,
    transactionType: "usage",
    paymentReference: null,
    transactionDate: date,
  };
}

/** The wallet ledger, oldest first. The licensee's cached balance is the sum (see demoWalletBalanceCents). */
export const DEMO_WALLET_TRANSACTIONS: readonly WalletTransactionSeed[] = [
  topUp("2026-06-01T14:12:00Z", 5_000),
  topUp("2026-06-15T15:40:00Z", 5_000),
  monthlyUsage("2026-06-30T23:00:00Z", "June", 410, 60),
  monthlyUsage("2026-07-31T23:00:00Z", "July", 520, 85),
  topUp("2026-08-03T13:05:00Z", 5_000),
  monthlyUsage("2026-08-31T23:00:00Z", "August", 480, 72),
  monthlyUsage("2026-09-30T23:00:00Z", "September", 455, 64),
  topUp("2026-10-01T13:30:00Z", 5_000),
  topUp("2026-10-15T16:20:00Z", 2_500),
  monthlyUsage("2026-10-31T23:00:00Z", "October", 390, 58),
  webFormLeads("2026-10-31T23:00:00Z", "October", 4, GEORGIA),
  {
    amountCents: 500,
    description: "Courtesy credit: after-hours routing setup",
    transactionType: "adjustment",
    paymentReference: null,
    transactionDate: "2026-11-06T15:00:00Z",
  },
];

export function demoWalletBalanceCents(): number {
  return DEMO_WALLET_TRANSACTIONS.reduce((sum, t) => sum + t.amountCents, 0);
}

/** Top-ups of the last full month before the demo date (October 2026). */
export function demoLastMonthDepositCents(): number {
  return DEMO_WALLET_TRANSACTIONS.filter(
    (t) => t.transactionType === "top_up" && t.transactionDate.startsWith("2026-10"),
  ).reduce((sum, t) => sum + t.amountCents, 0);
}

export interface FormSubmissionSeed {
  formType: string;
  submissionData: Record<string, string>;
  /** null displays as "New". */
  status: string | null;
  /** ISO 8601, UTC. */
  createdAt: string;
}

const LANDING_PAGE = "#4LAW Georgia landing page";

export const DEMO_FORM_SUBMISSIONS: readonly FormSubmissionSeed[] = [
  {
    formType: "web_form",
    status: "converted",
    createdAt: "2026-10-06T18:24:00Z",
    submissionData: {
      name: "Tanya Whitaker",
      email: "tanya.whitaker@example.com",
      phone: "(678) 555-0117",
      message:
        "I was rear-ended on I-285 near Sandy Springs last week. The other driver's insurer already called me and I want to talk to a lawyer before I say anything else.",
      territory: "Georgia",
      pound_code: "#4LAW",
      source: LANDING_PAGE,
    },
  },
  {
    formType: "web_form",
    status: "contacted",
    createdAt: "2026-10-14T13:02:00Z",
    submissionData: {
      name: "Marcus Odom",
      email: "m.odom@example.com",
      phone: "(912) 555-0163",
      message:
        "Slip and fall at a grocery store in Savannah. I have photos of the wet floor and an ER bill. Can someone call me after 5 PM?",
      territory: "Georgia",
      pound_code: "#4LAW",
      source: LANDING_PAGE,
    },
  },
  {
    formType: "web_form",
    status: "not_a_fit",
    createdAt: "2026-10-21T20:47:00Z",
    submissionData: {
      name: "Linda Castellanos",
      email: "lcastellanos@example.com",
      phone: "(470) 555-0188",
      message: "I need help with a landlord who will not return my security deposit.",
      territory: "Georgia",
      pound_code: "#4LAW",
      source: LANDING_PAGE,
    },
  },
  {
    formType: "web_form",
    status: "contacted",
    createdAt: "2026-10-29T15:31:00Z",
    submissionData: {
      name: "James Pruitt",
      email: "jpruitt@example.com",
      phone: "(706) 555-0121",
      message:
        "My father was injured by a delivery truck in Augusta. He is still in the hospital. We would like a consultation this week.",
      territory: "Georgia",
      pound_code: "#4LAW",
      source: LANDING_PAGE,
    },
  },
  {
    formType: "click_to_message",
    status: null,
    createdAt: "2026-11-12T22:09:00Z",
    submissionData: {
      name: "Keisha Monroe",
      phone: "(404) 555-0196",
      message: "Hit by an Uber driver while crossing Peachtree. Is it too late to file if it happened in August?",
      territory: "Georgia",
      pound_code: "#4LAW",
      source: LANDING_PAGE,
    },
  },
  {
    formType: "web_form",
    status: null,
    createdAt: "2026-11-18T16:55:00Z",
    submissionData: {
      name: "Robert Nguyen",
      email: "robert.nguyen@example.com",
      phone: "(770) 555-0149",
      message:
        "Dog bite at a neighbor's house in Marietta. My son needed stitches. Looking for advice on the homeowner's insurance claim.",
      territory: "Georgia",
      pound_code: "#4LAW",
      source: LANDING_PAGE,
    },
  },
];

export interface TicketReplySeed {
  /** true: written by PoundCodes support (labelled Admin, no user); false: by the demo user. */
  isAdmin: boolean;
  message: string;
  /** ISO 8601, UTC. */
  createdAt: string;
}

export interface SupportTicketSeed {
  subject: string;
  description: string;
  priority: TicketPriority;
  status: TicketStatus;
  createdAt: string;
  updatedAt: string;
  replies: TicketReplySeed[];
}

export const DEMO_SUPPORT_TICKETS: readonly SupportTicketSeed[] = [
  {
    subject: "Route after-hours #4LAW calls to our answering service",
    description:
      "Please route #4LAW calls in Georgia to our answering service at (404) 555-0177 on weekdays after 6:00 PM and all weekend. Daytime calls should keep ringing our intake line at (404) 555-0142.",
    priority: "high",
    status: "resolved",
    createdAt: "2026-11-02T14:18:00Z",
    updatedAt: "2026-11-06T15:05:00Z",
    replies: [
      {
        isAdmin: true,
        message:
          "Thank you, Dana. The after-hours schedule is configured for #4LAW in Georgia: weekdays from 6:00 PM to 9:00 AM Eastern and all day Saturday and Sunday route to (404) 555-0177. Please place a test call from a mobile phone tonight and let us know the result.",
        createdAt: "2026-11-03T16:40:00Z",
      },
      {
        isAdmin: false,
        message:
          "Test calls at 7:15 PM on Tuesday and Saturday morning both reached the answering service. One call on Monday evening still rang our intake line, before your change I assume.",
        createdAt: "2026-11-05T13:22:00Z",
      },
      {
        isAdmin: true,
        message:
          "Correct: the schedule took effect Tuesday afternoon. We have added a $5.00 courtesy credit to your wallet for the Monday evening call. Marking this ticket resolved; reply here if anything changes.",
        createdAt: "2026-11-06T15:05:00Z",
      },
    ],
  },
  {
    subject: "Add our Savannah office to the Georgia landing page",
    description:
      "We opened a second Georgia office. Please add it to our #4LAW landing page: Savannah Office, 22 Bull Street, Suite 400, Savannah, GA 31401, phone (912) 555-0110.",
    priority: "low",
    status: "pending_user",
    createdAt: "2026-11-17T19:03:00Z",
    updatedAt: "2026-11-18T14:26:00Z",
    replies: [
      {
        isAdmin: true,
        message:
          "Happy to add it. Should the Savannah office also appear in the page's contact details, or only in the office list? Once you confirm we will publish the update the same day.",
        createdAt: "2026-11-18T14:26:00Z",
      },
    ],
  },
];

/** The #4LAW landing page in Georgia (dynamic_pages). pound_code is the code as shown. */
export const DEMO_DYNAMIC_PAGE = {
  poundCode: "#4LAW",
  territoryKey: GEORGIA,
  pageTitle: "Injured in Georgia? Dial #4LAW",
  businessNameOnPage: "Hartwell & Reyes Injury Law",
  companyDescription:
    "Hartwell & Reyes represents people injured through no fault of their own across Georgia. Our attorneys handle every case personally, from the first call to settlement or verdict, and we advance all case costs: you pay no fee unless we recover compensation for you.",
  services: [
    "Free case evaluation by phone, text or video",
    "Hospital and home visits for injured clients",
    "Spanish-speaking intake staff",
    "No fee unless we win",
  ],
  attorneyDirectoryUrl: null,
  areasOfLaw: [
    "Car Accidents",
    "Truck Accidents",
    "Motorcycle Accidents",
    "Pedestrian and Bicycle Accidents",
    "Premises Liability",
    "Dog Bites",
    "Wrongful Death",
  ],
  officeLocations: [
    {
      name: "Atlanta Office",
      address: "1450 Peachtree Street NE, Suite 900",
      city: "Atlanta, GA 30309",
      phone: "(404) 555-0142",
      hours: "Mon–Fri 8:30 am–6 pm; evenings and weekends by appointment",
    },
    {
      name: "Marietta Office",
      address: "85 Church Street, Suite 210",
      city: "Marietta, GA 30060",
      phone: "(770) 555-0135",
      hours: "Mon–Fri 9 am–5 pm",
    },
  ],
  partnersInfo: [
    {
      name: "Dana Hartwell",
      description:
        "Founding partner. Trial attorney for 18 years focused on catastrophic vehicle collisions and wrongful death.",
    },
    {
      name: "Luis Reyes",
      description:
        "Founding partner. Leads the firm's premises liability practice and its Spanish-language client services.",
    },
    {
      name: "Priya Natarajan",
      description: "Senior associate handling trucking and commercial vehicle cases under federal motor carrier rules.",
    },
  ],
  lawFirmHighlights:
    "More than 2,400 clients represented since 2008. Recognized by the Georgia Trial Lawyers Association for community service. Available 24 hours a day, 7 days a week through #4LAW.",
  reviews: [
    {
      quote: "I dialed #4LAW from the roadside and had an attorney on the phone in minutes. They handled everything.",
      author: "Marcus T., Atlanta",
    },
    {
      quote: "Luis and his team explained every step in Spanish and never made me feel rushed.",
      author: "Elena G., Marietta",
    },
  ],
  yearsInBusiness: 18,
  lawFirmLogoUrl: null,
  testimonialLink: null,
  socialMediaLinks: {
    facebook: "https://www.facebook.com/hartwellreyeslaw",
    linkedin: "https://www.linkedin.com/company/hartwell-reyes-injury-law",
    youtube: "https://www.youtube.com/@hartwellreyeslaw",
    instagram: "https://www.instagram.com/hartwellreyeslaw",
  },
  contactInfo: {
    phone: "(404) 555-0142",
    email: DEMO_USER_EMAIL,
    address: "1450 Peachtree Street NE, Suite 900, Atlanta, GA 30309",
  },
} as const;

/**
 * The text of a licence agreement, built from the licence it grants: the parties, the Licensed Number (a #Code,
 * with any paired vanity numbers, or a vanity number licensed on its own), the territory, the term, the fees in dollars and the standing terms of /legal/adjunct-marketing-agreement and
 * /terms (the 5-business-day refund of this license's own deposit, 30 days' notice, the adjacent-territory option).
 *
 * The result is plain text stored in `agreements.terms`: numbered clauses separated by blank lines, each starting
 * "N. Title. ". The PDF and the portal render exactly this text, so once drafted an agreement reads the same
 * wherever it is shown, and a later change to the public wording never rewrites an agreement already drafted.
 */
import { formatCents, formatDate } from "#kernel/format.ts";
import { CONTACT } from "#kernel/links.ts";
import { USAGE_BASE_RATES_CENTS } from "#kernel/pricing-rates.ts";
import { LICENCE_TERMS } from "#kernel/schemas/company.ts";
import { US_STATE_NAMES } from "#kernel/us-states.ts";

export type AgreementTermsInput = {
  licensee: {
    companyName: string | null;
    contactName: string | null;
    email: string;
    addressLine1: string | null;
    addressLine2: string | null;
    city: string | null;
    stateProvince: string | null;
    postalCode: string | null;
  };
  territory: {
    name: string;
    state: string;
    areaCodes: readonly string[];
    population: number;
    minimumMonthlyFeeCents: number;
    minutesMultiplier: number;
    smsMultiplier: number;
  };
  /**
   * What is licensed: a #Code (or keyword group), or a vanity number licensed on its own, named as dialled
   * ("1-800-LAW-HELP").
   */
  offering: { kind: "category"; name: string; categoryType: string } | { kind: "vanity"; number: string };
  licence: {
    monthlyFeeCents: number;
    finalCalculatedFeeCents: number | null;
    baseLicenseFeeCents: number | null;
    categoryModifierAmountCents: number | null;
    keywordModifierAmountCents: number | null;
    setupFeeCents: number;
    startsAt: Date;
    /** The keyword group named in the pricing details, if any. */
    keywordGroup: string | null;
  };
  /** Vanity numbers licensed with the #Code in the territory (shown as paired numbers). */
  vanityNumbers: readonly string[];
  /** When the agreement is drafted: a licence that has already started begins its new terms on signature. */
  draftedAt: Date;
};

/** The twelve-month initial term of every licence agreement. */
export const INITIAL_TERM_MONTHS = 12;

const pct = (n: number) => n.toFixed(2);

/** The licensee's per-million-people monthly rate: the monthly fee over the territory's population in millions. */
export function perMillionRateCents(monthlyCents: number, population: number): number | null {
  if (population <= 0) return null;
  return Math.round(monthlyCents / (population / 1_000_000));
}

export function buildAgreementTerms(input: AgreementTermsInput): string {
  const { licensee: l, territory: t, offering: o, licence } = input;
  const party = l.companyName?.trim() || l.contactName?.trim() || l.email;
  const address = [
    l.addressLine1,
    l.addressLine2,
    [l.city, [l.stateProvince, l.postalCode].filter(Boolean).join(" ")].filter(Boolean).join(", "),
  ]
    .filter((x) => x?.trim())
    .join(", ");
  const monthly = licence.finalCalculatedFeeCents ?? licence.monthlyFeeCents;
  const started = licence.startsAt.getTime() <= input.draftedAt.getTime();
  const start = started ? "the date the Licensee signs this Agreement" : formatDate(licence.startsAt);
  const paired = o.kind === "category" ? input.vanityNumbers : [];
  const title = o.kind === "category" ? o.name : `the vanity number ${o.number}`;
  const number =
    o.kind === "vanity"
      ? `the vanity number ${o.number}`
      : paired.length
        ? `the #Code ${o.name}, with the paired vanity number${paired.length > 1 ? "s" : ""} ${paired.join(", ")}`
        : `the #Code ${o.name}`;
  const scope =
    o.kind === "category"
      ? ` for the ${o.name} category${licence.keywordGroup ? ` with the ${licence.keywordGroup} special pricing keywords` : ""}`
      : "";
  const exclusivity = o.kind === "category" ? "the Licensed Number for this category" : "the Licensed Number";
  const sameOffering = o.kind === "category" ? "for the same category" : "for the same vanity number";
  const stateName = US_STATE_NAMES[t.state] ?? t.state;
  const rate = perMillionRateCents(monthly, t.population);
  const parts: string[] = [];
  if (licence.baseLicenseFeeCents != null) parts.push(`base license fee ${formatCents(licence.baseLicenseFeeCents)}`);
  if (licence.categoryModifierAmountCents)
    parts.push(`category adjustment ${formatCents(licence.categoryModifierAmountCents)}`);
  if (licence.keywordModifierAmountCents)
    parts.push(
      `keyword adjustment ${formatCents(licence.keywordModifierAmountCents)}${licence.keywordGroup ? ` for ${licence.keywordGroup}` : ""}`,
    );
  const breakdown = parts.length ? ` (${parts.join(", ")})` : "";
  const deposit = formatCents(licence.setupFeeCents);
  const refundDays = LICENCE_TERMS.depositRefundBusinessDays;

  const clauses: [string, string][] = [
    [
      "Parties",
      `This Adjunct Marketing Agreement is made between PoundCodes ("PoundCodes") and ${party} (the "Licensee")${address ? `, of ${address}` : ""}, for the exclusive license of ${title} in ${t.name}.`,
    ],
    [
      "Licensed Number and Territory",
      `PoundCodes grants the Licensee an exclusive, non-transferable license to use ${number} (the "Licensed Number")${scope} in the territory of ${t.name}${t.areaCodes.length ? ` (area codes ${t.areaCodes.join(", ")})` : ""}, to advertise the Licensee's own services and to receive the calls, text messages and leads made through it. During the Term PoundCodes will not license ${exclusivity} in ${t.name} to anyone else.`,
    ],
    [
      "Term",
      `The Start Date is ${start}. The Agreement runs for an initial term of ${INITIAL_TERM_MONTHS} months from the Start Date and then renews for successive terms of the same length, unless either party gives written notice at least 30 days before the end of the current term that it will not renew. From the Start Date it replaces any earlier agreement between the parties for the Licensed Number in ${t.name}.`,
    ],
    [
      "Monthly Fee",
      `The Licensee pays a Monthly Fee of ${formatCents(monthly)}${breakdown}, in advance, each month of the Term. No Monthly Fee is less than the territory's minimum monthly fee of ${formatCents(t.minimumMonthlyFeeCents)}. The Monthly Fee does not change during a term.`,
    ],
    [
      "Setup Deposit",
      `The Licensee pays a Setup Deposit of ${deposit} on signing. If the Licensee cancels within ${refundDays} Business Days of paying it, PoundCodes refunds the ${deposit} in full. After that the deposit is applied to the setup of the Licensed Number and is not refundable. Business Days are Monday to Friday.`,
    ],
    [
      "Usage",
      `Calls, text messages and web-form leads are charged to the Licensee's prepaid wallet at ${formatCents(USAGE_BASE_RATES_CENTS.perMinute)} a minute, ${formatCents(USAGE_BASE_RATES_CENTS.perSms)} a message and ${formatCents(USAGE_BASE_RATES_CENTS.perWebFormLead)} a lead; in ${t.name} minutes are multiplied by ${pct(t.minutesMultiplier)} and messages by ${pct(t.smsMultiplier)}. The Licensee keeps the wallet funded; PoundCodes may pause routing while it is empty. Fees exclude taxes.`,
    ],
    [
      "Adjacent-territory option",
      `For ${LICENCE_TERMS.adjacentTerritoryOptionBusinessDays} Business Days after the Start Date, the Licensee may add any available territory that borders ${t.name}, ${sameOffering}, priced at the Licensee's per-million-people monthly rate${rate != null ? ` of ${formatCents(rate)} per million people` : ""} applied to the population of the added territory.`,
    ],
    [
      "Licensee's undertakings",
      "The Licensee will use the Licensed Number only for its own services, in lawful and truthful advertising, following the rules of any bar or licensing board it belongs to; will answer or return calls promptly; and will not sublicense, resell or share the Licensed Number without PoundCodes' written consent.",
    ],
    [
      "Changes and termination",
      `PoundCodes will give at least ${LICENCE_TERMS.materialChangeNoticeDays} days' written notice of any material change to these terms, and the Licensee may end the Agreement without penalty before the change takes effect. Either party may end the Agreement if the other commits a material breach and does not remedy it within 15 days of being told of it. When it ends, routing stops and any unused wallet balance is refunded.`,
    ],
    [
      "Whole agreement",
      `This Agreement incorporates the Adjunct Marketing Agreement and the Terms of Service published on poundcodes.com on the date it is signed; where they differ, this Agreement prevails. Notices go by email to ${l.email} and to ${CONTACT.salesEmail}. The Agreement is governed by the law of ${stateName}.`,
    ],
  ];
  return clauses.map(([title, text], i) => `${i + 1}. ${title}. ${text}`).join("\n\n");
}

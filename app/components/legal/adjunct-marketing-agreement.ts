/**
 * The Adjunct Marketing Agreement (/legal/adjunct-marketing-agreement): the license agreement a business signs to
 * license a #Code or vanity number for a category in a territory, with the schedule it completes when signing.
 */
import { formatCents } from "#kernel/format.ts";
import { CONTACT } from "#kernel/links.ts";
import { MINIMUM_MONTHLY_FEE_CENTS, USAGE_BASE_RATES_CENTS } from "#kernel/pricing-rates.ts";
import { COMPANY_FACTS, LICENCE_TERMS } from "#kernel/schemas/company.ts";
import type { LegalDocument } from "./types";

export const ADJUNCT_MARKETING_AGREEMENT: LegalDocument = {
  path: "/legal/adjunct-marketing-agreement",
  title: "Adjunct Marketing Agreement",
  description:
    "The agreement under which a business licenses a #Code or vanity number for a category in a territory, and PoundCodes markets and routes it.",
  lastUpdated: "2026-11-01",
  intro: [
    "This Adjunct Marketing Agreement (the “Agreement”) is made between PoundCodes (“PoundCodes”) and the business named in the Schedule (the “Licensee”). It takes effect on the Start Date in the Schedule, once both parties have signed it and the Licensee has paid the setup deposit.",
    `PoundCodes licenses #Codes (only ${COMPANY_FACTS.poundCodes} exist) and vanity numbers, routes the calls made to them, and brings ${COMPANY_FACTS.yearsInMarketing} years of marketing experience to the businesses that license them. The Licensee wishes to use a #Code or vanity number in its advertising, with PoundCodes acting as its adjunct marketing partner. The parties therefore agree as follows.`,
  ],
  sections: [
    {
      id: "definitions",
      title: "Definitions",
      blocks: [
        {
          type: "defs",
          items: [
            {
              term: "Licensed Number",
              text: "The #Code or vanity number named in the Schedule.",
            },
            {
              term: "Territory",
              text: "The state, District of Columbia or portion of a state named in the Schedule, with the boundaries shown on the PoundCodes territory map on the Start Date.",
            },
            {
              term: "Category",
              text: "The #Code or keyword group named in the Schedule, together with any special pricing keywords listed there.",
            },
            {
              term: "Business Day",
              text: "Monday to Friday, excluding weekends.",
            },
            {
              term: "Wallet",
              text: "The Licensee's prepaid balance held by PoundCodes, from which usage charges are drawn.",
            },
          ],
        },
      ],
    },
    {
      id: "grant",
      title: "Grant of license",
      blocks: [
        {
          type: "p",
          text: "PoundCodes grants the Licensee an exclusive, non-transferable license to use the Licensed Number for the Category in the Territory during the Term, to advertise the Licensee's own services and to receive the calls, text messages and leads made through it.",
        },
        {
          type: "p",
          text: "During the Term PoundCodes will not license the Licensed Number for the Category in the Territory to anyone else. The Licensed Number, its routing and the PoundCodes and #Code marks remain the property of PoundCodes and its carriers.",
        },
      ],
    },
    {
      id: "territory",
      title: "Territory and the adjacent-territory option",
      blocks: [
        {
          type: "p",
          text: "Calls to the Licensed Number are connected to the Licensee when the caller's carrier places the caller in the Territory. Calls placed from outside the Territory may be connected to other licensees.",
        },
        {
          type: "note",
          text: `For ${LICENCE_TERMS.adjacentTerritoryOptionBusinessDays} Business Days after the Start Date, the Licensee may add to this Agreement any available territory that borders the Territory, for the same Category. An added territory is priced at the Licensee's per-million-people monthly rate: the Monthly Fee divided by the Territory's population in millions, applied to the population of the added territory.`,
        },
      ],
    },
    {
      id: "term",
      title: "Term and renewal",
      blocks: [
        {
          type: "p",
          text: "The Agreement runs for the Initial Term in the Schedule and then renews for successive terms of the same length, unless either party gives written notice at least 30 days before the end of the current term that it will not renew.",
        },
      ],
    },
    {
      id: "fees",
      title: "Fees and payment",
      blocks: [
        {
          type: "ul",
          items: [
            `Monthly Fee. The Licensee pays the Monthly Fee in the Schedule, in advance, each month of the Term. No Monthly Fee is less than the Territory's minimum monthly fee (${formatCents(MINIMUM_MONTHLY_FEE_CENTS)} as standard).`,
            `Setup Deposit. The Licensee pays the Setup Deposit in the Schedule on signing. If the Licensee cancels within ${LICENCE_TERMS.depositRefundBusinessDays} Business Days of paying it, PoundCodes refunds it in full (for example, a ${formatCents(LICENCE_TERMS.depositExampleCents)} deposit is refunded as ${formatCents(LICENCE_TERMS.depositExampleCents)}). After that the deposit is applied to the setup of the Licensed Number and is not refundable.`,
            `Usage. Calls, text messages and web-form leads are charged to the Wallet at ${formatCents(USAGE_BASE_RATES_CENTS.perMinute)} a minute, ${formatCents(USAGE_BASE_RATES_CENTS.perSms)} a message and ${formatCents(USAGE_BASE_RATES_CENTS.perWebFormLead)} a lead; minutes and messages are multiplied by the Territory's usage multipliers in the Schedule. The Licensee keeps the Wallet funded; PoundCodes may pause routing while the Wallet is empty.`,
            "Taxes. Fees exclude taxes, which the Licensee pays where the law requires.",
            "Late payment. If a Monthly Fee is more than 15 days overdue, PoundCodes may suspend routing until it is paid.",
          ],
        },
      ],
    },
    {
      id: "poundcodes-obligations",
      title: "What PoundCodes provides",
      blocks: [
        {
          type: "ul",
          items: [
            "Routing of calls and text messages made to the Licensed Number in the Territory to the destinations the Licensee chooses.",
            "The call-analytics portal, the licensee dashboard and a landing page for the Licensed Number and Territory.",
            "Adjunct marketing support: advice on advertising the Licensed Number, and campaign services from the PoundCodes Marketing Agency where the parties agree them in writing.",
            `Support by ticket, telephone and chat, ${CONTACT.hours}.`,
            "Reasonable efforts to keep routing available at all times, relying on the telephone carriers that carry the calls.",
          ],
        },
      ],
    },
    {
      id: "licensee-obligations",
      title: "What the Licensee agrees to do",
      blocks: [
        {
          type: "ul",
          items: [
            "Use the Licensed Number only for its own services, in the Category and in lawful, truthful advertising.",
            "Follow the laws and professional rules that apply to its advertising and to calls and messages, including consent requirements and the rules of any bar or licensing board it belongs to.",
            "Answer or return calls promptly, so that callers who dial the Licensed Number are served.",
            "Keep its account details, destinations and Wallet up to date.",
            "Not sublicense, resell or share the Licensed Number without PoundCodes' written consent.",
          ],
        },
      ],
    },
    {
      id: "marketing-materials",
      title: "Marketing materials and brand use",
      blocks: [
        {
          type: "p",
          text: "Each party keeps ownership of its own names, logos and content. The Licensee may use the Licensed Number and the #Code marks in its advertising in the Territory during the Term. PoundCodes may show the Licensee's name, logo and description on the Licensee's landing page and in its directory during the Term.",
        },
      ],
    },
    {
      id: "confidentiality",
      title: "Confidentiality and data",
      blocks: [
        {
          type: "p",
          text: [
            "Each party keeps the other's non-public business information confidential. PoundCodes handles callers' and the Licensee's personal information as described in its ",
            { text: "Privacy Policy", to: "/privacy" },
            ", and gives the Licensee the call records, messages and leads addressed to the Licensed Number.",
          ],
        },
      ],
    },
    {
      id: "changes",
      title: "Changes to terms",
      blocks: [
        {
          type: "p",
          text: `PoundCodes will give the Licensee at least ${LICENCE_TERMS.materialChangeNoticeDays} days' written notice of any material change to the terms of this Agreement, including to usage rates. The Licensee may end the Agreement without penalty before the change takes effect. The Monthly Fee does not change during a term.`,
        },
      ],
    },
    {
      id: "termination",
      title: "Termination",
      blocks: [
        {
          type: "p",
          text: "Either party may end the Agreement by written notice if the other commits a material breach and does not remedy it within 15 days of being told of it. PoundCodes may end it if a carrier or regulator withdraws the Licensed Number, and will then refund any Monthly Fee paid for the period after termination.",
        },
        {
          type: "p",
          text: "When the Agreement ends, routing to the Licensee stops, the Licensee stops advertising the Licensed Number, and any Wallet balance not used for charges is refunded.",
        },
      ],
    },
    {
      id: "warranties",
      title: "Warranties and liability",
      blocks: [
        {
          type: "p",
          text: [
            `PoundCodes does not guarantee any number of calls, clients or revenue. Figures such as up to ${COMPANY_FACTS.callThrough} the call-through of a vanity number describe past results, as explained in the `,
            { text: "Disclaimers & Disclosures", to: "/disclaimers" },
            ".",
          ],
        },
        {
          type: "p",
          text: "Neither party is liable to the other for lost profits or indirect losses. Each party's total liability under the Agreement in any twelve months is limited to the Monthly Fees paid in that period, except for the Licensee's payment obligations and either party's liability that the law does not allow to be limited.",
        },
      ],
    },
    {
      id: "general",
      title: "General",
      blocks: [
        {
          type: "p",
          text: [
            "This Agreement, its Schedule and the ",
            { text: "Terms of Service", to: "/terms" },
            " are the whole agreement between the parties about the Licensed Number; where they differ, this Agreement prevails. Notices are given by email to the addresses in the Schedule. The Agreement is governed by the law named in the Schedule. Neither party may assign it without the other's consent, except to a successor of its whole business.",
          ],
        },
      ],
    },
    {
      id: "schedule",
      title: "Schedule: license details and signatures",
      blocks: [
        { type: "p", text: "Completed and signed by both parties when the license is granted." },
        {
          type: "fields",
          items: [
            "Licensee (legal name)",
            "Licensee's notice email",
            "Licensed Number",
            "Category and special pricing keywords",
            "Territory",
            "Start Date",
            "Initial Term",
            "Monthly Fee",
            "Setup Deposit",
            "Usage multipliers",
            "Governing law",
          ],
        },
        { type: "p", text: "Signed by the authorized representatives of both parties:" },
        {
          type: "fields",
          items: [
            "Signed for the Licensee (name, title)",
            "Licensee's signature and date",
            "Signed for PoundCodes (name, title)",
            "PoundCodes' signature and date",
          ],
        },
      ],
    },
  ],
};

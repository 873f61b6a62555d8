/** Terms of Service (/terms): the terms under which a business reserves and licenses a #Code or vanity number. */
import { formatCents } from "#kernel/format.ts";
import { CONTACT } from "#kernel/links.ts";
import { MINIMUM_MONTHLY_FEE_CENTS, USAGE_BASE_RATES_CENTS } from "#kernel/pricing-rates.ts";
import { COMPANY_FACTS, LICENCE_TERMS } from "#kernel/schemas/company.ts";
import type { LegalDocument } from "./types";

const deposit = formatCents(LICENCE_TERMS.depositExampleCents);
const refundDays = LICENCE_TERMS.depositRefundBusinessDays;

export const TERMS_OF_SERVICE: LegalDocument = {
  path: "/terms",
  title: "Terms of Service",
  description:
    "The terms under which businesses reserve, license and use PoundCodes #Codes, vanity numbers and services.",
  lastUpdated: "2026-11-01",
  intro: [
    "These Terms of Service are an agreement between PoundCodes (“PoundCodes”, “we”, “us”) and the business or person who reserves, licenses or uses our #Codes, vanity numbers or services (“you”). Please read them carefully: by reserving a territory, creating an account or signing a License Agreement, you accept them.",
    [
      "Your use of our website is also governed by the ",
      { text: "Website Terms of Use", to: "/terms-of-use" },
      " and the ",
      { text: "Privacy Policy", to: "/privacy" },
      ". Each license is granted under the ",
      { text: "Adjunct Marketing Agreement", to: "/legal/adjunct-marketing-agreement" },
      ", which prevails over these terms where the two differ.",
    ],
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
              term: "#Code",
              text: `A pound-code number, such as #4LAW, dialed from a mobile phone and connected to the licensee for the caller's territory. Only ${COMPANY_FACTS.poundCodes} #Codes exist.`,
            },
            {
              term: "Vanity Number",
              text: "A toll-free or local telephone number chosen because it spells a word or follows a pattern that is easy to remember.",
            },
            {
              term: "Territory",
              text: "A state of the United States, the District of Columbia, or a defined portion of a state, as shown on our territory map.",
            },
            {
              term: "Category",
              text: "A #Code, or a keyword group of related advertising terms, that can be licensed once in each Territory.",
            },
            {
              term: "License",
              text: "The exclusive, non-transferable right granted to you to use a #Code or Vanity Number for a Category in a Territory.",
            },
            {
              term: "Wallet",
              text: "The prepaid balance in your account from which usage charges for minutes, messages and leads are drawn.",
            },
          ],
        },
      ],
    },
    {
      id: "eligibility",
      title: "Eligibility and your account",
      blocks: [
        {
          type: "p",
          text: "You must be at least 18 years old and able to enter into contracts on behalf of the business you represent. The information you give us must be accurate and kept up to date from your dashboard.",
        },
        {
          type: "p",
          text: "You are responsible for keeping your password confidential and for everything done through your account. Tell us at once if you believe your account has been used without your permission.",
        },
      ],
    },
    {
      id: "licenses",
      title: "Licenses",
      blocks: [
        {
          type: "p",
          text: "A License gives you, and no one else, the right to advertise and receive calls on the licensed #Code or Vanity Number for its Category in its Territory, for as long as the License is in force.",
        },
        {
          type: "ul",
          items: [
            "Each Category in each Territory is licensed to one licensee at a time. We will not license the same #Code and Category in your Territory to anyone else while your License is active.",
            "A License is a right of use. The #Codes, the numbers and the routing that connects them remain the property of PoundCodes and its carriers.",
            "You may not sell, sublicense, assign or share a License without our written consent.",
            "Calls are connected according to where the caller is, as determined by the caller's carrier. Calls placed from outside your Territory may be connected to another licensee.",
          ],
        },
      ],
    },
    {
      id: "reservations",
      title: "Reservations",
      blocks: [
        {
          type: "p",
          text: `You may reserve an available Territory and Category from our website. A reservation made without signing in must be confirmed from the link we email within ${LICENCE_TERMS.unconfirmedHoldHours} hours, or it lapses. A confirmed reservation holds the Territory and Category for you for ${LICENCE_TERMS.holdBusinessDays} business days while we prepare your License Agreement.`,
        },
        {
          type: "p",
          text: "While it is held, the Territory is shown as In Negotiations and no one else may reserve it for that Category. A reservation is not a License: a License begins only when the License Agreement is signed and the setup deposit is paid.",
        },
        {
          type: "p",
          text: "If a Territory you want is taken, you may join its waitlist. We will email you if it becomes available; joining a waitlist does not reserve it.",
        },
      ],
    },
    {
      id: "fees",
      title: "Fees, deposits and billing",
      blocks: [
        {
          type: "p",
          text: `The monthly License fee depends on the population of the Territory and on the Category, and is never less than the Territory's minimum monthly fee (${formatCents(MINIMUM_MONTHLY_FEE_CENTS)} as standard). The fee for your License is stated in your License Agreement.`,
        },
        {
          type: "note",
          text: `The setup fee is collected as a deposit. If you cancel within ${refundDays} business days of paying it, it is refunded in full: a ${deposit} deposit, for example, comes back as ${deposit}. Business days are Monday to Friday.`,
        },
        {
          type: "p",
          text: `Usage is charged to your Wallet at ${formatCents(USAGE_BASE_RATES_CENTS.perMinute)} a minute, ${formatCents(USAGE_BASE_RATES_CENTS.perSms)} a text message and ${formatCents(USAGE_BASE_RATES_CENTS.perWebFormLead)} a web-form submission. Minutes and messages are adjusted by the usage multipliers of your Territory shown in your License Agreement. Keep your Wallet funded: when it runs out, calls and messages may stop until it is topped up.`,
        },
        {
          type: "p",
          text: "Monthly fees are billed in advance. Amounts are in US dollars and exclude taxes, which we add where the law requires. If a payment is more than 15 days late we may suspend the License until it is paid.",
        },
      ],
    },
    {
      id: "adjacent-territories",
      title: "The adjacent-territory option",
      blocks: [
        {
          type: "p",
          text: `For ${LICENCE_TERMS.adjacentTerritoryOptionBusinessDays} business days after your License begins, you may add any available Territory that borders yours for the same Category. The added Territory is priced at your per-million-people monthly rate: the monthly rate you pay per million residents of your Territory, applied to the population of the added one.`,
        },
      ],
    },
    {
      id: "acceptable-use",
      title: "Acceptable use",
      blocks: [
        { type: "p", text: "You agree to use your #Code, Vanity Number and our services lawfully, and in particular:" },
        {
          type: "ul",
          items: [
            "to follow the laws and professional rules that govern your advertising, including the advertising rules of any bar or licensing board you belong to;",
            "not to send unsolicited calls or text messages, and to obtain any consent the law requires before calling or texting a person;",
            "not to advertise in a misleading way, or to imply that PoundCodes endorses your services;",
            "not to interfere with the numbers, routing or systems of PoundCodes or its carriers.",
          ],
        },
        {
          type: "p",
          text: "We may suspend a License that is used in breach of this section, and will tell you why.",
        },
      ],
    },
    {
      id: "results",
      title: "Marketing results",
      blocks: [
        {
          type: "p",
          text: [
            `Statements about results, such as up to ${COMPANY_FACTS.callThrough} the call-through of a vanity number, describe what advertisers have achieved, not what you will achieve. Results depend on your advertising, your market and your business. See our `,
            { text: "Disclaimers & Disclosures", to: "/disclaimers" },
            ".",
          ],
        },
      ],
    },
    {
      id: "intellectual-property",
      title: "Intellectual property",
      blocks: [
        {
          type: "p",
          text: "PoundCodes, the #Code names and our logos are our trademarks. While your License is active you may use the licensed #Code in your advertising in your Territory. You keep all rights in your own names, logos and content, and allow us to display them on your landing page and in our directory while your License is active.",
        },
      ],
    },
    {
      id: "term-and-termination",
      title: "Term and termination",
      blocks: [
        {
          type: "p",
          text: "Each License runs for the term stated in its License Agreement and renews for the same term unless either party gives notice before it ends. You may cancel at the end of any term. We may end a License for non-payment, for a serious breach that you do not put right within 15 days of our notice, or if a carrier or regulator withdraws the number.",
        },
        {
          type: "p",
          text: "When a License ends, calls to the #Code in your Territory stop being connected to you, and the Territory may be licensed to another business.",
        },
      ],
    },
    {
      id: "changes",
      title: "Changes to these terms",
      blocks: [
        {
          type: "p",
          text: `We may update these terms. We will give you at least ${LICENCE_TERMS.materialChangeNoticeDays} days' notice by email and in your dashboard before a material change takes effect. If you do not accept the change, you may cancel your License before it takes effect without penalty.`,
        },
      ],
    },
    {
      id: "liability",
      title: "Limitation of liability",
      blocks: [
        {
          type: "p",
          text: "Our services depend on telephone carriers and networks we do not control, and are provided without any guarantee that every call will be connected. To the extent the law allows, we are not liable for lost profits, lost business or indirect losses, and our total liability under these terms in any twelve months is limited to the License fees you paid us in that period.",
        },
        {
          type: "p",
          text: "You agree to indemnify PoundCodes against claims arising from your advertising or from your breach of these terms.",
        },
      ],
    },
    {
      id: "general",
      title: "General",
      blocks: [
        {
          type: "p",
          text: "These terms are governed by the laws named in your License Agreement, or, if you have none, by the laws of the state in which PoundCodes has its principal office. If a court finds part of these terms unenforceable, the rest remains in force. Our failing to enforce a right is not a waiver of it.",
        },
      ],
    },
    {
      id: "contact",
      title: "Contact",
      blocks: [
        {
          type: "p",
          text: [
            `Questions about these terms? Call ${CONTACT.phone}, ${CONTACT.hours}, or `,
            { text: "send us a message", to: "/contact" },
            ".",
          ],
        },
      ],
    },
  ],
};

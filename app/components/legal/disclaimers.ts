/** Disclaimers & Disclosures (/disclaimers): what the claims on the site mean, and what they do not promise. */
import { CONTACT } from "#kernel/links.ts";
import { COMPANY_FACTS, SISTER_COMPANIES } from "#kernel/schemas/company.ts";
import type { LegalDocument } from "./types";

export const DISCLAIMERS: LegalDocument = {
  path: "/disclaimers",
  title: "Disclaimers & Disclosures",
  description:
    "What the figures and claims on our website mean, what they do not promise, and the relationships we disclose.",
  lastUpdated: "2026-11-01",
  intro: [
    "We want every business that licenses from us to know exactly what it is buying. This page explains the claims you will read on our website and in our advertising, and the limits of what they promise.",
  ],
  sections: [
    {
      id: "results",
      title: "Results are not guaranteed",
      blocks: [
        {
          type: "p",
          text: `When we say that a #Code campaign earns up to ${COMPANY_FACTS.callThrough} the call-through of a traditional vanity number, we describe results that advertisers have achieved when running the same campaign with a #Code and with a vanity number. It is not a promise of the calls, clients or revenue you will receive.`,
        },
        {
          type: "p",
          text: "Your results depend on your advertising budget and creative, your market, your competitors, how your calls are answered and many other things we do not control. Past results do not guarantee future results.",
        },
      ],
    },
    {
      id: "ten-codes",
      title: `“Only ${COMPANY_FACTS.poundCodes} #Codes exist”`,
      blocks: [
        {
          type: "p",
          text: `PoundCodes offers ${COMPANY_FACTS.poundCodes} #Codes, and each can be licensed to one business per Category in each Territory. This describes the #Codes we license. Whether a mobile caller can dial a #Code depends on their carrier, and a small share of callers may need to use your vanity number or local number instead.`,
        },
      ],
    },
    {
      id: "experience",
      title: "Our experience and reach",
      blocks: [
        {
          type: "p",
          text: `“${COMPANY_FACTS.yearsInMarketing} years in marketing” refers to the experience of our founders and leadership in advertising and direct-response marketing, including before PoundCodes was formed. “${COMPANY_FACTS.countries} countries” refers to the countries where our team has run campaigns. Licenses are offered only for Territories in the United States.`,
        },
      ],
    },
    {
      id: "not-an-investment",
      title: "A license is not an investment product",
      blocks: [
        {
          type: "note",
          text: "We describe a #Code as an investment in your brand: an asset of your marketing that grows in value to you as people learn it. A License is a right to use a number in your advertising. It is not a security, it pays no return, and it cannot be resold without our written consent.",
        },
      ],
    },
    {
      id: "no-advice",
      title: "No legal, financial or professional advice",
      blocks: [
        {
          type: "p",
          text: "Our articles, FAQs, support topics and explainers are general information. They are not legal, tax, financial or professional advice. Attorneys and other regulated professionals are responsible for making sure their advertising follows the rules of their bar or licensing board, including any required disclaimers.",
        },
      ],
    },
    {
      id: "prices",
      title: "Prices and availability",
      blocks: [
        {
          type: "p",
          text: [
            "Prices on the website are calculated from our current rates and each Territory's 2020 Census population, and availability changes as Territories are reserved and licensed. The price and terms that bind us are those in your License Agreement. See ",
            { text: "Licensing by State", to: "/licensing/by-state" },
            " for how prices are built.",
          ],
        },
      ],
    },
    {
      id: "affiliates",
      title: "Related businesses",
      blocks: [
        {
          type: "p",
          text: [
            "The ",
            { text: SISTER_COMPANIES.agency.name, to: SISTER_COMPANIES.agency.path },
            " and ",
            { text: SISTER_COMPANIES.philanthropy.name, to: SISTER_COMPANIES.philanthropy.path },
            " are part of the same family of companies as PoundCodes. When we recommend the agency's services, we have a financial interest in that recommendation. Using the agency is never a condition of a License.",
          ],
        },
      ],
    },
    {
      id: "testimonials",
      title: "Testimonials and examples",
      blocks: [
        {
          type: "p",
          text: "Testimonials reflect the experience of the licensees who gave them and are not typical of every licensee. Names, numbers and figures used in examples are illustrations unless we say otherwise.",
        },
      ],
    },
    {
      id: "trademarks",
      title: "Trademarks",
      blocks: [
        {
          type: "p",
          text: "Names of carriers, software and other companies mentioned on the website belong to their owners. Mentioning them does not mean they endorse PoundCodes.",
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
            `Questions about any claim on our website? Call ${CONTACT.phone}, ${CONTACT.hours}, or `,
            { text: "send us a message", to: "/contact" },
            ".",
          ],
        },
      ],
    },
  ],
};

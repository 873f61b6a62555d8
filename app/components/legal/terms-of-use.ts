/** Website Terms of Use (/terms-of-use): the rules for using the PoundCodes website and portal. */
import { CONTACT } from "#kernel/links.ts";
import { LICENCE_TERMS } from "#kernel/schemas/company.ts";
import type { LegalDocument } from "./types";

export const TERMS_OF_USE: LegalDocument = {
  path: "/terms-of-use",
  title: "Website Terms of Use",
  description: "The rules for using the PoundCodes website, the licensee portal and the content we publish.",
  lastUpdated: "2026-11-01",
  intro: [
    "These Website Terms of Use govern your use of the PoundCodes website, including the territory map, the licensee portal and the pages we publish. By using the website you accept them. If you do not, please do not use the website.",
    [
      "Reserving or licensing a #Code or vanity number is governed by our ",
      { text: "Terms of Service", to: "/terms" },
      ", and the way we handle personal information by our ",
      { text: "Privacy Policy", to: "/privacy" },
      ".",
    ],
  ],
  sections: [
    {
      id: "using-the-site",
      title: "Using the website",
      blocks: [
        {
          type: "p",
          text: "You may browse the website, view territories and prices, and reserve or inquire about numbers for the legitimate purposes of your business. You may print or save pages for your own reference.",
        },
        { type: "p", text: "You may not:" },
        {
          type: "ul",
          items: [
            "copy, scrape or harvest the website's content, prices or territory data by automated means;",
            "reserve territories you do not intend to license, or otherwise try to keep them from other businesses;",
            "attempt to access accounts, data or parts of the website that are not meant for you, or test its security without our written permission;",
            "upload anything unlawful, misleading or harmful, or anything that carries malware;",
            "use the website in a way that interferes with its operation or with other visitors.",
          ],
        },
      ],
    },
    {
      id: "accounts",
      title: "Accounts and the licensee portal",
      blocks: [
        {
          type: "p",
          text: "Some features, such as the licensee dashboard, require an account. Keep your password confidential and your details accurate. You are responsible for what is done through your account, and we may suspend an account that is used in breach of these terms.",
        },
      ],
    },
    {
      id: "information",
      title: "Information on the website",
      blocks: [
        {
          type: "p",
          text: "We keep territory availability, prices and descriptions as accurate as we can, but they change as territories are reserved and licensed. A price or status shown on the website is an indication, not an offer: the price that binds us is the one in your License Agreement.",
        },
        {
          type: "p",
          text: [
            "Articles, FAQs and support topics are general information, not legal, financial or professional advice. See our ",
            { text: "Disclaimers & Disclosures", to: "/disclaimers" },
            ".",
          ],
        },
      ],
    },
    {
      id: "your-content",
      title: "Content you submit",
      blocks: [
        {
          type: "p",
          text: "When you submit a form, a support ticket or content for your landing page, you confirm that you have the right to share it, and you allow us to use it to provide our services. For landing pages, that includes publishing it on the website while your License is active. We may remove content that breaks these terms or the law.",
        },
      ],
    },
    {
      id: "intellectual-property",
      title: "Intellectual property",
      blocks: [
        {
          type: "p",
          text: "The website, its design, text, graphics, the territory map and the PoundCodes and #Code names and logos belong to PoundCodes or its licensors and are protected by intellectual property laws. Nothing in these terms transfers them to you.",
        },
      ],
    },
    {
      id: "links",
      title: "Links to other websites",
      blocks: [
        {
          type: "p",
          text: "The website links to websites we do not operate, such as social networks, the call-analytics portal and licensees' own websites. We are not responsible for their content or their privacy practices.",
        },
      ],
    },
    {
      id: "availability",
      title: "Availability and liability",
      blocks: [
        {
          type: "p",
          text: "We work to keep the website available and secure, but we provide it “as is” and cannot promise that it will always be available or free of errors. To the extent the law allows, we are not liable for losses arising from your use of the website or from your reliance on its content.",
        },
      ],
    },
    {
      id: "changes",
      title: "Changes to these terms",
      blocks: [
        {
          type: "p",
          text: `We may update these terms and will show the date of the latest change at the top of this page. If you have an account, we will give you at least ${LICENCE_TERMS.materialChangeNoticeDays} days' notice of a material change by email before it takes effect.`,
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

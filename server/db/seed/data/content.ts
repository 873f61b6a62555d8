/**
 * editable_content rows: the number detail intro and note, the privacy policy sections (keys beginning
 * privacy_policy_, shown in key order of PRIVACY_POLICY_SECTION_ORDER) and a few site texts.
 * Keys are unique, lower-case snake case.
 */

export interface EditableContentSeed {
  contentKey: string;
  contentValue: string;
  pageSlug: string | null;
  description: string;
}

/** The date shown as the privacy policy's "Last updated". */
export const PRIVACY_POLICY_LAST_UPDATED = "November 1, 2026";

export const PRIVACY_POLICY_SECTION_ORDER = [
  "privacy_policy_intro",
  "privacy_policy_information_we_collect",
  "privacy_policy_how_we_use",
  "privacy_policy_sharing",
  "privacy_policy_security",
  "privacy_policy_your_rights",
  "privacy_policy_contact",
  "privacy_policy_last_updated",
] as const;

export const EDITABLE_CONTENT: readonly EditableContentSeed[] = [
  {
    contentKey: "home_hero_title",
    pageSlug: "home",
    description: "Home page hero headline; each #Code in it is set in gold.",
    contentValue: "Own the #Code your customers remember",
  },
  {
    contentKey: "home_hero_subtitle",
    pageSlug: "home",
    description: "Home page hero description under the headline.",
    contentValue:
      "A #Code like #4LAW is the shortest vanity number there is: dialed from any mobile phone, recalled after a single ad. Licensed exclusively in your territory and category, it is a lasting investment in your brand that competitors cannot copy.",
  },
  {
    contentKey: "home_get_in_touch_intro",
    pageSlug: "home",
    description: "Text of the Get In Touch block on the home page.",
    contentValue:
      "Find out which #Codes and vanity numbers are open in your territory. Our licensing team answers quickly and plainly.",
  },
  {
    contentKey: "number_detail_intro",
    pageSlug: "number-detail",
    description: "Intro block at the top of every /number/{numberId} page.",
    contentValue:
      "Every #Code and vanity number is licensed exclusively by territory. Select a state or portion on the map to see its status, area codes and pricing, then reserve an available territory or join the waitlist for one that is taken.",
  },
  {
    contentKey: "number_detail_important_note",
    pageSlug: "number-detail",
    description: "Important Information card on every /number/{numberId} page.",
    contentValue:
      "Monthly fees are based on each territory's 2020 Census population, with a minimum of $95.00 per month. The setup fee is collected as a deposit and is refundable if you cancel within five business days. Usage is billed from your prepaid wallet at $0.05 per minute, $0.02 per SMS message and $0.50 per web form submission.",
  },
  {
    contentKey: "privacy_policy_intro",
    pageSlug: "privacy",
    description: "Privacy policy: introduction.",
    contentValue:
      "This Privacy Policy explains how PoundCodes collects, uses and protects information about visitors to our website and about the businesses that license #Codes and vanity numbers from us. By using the website or our services, you agree to the practices described here.",
  },
  {
    contentKey: "privacy_policy_information_we_collect",
    pageSlug: "privacy",
    description: "Privacy policy: information we collect.",
    contentValue:
      "We collect information you give us, such as your name, company, email address, phone number and mailing address when you create an account, reserve a territory, submit a form or contact support. For licensees we also process call records (time, duration, calling number and general location), text messages and web form submissions received through licensed numbers. Our servers record technical data such as IP address, browser type and pages visited.",
  },
  {
    contentKey: "privacy_policy_how_we_use",
    pageSlug: "privacy",
    description: "Privacy policy: how we use information.",
    contentValue:
      "We use information to provide and route calls and messages, operate your account and wallet, prepare license agreements, answer support requests, send service notices, improve the website and meet legal and accounting obligations. With your consent we may send marketing newsletters; every newsletter includes a way to unsubscribe.",
  },
  {
    contentKey: "privacy_policy_sharing",
    pageSlug: "privacy",
    description: "Privacy policy: sharing of information.",
    contentValue:
      "We do not sell personal information. We share it only with service providers that help us operate, such as telecommunications carriers, our payment processor and hosting and email providers, under contracts that limit their use of it; with a licensee, for calls, messages and leads addressed to that licensee's numbers; and when required by law or to protect our rights and users.",
  },
  {
    contentKey: "privacy_policy_security",
    pageSlug: "privacy",
    description: "Privacy policy: security.",
    contentValue:
      "We protect information with encryption in transit, access controls limited to staff who need it, hashed passwords and regular backups. No system is perfectly secure; if we learn of a breach affecting your information, we will notify you as required by law.",
  },
  {
    contentKey: "privacy_policy_your_rights",
    pageSlug: "privacy",
    description: "Privacy policy: your rights and choices.",
    contentValue:
      "You can review and update your account information from your dashboard at any time. You may ask us for a copy of your personal information, to correct it or to delete it, subject to records we must keep for legal, tax or contractual reasons. Residents of some states have additional rights, which we honor on request.",
  },
  {
    contentKey: "privacy_policy_contact",
    pageSlug: "privacy",
    description: "Privacy policy: how to contact us.",
    contentValue:
      "For privacy questions or requests, use the form on our Contact page or call (800) 580-1500, Monday to Friday, 9:00 AM to 6:00 PM Eastern. We respond to verified requests within 30 days.",
  },
  {
    contentKey: "privacy_policy_last_updated",
    pageSlug: "privacy",
    description: "Privacy policy: the date shown as Last updated.",
    contentValue: PRIVACY_POLICY_LAST_UPDATED,
  },
];

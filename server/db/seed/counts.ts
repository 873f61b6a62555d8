import { BLOG_POSTS } from "./data/blog-posts.ts";
import { ALL_CATEGORIES, SPECIAL_PRICING_KEYWORDS } from "./data/categories.ts";
import { EDITABLE_CONTENT } from "./data/content.ts";
import {
  DEMO_FORM_SUBMISSIONS,
  DEMO_LICENSES,
  DEMO_SUPPORT_TICKETS,
  DEMO_WALLET_TRANSACTIONS,
  demoSubscription,
} from "./data/demo-licensee.ts";
import { FAQ_ITEMS } from "./data/faq.ts";
import { FEATURED_NUMBERS } from "./data/featured-numbers.ts";
import { CONTACTS, NEWSLETTER_SUBSCRIBERS } from "./data/leads.ts";
import { SUPPORT_TOPICS } from "./data/support-topics.ts";
import { TERRITORIES } from "./data/territories.ts";
import { TERRITORY_CATEGORY_STATUSES } from "./data/territory-category-statuses.ts";
import { VANITY_NUMBERS } from "./data/vanity-numbers.ts";
import { vanityTerritoryStatuses } from "./steps/catalogue.ts";

/** Rows inserted per table by a successful seed. */
export interface SeedCounts {
  territories: number;
  categories: number;
  territoryCategories: number;
  specialPricingKeywords: number;
  vanityNumbers: number;
  territoryVanityNumbers: number;
  featuredNumbers: number;
  editableContent: number;
  faqItems: number;
  blogPosts: number;
  supportTopics: number;
  licensees: number;
  territoryLicenses: number;
  licenseInvoices: number;
  agreements: number;
  walletTransactions: number;
  formSubmissions: number;
  supportTickets: number;
  supportTicketReplies: number;
  dynamicPages: number;
  contacts: number;
  newsletterSubscribers: number;
}

/** What seedDemo inserts, computed from the data modules (no database needed). */
export function seedCounts(): SeedCounts {
  return {
    territories: TERRITORIES.length,
    categories: ALL_CATEGORIES.length,
    territoryCategories: TERRITORY_CATEGORY_STATUSES.length,
    specialPricingKeywords: SPECIAL_PRICING_KEYWORDS.length,
    vanityNumbers: VANITY_NUMBERS.length,
    territoryVanityNumbers: vanityTerritoryStatuses(
      VANITY_NUMBERS,
      TERRITORIES.map((t) => t.key),
    ).length,
    featuredNumbers: FEATURED_NUMBERS.length,
    editableContent: EDITABLE_CONTENT.length,
    faqItems: FAQ_ITEMS.length,
    blogPosts: BLOG_POSTS.length,
    supportTopics: SUPPORT_TOPICS.length,
    licensees: 1,
    territoryLicenses: DEMO_LICENSES.length,
    /** Each license's paid invoices: its first (deposit and first month), then one per month so far. */
    licenseInvoices: DEMO_LICENSES.reduce((n, l) => n + demoSubscription(l).invoices.length, 0),
    /** One signed agreement per license, and the Georgia license's updated agreement awaiting signature. */
    agreements: DEMO_LICENSES.length + 1,
    walletTransactions: DEMO_WALLET_TRANSACTIONS.length,
    formSubmissions: DEMO_FORM_SUBMISSIONS.length,
    supportTickets: DEMO_SUPPORT_TICKETS.length,
    supportTicketReplies: DEMO_SUPPORT_TICKETS.reduce((n, t) => n + t.replies.length, 0),
    dynamicPages: 1,
    contacts: CONTACTS.length,
    newsletterSubscribers: NEWSLETTER_SUBSCRIBERS.length,
  };
}

/**
 * Seeds the demo catalogue (server/db/seed/data/*) into an EMPTY database.
 *
 * - Does nothing (returns null) when the territories table has a row.
 * - The demo licensee's user is created through the injected `createDemoUser` (the auth library hashes the
 *   password) BEFORE the transaction; an existing user with the demo email is reused, so a seed that failed after
 *   creating the user can simply be run again.
 * - Everything else is inserted in ONE transaction, using only `tx` inside it (a query on `db` there would deadlock
 *   PGlite), with one multi-row insert per table.
 */
import { eq } from "drizzle-orm";
import type { Database } from "../client.ts";
import {
  agreements,
  blogPosts,
  categories,
  clientWalletTransactions,
  contacts,
  dynamicPages,
  editableContent,
  faqItems,
  featuredNumbers,
  formSubmissions,
  licensees,
  newsletterSubscribers,
  specialPricingKeywords,
  supportTicketReplies,
  supportTickets,
  supportTopics,
  territories,
  territoryCategories,
  territoryLicenses,
  user,
  vanityNumbers,
} from "../schema/index.ts";
import { BLOG_POSTS } from "./data/blog-posts.ts";
import { ALL_CATEGORIES, SPECIAL_PRICING_KEYWORDS } from "./data/categories.ts";
import { EDITABLE_CONTENT } from "./data/content.ts";
import {
  DEMO_DYNAMIC_PAGE,
  DEMO_FORM_SUBMISSIONS,
  DEMO_LICENSEE,
  DEMO_LICENSES,
  DEMO_SUPPORT_TICKETS,
  DEMO_USER_EMAIL,
  DEMO_USER_NAME,
  DEMO_USER_PASSWORD,
  DEMO_WALLET_TRANSACTIONS,
  demoLastMonthDepositCents,
  demoWalletBalanceCents,
} from "./data/demo-licensee.ts";
import { FAQ_ITEMS } from "./data/faq.ts";
import { FEATURED_NUMBERS } from "./data/featured-numbers.ts";
import { CONTACTS, NEWSLETTER_SUBSCRIBERS } from "./data/leads.ts";
import { SUPPORT_TOPICS } from "./data/support-topics.ts";
import { TERRITORIES, territoryKey } from "./data/territories.ts";
import { TERRITORY_CATEGORY_STATUSES, TERRITORY_STATUS_BY_KEY } from "./data/territory-category-statuses.ts";
import { VANITY_NUMBERS } from "./data/vanity-numbers.ts";

export interface DemoUserInput {
  email: string;
  name: string;
  password: string;
}

export interface SeedDemoOptions {
  /** Creates a sign-in-capable user through the auth library and returns its id. */
  createDemoUser: (input: DemoUserInput) => Promise<{ id: string }>;
  /** Password of the demo user; defaults to the documented demo password. */
  demoPassword?: string;
}

/** Rows inserted per table by a successful seed. */
export interface SeedCounts {
  territories: number;
  categories: number;
  territoryCategories: number;
  specialPricingKeywords: number;
  vanityNumbers: number;
  featuredNumbers: number;
  editableContent: number;
  faqItems: number;
  blogPosts: number;
  supportTopics: number;
  licensees: number;
  territoryLicenses: number;
  agreements: number;
  walletTransactions: number;
  formSubmissions: number;
  supportTickets: number;
  supportTicketReplies: number;
  dynamicPages: number;
  contacts: number;
  newsletterSubscribers: number;
}

/** What a seed that ran inserted; seedDemo returns null instead when the database already had territories. */
export interface SeedResult {
  demoUserId: string;
  counts: SeedCounts;
}

/** What seedDemo inserts, computed from the data modules (no database needed). */
export function seedCounts(): SeedCounts {
  return {
    territories: TERRITORIES.length,
    categories: ALL_CATEGORIES.length,
    territoryCategories: TERRITORY_CATEGORY_STATUSES.length,
    specialPricingKeywords: SPECIAL_PRICING_KEYWORDS.length,
    vanityNumbers: VANITY_NUMBERS.length,
    featuredNumbers: FEATURED_NUMBERS.length,
    editableContent: EDITABLE_CONTENT.length,
    faqItems: FAQ_ITEMS.length,
    blogPosts: BLOG_POSTS.length,
    supportTopics: SUPPORT_TOPICS.length,
    licensees: 1,
    territoryLicenses: DEMO_LICENSES.length,
    agreements: DEMO_LICENSES.length,
    walletTransactions: DEMO_WALLET_TRANSACTIONS.length,
    formSubmissions: DEMO_FORM_SUBMISSIONS.length,
    supportTickets: DEMO_SUPPORT_TICKETS.length,
    supportTicketReplies: DEMO_SUPPORT_TICKETS.reduce((n, t) => n + t.replies.length, 0),
    dynamicPages: 1,
    contacts: CONTACTS.length,
    newsletterSubscribers: NEWSLETTER_SUBSCRIBERS.length,
  };
}

/** Plain-text excerpt of HTML: tags stripped, whitespace collapsed, first 150 characters. */
export function htmlExcerpt(html: string, length = 150): string {
  const text = html
    .replace(/<[^>]*>/g, " ")
    .replaceAll("&amp;", "&")
    .replaceAll("&nbsp;", " ")
    .replace(/\s+/g, " ")
    .trim();
  return text.length <= length ? text : text.slice(0, length).trimEnd();
}

function need<T>(map: ReadonlyMap<string, T>, key: string, what: string): T {
  const value = map.get(key);
  if (value === undefined) throw new Error(`Seed: unknown ${what} "${key}"`);
  return value;
}

async function isEmpty(db: Pick<Database, "select">): Promise<boolean> {
  const rows = await db.select({ id: territories.id }).from(territories).limit(1);
  return rows.length === 0;
}

async function demoUserId(db: Database, opts: SeedDemoOptions): Promise<string> {
  const [existing] = await db.select({ id: user.id }).from(user).where(eq(user.email, DEMO_USER_EMAIL)).limit(1);
  if (existing) return existing.id;
  const created = await opts.createDemoUser({
    email: DEMO_USER_EMAIL,
    name: DEMO_USER_NAME,
    password: opts.demoPassword ?? DEMO_USER_PASSWORD,
  });
  return created.id;
}

/** Seeds the demo data into an empty database; returns null (and does nothing) when territories already exist. */
export async function seedDemo(db: Database, opts: SeedDemoOptions): Promise<SeedResult | null> {
  if (!(await isEmpty(db))) return null;
  const userId = await demoUserId(db, opts);

  return db.transaction(async (tx): Promise<SeedResult | null> => {
    if (!(await isEmpty(tx))) return null;

    // Catalogue
    const territoryRows = await tx
      .insert(territories)
      .values(
        TERRITORIES.map(({ key, ...t }) => ({
          ...t,
          status: need(TERRITORY_STATUS_BY_KEY, key, "territory status"),
        })),
      )
      .returning({ id: territories.id, state: territories.state, portion: territories.portion });
    const territoryIds = new Map(territoryRows.map((r) => [territoryKey(r.state, r.portion), r.id]));

    const categoryRows = await tx
      .insert(categories)
      .values(ALL_CATEGORIES.map((c) => ({ ...c })))
      .returning({ id: categories.id, slug: categories.slug });
    const categoryIds = new Map(categoryRows.map((r) => [r.slug, r.id]));

    await tx.insert(territoryCategories).values(
      TERRITORY_CATEGORY_STATUSES.map((r) => ({
        territoryId: need(territoryIds, r.territoryKey, "territory"),
        categoryId: need(categoryIds, r.categorySlug, "category"),
        status: r.status,
      })),
    );

    await tx.insert(specialPricingKeywords).values(SPECIAL_PRICING_KEYWORDS.map((k) => ({ ...k })));

    // The demo licensee
    const [licensee] = await tx
      .insert(licensees)
      .values({
        ...DEMO_LICENSEE,
        userId,
        minutesSmsWalletCents: demoWalletBalanceCents(),
        lastMonthDepositCents: demoLastMonthDepositCents(),
        createdAt: new Date("2026-02-20T15:00:00Z"),
      })
      .returning({ id: licensees.id });
    if (!licensee) throw new Error("Seed: licensee insert returned no row");
    const licenseeId = licensee.id;

    await tx.insert(vanityNumbers).values(
      VANITY_NUMBERS.map(({ territoryKey: key, ...v }) => ({
        ...v,
        territoryId: key ? need(territoryIds, key, "territory") : null,
      })),
    );

    await tx.insert(featuredNumbers).values(FEATURED_NUMBERS.map((f) => ({ ...f })));

    // Site content
    await tx.insert(editableContent).values(EDITABLE_CONTENT.map((c) => ({ ...c })));
    await tx.insert(faqItems).values(FAQ_ITEMS.map((f) => ({ ...f })));
    await tx.insert(blogPosts).values(
      BLOG_POSTS.map((p) => ({
        ...p,
        tags: [...p.tags],
        excerpt: htmlExcerpt(p.content),
        publishedAt: new Date(p.publishedAt),
        createdAt: new Date(p.publishedAt),
        updatedAt: new Date(p.publishedAt),
      })),
    );
    await tx.insert(supportTopics).values(
      SUPPORT_TOPICS.map((t) => ({
        ...t,
        keywords: [...t.keywords],
        publishedAt: new Date(t.publishedAt),
        createdAt: new Date(t.publishedAt),
        updatedAt: new Date(t.publishedAt),
      })),
    );

    // Licenses and agreements
    const licenseRows = await tx
      .insert(territoryLicenses)
      .values(
        DEMO_LICENSES.map((l) => ({
          licenseeId,
          territoryId: need(territoryIds, l.territoryKey, "territory"),
          categoryId: need(categoryIds, l.categorySlug, "category"),
          status: "active" as const,
          monthlyFeeCents: l.monthlyFeeCents,
          baseLicenseFeeCents: l.baseLicenseFeeCents,
          categoryModifierAmountCents: l.categoryModifierAmountCents,
          keywordModifierAmountCents: l.keywordModifierAmountCents,
          finalCalculatedFeeCents: l.finalCalculatedFeeCents,
          setupFeeCents: l.setupFeeCents,
          pricingDetails: { ...l.pricingDetails },
          startsAt: new Date(l.startsAt),
          createdAt: new Date(l.startsAt),
        })),
      )
      .returning({ id: territoryLicenses.id, territoryId: territoryLicenses.territoryId });
    const licenseIdByTerritory = new Map(licenseRows.map((r) => [r.territoryId, r.id]));

    await tx.insert(agreements).values(
      DEMO_LICENSES.map((l) => ({
        licenseeId,
        territoryLicenseId: need(licenseIdByTerritory, need(territoryIds, l.territoryKey, "territory"), "license"),
        agreementType: l.agreement.agreementType,
        status: l.agreement.status,
        documentUrl: null,
        signedDate: l.agreement.signedDate,
        terms: l.agreement.terms,
        territoryName: l.agreement.territoryName,
        createdAt: new Date(`${l.agreement.signedDate}T15:00:00Z`),
      })),
    );

    // Wallet, leads, support
    await tx.insert(clientWalletTransactions).values(
      DEMO_WALLET_TRANSACTIONS.map((t) => ({
        ...t,
        licenseeId,
        transactionDate: new Date(t.transactionDate),
        createdAt: new Date(t.transactionDate),
      })),
    );

    await tx.insert(formSubmissions).values(
      DEMO_FORM_SUBMISSIONS.map((f) => ({
        licenseeId,
        formType: f.formType,
        submissionData: { ...f.submissionData },
        status: f.status,
        createdAt: new Date(f.createdAt),
      })),
    );

    const ticketRows = await tx
      .insert(supportTickets)
      .values(
        DEMO_SUPPORT_TICKETS.map((t) => ({
          userId,
          licenseeId,
          subject: t.subject,
          description: t.description,
          priority: t.priority,
          status: t.status,
          createdAt: new Date(t.createdAt),
          updatedAt: new Date(t.updatedAt),
        })),
      )
      .returning({ id: supportTickets.id, subject: supportTickets.subject });
    const ticketIds = new Map(ticketRows.map((r) => [r.subject, r.id]));
    await tx.insert(supportTicketReplies).values(
      DEMO_SUPPORT_TICKETS.flatMap((t) =>
        t.replies.map((r) => ({
          ticketId: need(ticketIds, t.subject, "ticket"),
          userId: r.isAdmin ? null : userId,
          isAdmin: r.isAdmin,
          message: r.message,
          createdAt: new Date(r.createdAt),
        })),
      ),
    );

    const { territoryKey: pageTerritory, ...page } = DEMO_DYNAMIC_PAGE;
    await tx.insert(dynamicPages).values({
      ...page,
      territoryId: need(territoryIds, pageTerritory, "territory"),
      licenseeId,
      services: [...page.services],
      areasOfLaw: [...page.areasOfLaw],
      officeLocations: page.officeLocations.map((o) => ({ ...o })),
      partnersInfo: page.partnersInfo.map((p) => ({ ...p })),
      socialMediaLinks: { ...page.socialMediaLinks },
      contactInfo: { ...page.contactInfo },
      createdAt: new Date("2026-03-09T15:00:00Z"),
      updatedAt: new Date("2026-10-20T15:00:00Z"),
    });

    // Sales contacts and newsletter subscribers for the admin screens
    await tx.insert(contacts).values(
      CONTACTS.map(({ territoryKey: key, categorySlug, createdAt, ...c }) => ({
        ...c,
        territoryId: key ? need(territoryIds, key, "territory") : null,
        categoryId: categorySlug ? need(categoryIds, categorySlug, "category") : null,
        createdAt: new Date(createdAt),
        updatedAt: new Date(createdAt),
      })),
    );
    await tx
      .insert(newsletterSubscribers)
      .values(NEWSLETTER_SUBSCRIBERS.map((n) => ({ email: n.email, subscribedAt: new Date(n.subscribedAt) })));

    return { demoUserId: userId, counts: seedCounts() };
  });
}

/** Site text, licensee landing pages, FAQ, blog and support topics. */
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, unique, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import {
  BLOG_POST_STATUSES,
  type BlogPostStatus,
  PAGE_REVISION_STATUSES,
  type PageRevisionStatus,
} from "#kernel/enums.ts";
import { user } from "./auth.ts";
import { territories } from "./catalogue.ts";
import { checkIn, createdAt, equals, id, textList, timestamptz, updatedAt } from "./columns.ts";
import { licensees } from "./licensees.ts";

/** Editable site text keyed by content_key (lower-case snake case), e.g. number_detail_intro, privacy_policy_*. */
export const editableContent = pgTable(
  "editable_content",
  {
    id: id(),
    contentKey: text("content_key").notNull(),
    contentValue: text("content_value").notNull(),
    pageSlug: text("page_slug"),
    description: text("description"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique("editable_content_content_key_unique").on(t.contentKey),
    check("editable_content_content_key_check", sql`${t.contentKey} ~ '^[a-z0-9_]+$'`),
    index("editable_content_page_slug_idx").on(t.pageSlug),
  ],
);

export type OfficeLocation = { name: string; address: string; city: string; phone: string; hours?: string };
/** A client's words on a firm's page, as the firm quotes them. */
export type PageReview = { quote: string; author: string };
export type PartnerInfo = { name: string; description: string };
/** Network name (e.g. "facebook", "linkedin") to URL. */
export type SocialMediaLinks = Record<string, string>;
export type PageContactInfo = { phone?: string; email?: string; address?: string };

/** A licensee's landing page at /p/{pound_code}/{territory_slug}. */
export const dynamicPages = pgTable(
  "dynamic_pages",
  {
    id: id(),
    /** The #Code as shown, e.g. "#4LAW". */
    poundCode: text("pound_code").notNull(),
    territoryId: uuid("territory_id")
      .notNull()
      .references(() => territories.id, { onDelete: "cascade" }),
    licenseeId: uuid("licensee_id").references(() => licensees.id, { onDelete: "set null" }),
    pageTitle: text("page_title"),
    companyDescription: text("company_description"),
    businessNameOnPage: text("business_name_on_page"),
    services: textList("services"),
    attorneyDirectoryUrl: text("attorney_directory_url"),
    areasOfLaw: textList("areas_of_law"),
    officeLocations: jsonb("office_locations").$type<OfficeLocation[]>().notNull().default(sql`'[]'::jsonb`),
    partnersInfo: jsonb("partners_info").$type<PartnerInfo[]>().notNull().default(sql`'[]'::jsonb`),
    lawFirmHighlights: text("law_firm_highlights"),
    yearsInBusiness: integer("years_in_business"),
    lawFirmLogoUrl: text("law_firm_logo_url"),
    testimonialLink: text("testimonial_link"),
    socialMediaLinks: jsonb("social_media_links").$type<SocialMediaLinks>().notNull().default(sql`'{}'::jsonb`),
    contactInfo: jsonb("contact_info").$type<PageContactInfo>().notNull().default(sql`'{}'::jsonb`),
    /** A key of LANDING_ACCENTS (kernel/landing-accents.ts); null wears the default. */
    accent: text("accent"),
    reviews: jsonb("reviews").$type<PageReview[]>().notNull().default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique("dynamic_pages_pound_code_territory_unique").on(t.poundCode, t.territoryId),
    check("dynamic_pages_years_in_business_check", sql`${t.yearsInBusiness} >= 0`),
    index("dynamic_pages_territory_idx").on(t.territoryId),
    index("dynamic_pages_licensee_idx").on(t.licenseeId),
  ],
);

/**
 * A licensee's proposed change to the text of their landing page. It goes live only when an administrator approves
 * it (/admin/content-approval); at most one proposal per page waits at a time.
 */
export const dynamicPageRevisions = pgTable(
  "dynamic_page_revisions",
  {
    id: id(),
    dynamicPageId: uuid("dynamic_page_id")
      .notNull()
      .references(() => dynamicPages.id, { onDelete: "cascade" }),
    licenseeId: uuid("licensee_id")
      .notNull()
      .references(() => licensees.id, { onDelete: "cascade" }),
    submittedBy: text("submitted_by").references(() => user.id, { onDelete: "set null" }),
    /** The proposed values of the page's text fields, by column name; fields not proposed are absent. */
    changes: jsonb("changes").$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    status: text("status").$type<PageRevisionStatus>().notNull().default("pending"),
    reviewNote: text("review_note"),
    reviewedBy: text("reviewed_by").references(() => user.id, { onDelete: "set null" }),
    reviewedAt: timestamptz("reviewed_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    checkIn("dynamic_page_revisions_status_check", t.status, PAGE_REVISION_STATUSES),
    uniqueIndex("dynamic_page_revisions_one_pending_idx").on(t.dynamicPageId).where(equals(t.status, "pending")),
    index("dynamic_page_revisions_status_created_idx").on(t.status, t.createdAt),
    index("dynamic_page_revisions_licensee_idx").on(t.licenseeId),
  ],
);

export const faqItems = pgTable(
  "faq_items",
  {
    id: id(),
    question: text("question").notNull(),
    answer: text("answer").notNull(),
    category: text("category"),
    isPublished: boolean("is_published").notNull().default(true),
    displayOrder: integer("display_order").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("faq_items_published_category_order_idx").on(t.isPublished, t.category, t.displayOrder)],
);

/**
 * Blog posts; content is HTML (sanitise on write or render).
 * Invariant: published_at is set exactly when status is 'published'.
 */
export const blogPosts = pgTable(
  "blog_posts",
  {
    id: id(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    content: text("content").notNull().default(""),
    excerpt: text("excerpt"),
    imageUrl: text("image_url"),
    authorName: text("author_name"),
    authorId: text("author_id").references(() => user.id, { onDelete: "set null" }),
    tags: textList("tags"),
    status: text("status").$type<BlogPostStatus>().notNull().default("draft"),
    publishedAt: timestamptz("published_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique("blog_posts_slug_unique").on(t.slug),
    checkIn("blog_posts_status_check", t.status, BLOG_POST_STATUSES),
    check("blog_posts_slug_check", sql`${t.slug} ~ '^[a-z0-9-]+$'`),
    check("blog_posts_published_at_check", sql`(${t.status} = 'published') = (${t.publishedAt} is not null)`),
    index("blog_posts_status_published_at_idx").on(t.status, t.publishedAt.desc()),
  ],
);

/** Help-centre articles; published_at null means not published. */
export const supportTopics = pgTable(
  "support_topics",
  {
    id: id(),
    title: text("title").notNull(),
    slug: text("slug").notNull(),
    category: text("category"),
    summary: text("summary"),
    content: text("content").notNull().default(""),
    keywords: textList("keywords"),
    publishedAt: timestamptz("published_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique("support_topics_slug_unique").on(t.slug),
    check("support_topics_slug_check", sql`${t.slug} ~ '^[a-z0-9-]+$'`),
    index("support_topics_category_idx").on(t.category, t.title),
  ],
);

export type EditableContent = typeof editableContent.$inferSelect;
export type NewEditableContent = typeof editableContent.$inferInsert;
export type DynamicPage = typeof dynamicPages.$inferSelect;
export type NewDynamicPage = typeof dynamicPages.$inferInsert;
export type FaqItem = typeof faqItems.$inferSelect;
export type NewFaqItem = typeof faqItems.$inferInsert;
export type BlogPost = typeof blogPosts.$inferSelect;
export type NewBlogPost = typeof blogPosts.$inferInsert;
export type SupportTopic = typeof supportTopics.$inferSelect;
export type NewSupportTopic = typeof supportTopics.$inferInsert;
export type DynamicPageRevision = typeof dynamicPageRevisions.$inferSelect;

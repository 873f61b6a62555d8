/** The catalogue: territories, #Code categories and keyword groups, keyword pricing, vanity and featured numbers. */
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, unique, uuid } from "drizzle-orm/pg-core";
import {
  CATEGORY_TYPES,
  type CategoryType,
  FEATURED_NUMBER_TYPES,
  type FeaturedNumberType,
  TERRITORY_CATEGORY_STATUSES,
  TERRITORY_PORTIONS,
  TERRITORY_STATUSES,
  type TerritoryCategoryStatus,
  type TerritoryPortion,
  type TerritoryStatus,
  VANITY_NUMBER_STATUSES,
  type VanityNumberStatus,
} from "#kernel/enums.ts";
import { cents, checkIn, createdAt, id, multiplier, nonNegative, percentage, textList, updatedAt } from "./columns.ts";
import { licensees } from "./licensees.ts";

/** A US state (portion null) or a portion of one (N, C, S, E, W). */
export const territories = pgTable(
  "territories",
  {
    id: id(),
    name: text("name").notNull(),
    /** Two-letter upper-case USPS code, e.g. "CA"; "DC" included. */
    state: text("state").notNull(),
    portion: text("portion").$type<TerritoryPortion>(),
    slug: text("slug").notNull(),
    status: text("status").$type<TerritoryStatus>().notNull().default("available"),
    areaCodes: textList("area_codes"),
    population: integer("population").notNull().default(0),
    baseMonthlyFeeCents: cents("base_monthly_fee_cents").notNull().default(0),
    baseSetupFeeCents: cents("base_setup_fee_cents").notNull().default(0),
    fullStateMonthlyFeeCents: cents("full_state_monthly_fee_cents"),
    fullStateSetupFeeCents: cents("full_state_setup_fee_cents"),
    minimumMonthlyFeeCents: cents("minimum_monthly_fee_cents").notNull().default(9500),
    poundHelpMonthlyFeeCents: cents("pound_help_monthly_fee_cents"),
    poundLawMonthlyFeeCents: cents("pound_law_monthly_fee_cents"),
    poundEasyMonthlyFeeCents: cents("pound_easy_monthly_fee_cents"),
    poundSsdiMonthlyFeeCents: cents("pound_ssdi_monthly_fee_cents"),
    minutesMultiplier: multiplier("minutes_multiplier").notNull().default(1),
    smsMultiplier: multiplier("sms_multiplier").notNull().default(1),
    webFormLeadMultiplier: multiplier("web_form_lead_multiplier").notNull().default(1),
    clickToCallLeadMultiplier: multiplier("click_to_call_lead_multiplier").notNull().default(1),
    clickToMessageLeadMultiplier: multiplier("click_to_message_lead_multiplier").notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique("territories_slug_unique").on(t.slug),
    // One territory per (state, portion); NULLS NOT DISTINCT (PostgreSQL 15+) makes the whole state unique too.
    unique("territories_state_portion_unique").on(t.state, t.portion).nullsNotDistinct(),
    checkIn("territories_status_check", t.status, TERRITORY_STATUSES),
    checkIn("territories_portion_check", t.portion, TERRITORY_PORTIONS),
    check("territories_state_check", sql`${t.state} ~ '^[A-Z]{2}$'`),
    ...nonNegative(
      "territories",
      t.population,
      t.baseMonthlyFeeCents,
      t.baseSetupFeeCents,
      t.fullStateMonthlyFeeCents,
      t.fullStateSetupFeeCents,
      t.minimumMonthlyFeeCents,
      t.poundHelpMonthlyFeeCents,
      t.poundLawMonthlyFeeCents,
      t.poundEasyMonthlyFeeCents,
      t.poundSsdiMonthlyFeeCents,
      t.minutesMultiplier,
      t.smsMultiplier,
      t.webFormLeadMultiplier,
      t.clickToCallLeadMultiplier,
      t.clickToMessageLeadMultiplier,
    ),
    index("territories_status_idx").on(t.status),
  ],
);

/** #Codes (category_type standard, name begins with #) and keyword groups (priced by keyword_base_multiplier). */
export const categories = pgTable(
  "categories",
  {
    id: id(),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    description: text("description"),
    /** Percentage of the territory's base monthly fee, e.g. 100.00; null = not set. */
    feePercentageOfBase: percentage("fee_percentage_of_base"),
    categoryType: text("category_type").$type<CategoryType>().notNull().default("standard"),
    /** Only for keyword groups; null for standard categories. */
    keywordBaseMultiplier: multiplier("keyword_base_multiplier"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique("categories_name_unique").on(t.name),
    unique("categories_slug_unique").on(t.slug),
    check("categories_slug_check", sql`${t.slug} ~ '^[a-z0-9-]+$'`),
    checkIn("categories_category_type_check", t.categoryType, CATEGORY_TYPES),
    check("categories_pound_code_name_check", sql`${t.categoryType} <> 'standard' or ${t.name} like '#%'`),
    check(
      "categories_keyword_multiplier_check",
      sql`${t.categoryType} = 'keyword_group' or ${t.keywordBaseMultiplier} is null`,
    ),
    ...nonNegative("categories", t.feePercentageOfBase, t.keywordBaseMultiplier),
  ],
);

/** Per-territory status of a category; absent row = available. */
export const territoryCategories = pgTable(
  "territory_categories",
  {
    id: id(),
    territoryId: uuid("territory_id")
      .notNull()
      .references(() => territories.id, { onDelete: "cascade" }),
    categoryId: uuid("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "cascade" }),
    status: text("status").$type<TerritoryCategoryStatus>().notNull().default("available"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique("territory_categories_territory_category_unique").on(t.territoryId, t.categoryId),
    checkIn("territory_categories_status_check", t.status, TERRITORY_CATEGORY_STATUSES),
    index("territory_categories_category_idx").on(t.categoryId),
  ],
);

/** Keywords with a price multiplier (matched on keyword_text by the keyword CSV upload). */
export const specialPricingKeywords = pgTable(
  "special_pricing_keywords",
  {
    id: id(),
    keywordText: text("keyword_text").notNull(),
    multiplier: multiplier("multiplier").notNull().default(1),
    description: text("description"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique("special_pricing_keywords_keyword_text_unique").on(t.keywordText),
    ...nonNegative("special_pricing_keywords", t.multiplier),
  ],
);

/**
 * A vanity number. Offered per territory (territory_vanity_numbers); `status` is the administrator's state:
 * 'pending' = not on sale yet, anything else = on sale. The status shown for the number is derived from its
 * territories on read (server/domain/catalogue/vanity.ts). licensee_id / territory_id are the administrator's
 * "primary assignment".
 */
export const vanityNumbers = pgTable(
  "vanity_numbers",
  {
    id: id(),
    numberText: text("number_text").notNull(),
    slug: text("slug").notNull(),
    name: text("name"),
    description: text("description"),
    status: text("status").$type<VanityNumberStatus>().notNull().default("available"),
    associatedPoundCode: text("associated_pound_code"),
    monthlyFeeCents: cents("monthly_fee_cents"),
    setupFeeCents: cents("setup_fee_cents"),
    licenseeId: uuid("licensee_id").references(() => licensees.id, { onDelete: "set null" }),
    territoryId: uuid("territory_id").references(() => territories.id, { onDelete: "set null" }),
    notes: text("notes"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique("vanity_numbers_number_text_unique").on(t.numberText),
    unique("vanity_numbers_slug_unique").on(t.slug),
    checkIn("vanity_numbers_status_check", t.status, VANITY_NUMBER_STATUSES),
    ...nonNegative("vanity_numbers", t.monthlyFeeCents, t.setupFeeCents),
    index("vanity_numbers_licensee_idx").on(t.licenseeId),
    index("vanity_numbers_territory_idx").on(t.territoryId),
  ],
);

/**
 * Per-territory status of a vanity number; absent row = available. A vanity number is licensed exclusively per
 * territory, like a #Code (docs/decisions/005-vanity-numbers-per-territory.md): this table mirrors
 * territory_categories and is written only through server/domain/availability.
 */
export const territoryVanityNumbers = pgTable(
  "territory_vanity_numbers",
  {
    id: id(),
    territoryId: uuid("territory_id")
      .notNull()
      .references(() => territories.id, { onDelete: "cascade" }),
    vanityNumberId: uuid("vanity_number_id")
      .notNull()
      .references(() => vanityNumbers.id, { onDelete: "cascade" }),
    status: text("status").$type<TerritoryCategoryStatus>().notNull().default("available"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique("territory_vanity_numbers_territory_vanity_unique").on(t.territoryId, t.vanityNumberId),
    checkIn("territory_vanity_numbers_status_check", t.status, TERRITORY_CATEGORY_STATUSES),
    index("territory_vanity_numbers_vanity_idx").on(t.vanityNumberId),
  ],
);

/** Numbers highlighted on the home page; number_id_link is the slug used in /number/{numberId}. */
export const featuredNumbers = pgTable(
  "featured_numbers",
  {
    id: id(),
    numberText: text("number_text").notNull(),
    description: text("description"),
    numberIdLink: text("number_id_link"),
    type: text("type").$type<FeaturedNumberType>().notNull(),
    displayOrder: integer("display_order").notNull().default(0),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    checkIn("featured_numbers_type_check", t.type, FEATURED_NUMBER_TYPES),
    index("featured_numbers_active_order_idx").on(t.isActive, t.displayOrder),
  ],
);

export type Territory = typeof territories.$inferSelect;
export type NewTerritory = typeof territories.$inferInsert;
export type Category = typeof categories.$inferSelect;
export type NewCategory = typeof categories.$inferInsert;
export type TerritoryCategory = typeof territoryCategories.$inferSelect;
export type NewTerritoryCategory = typeof territoryCategories.$inferInsert;
export type SpecialPricingKeyword = typeof specialPricingKeywords.$inferSelect;
export type NewSpecialPricingKeyword = typeof specialPricingKeywords.$inferInsert;
export type VanityNumber = typeof vanityNumbers.$inferSelect;
export type NewVanityNumber = typeof vanityNumbers.$inferInsert;
export type TerritoryVanityNumber = typeof territoryVanityNumbers.$inferSelect;
export type NewTerritoryVanityNumber = typeof territoryVanityNumbers.$inferInsert;
export type FeaturedNumber = typeof featuredNumbers.$inferSelect;
export type NewFeaturedNumber = typeof featuredNumbers.$inferInsert;

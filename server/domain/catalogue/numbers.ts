/**
 * The number detail page's read models: what a
 * /number/{numberId} identifier names, the page's title and subtitle, its editable intro texts, and the home
 * page's featured numbers.
 */
import { asc, desc, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import type { FeaturedNumber, NumberContext } from "#kernel/catalogue.ts";
import type { DbOrTx } from "../../db/client.ts";
import { categories, editableContent, featuredNumbers as featuredTable, vanityNumbers } from "../../db/schema/index.ts";
import { NumberNotFoundError } from "./errors.ts";
import { plainDigits, sqlDialDigits, sqlPlainDigits, UUID_RE } from "./phone.ts";
import { vanityNumberStatus } from "./vanity.ts";

export { NumberNotFoundError } from "./errors.ts";

/** Identifiers meaning "every number": /all-numbers cards and the 'general' prefix of vanity pages' cards. */
export const ALL_NUMBERS_IDENTIFIERS: readonly string[] = ["all-numbers", "general"];

/** Longer identifiers name nothing (and are not sent to the database). */
const MAX_IDENTIFIER_LENGTH = 200;

const categoryFields = {
  id: categories.id,
  name: categories.name,
  slug: categories.slug,
  description: categories.description,
};

const vanityFields = {
  id: vanityNumbers.id,
  numberText: vanityNumbers.numberText,
  slug: vanityNumbers.slug,
  name: vanityNumbers.name,
  description: vanityNumbers.description,
  status: vanityNumbers.status,
  territoryId: vanityNumbers.territoryId,
  associatedPoundCode: vanityNumbers.associatedPoundCode,
};

type CategoryRow = { id: string; name: string; slug: string; description: string | null };
type VanityRow = Omit<Extract<NumberContext, { kind: "vanity" }>, "kind">;

function poundcodeContext(c: CategoryRow): NumberContext {
  return { kind: "poundcode", categoryId: c.id, name: c.name, slug: c.slug, description: c.description };
}

/** A vanity number's context; its status is derived from its territories (see vanity.ts), not the stored one. */
async function vanityContext(db: DbOrTx, v: VanityRow): Promise<NumberContext> {
  return { kind: "vanity", ...v, status: (await vanityNumberStatus(db, v.id)) ?? v.status };
}

/**
 * What a /number/{numberId} identifier names. The caller URL-decodes it; it is trimmed and
 * lower-cased here:
 * - 'all-numbers' or 'general' → { kind: 'all' };
 * - beginning 'hash-' → the category with that slug (or, failing that, the name '#' + the rest), else
 *   NumberNotFoundError 'Poundcode "{id}" not found by slug or name.';
 * - otherwise a vanity number: number text or slug equal to the identifier, with hyphens read as spaces
 *   ("800-law-help", "(800) law-help", "(800) law help"); or, for an identifier of digits and punctuation, the same
 *   ten digits ("800-529-4357" finds "(800) 529-4357", and, failing that, the number that dials them,
 *   "(800) LAW-HELP");
 * - a uuid → the vanity number, then the category, with that id;
 * - beginning '#' → the category with that name, case-insensitively ('#4LAW', '#4law');
 * - nothing → NumberNotFoundError 'Number or Poundcode "{id}" not found.'
 * Messages carry the identifier as given, not lower-cased. One to three queries, and two more for a vanity number
 * (its status, derived from its territories).
 */
export async function lookupNumber(db: DbOrTx, identifier: string): Promise<NumberContext> {
  const original = typeof identifier === "string" ? identifier : String(identifier ?? "");
  const id = original.trim().toLowerCase();
  if (ALL_NUMBERS_IDENTIFIERS.includes(id)) return { kind: "all" };
  if (!id || id.length > MAX_IDENTIFIER_LENGTH) throw new NumberNotFoundError(original, "number");

  if (id.startsWith("hash-")) {
    const rows = await db
      .select(categoryFields)
      .from(categories)
      .where(or(eq(categories.slug, id), sql`lower(${categories.name}) = ${`#${id.slice("hash-".length)}`}`))
      .orderBy(sql`(${categories.slug} = ${id}) desc`, asc(categories.name))
      .limit(1);
    const [row] = rows;
    if (!row) throw new NumberNotFoundError(original, "poundcode");
    return poundcodeContext(row);
  }

  // Vanity number by text or slug, then by digits.
  const spaced = id.replace(/-/g, " ");
  const digits = /^[\d\s().+-]+$/.test(id) ? plainDigits(id) : "";
  const textMatch = or(
    sql`lower(replace(${vanityNumbers.numberText}, '-', ' ')) = ${spaced}`,
    sql`lower(${vanityNumbers.numberText}) = ${id}`,
    eq(vanityNumbers.slug, id),
    sql`lower(${vanityNumbers.slug}) = ${id}`,
    sql`replace(lower(${vanityNumbers.slug}), '-', ' ') = ${spaced}`,
  );
  const conditions: (SQL | undefined)[] = [textMatch];
  if (digits.length === 10) {
    conditions.push(
      sql`${sqlPlainDigits(vanityNumbers.numberText)} = ${digits}`,
      sql`${sqlDialDigits(vanityNumbers.numberText)} = ${digits}`,
    );
  }
  // Best first: text or slug, then the same digits, then the same dialled digits.
  const order: SQL[] = [];
  if (digits.length === 10) {
    order.push(
      sql`(case when ${textMatch} then 0 when ${sqlPlainDigits(vanityNumbers.numberText)} = ${digits} then 1 else 2 end)`,
    );
  }
  order.push(sql`${vanityNumbers.numberText} collate "C"`);
  const [vanity] = await db
    .select(vanityFields)
    .from(vanityNumbers)
    .where(or(...conditions))
    .orderBy(...order)
    .limit(1);
  if (vanity) return vanityContext(db, vanity);

  if (UUID_RE.test(id)) {
    const [byId] = await db.select(vanityFields).from(vanityNumbers).where(eq(vanityNumbers.id, id)).limit(1);
    if (byId) return vanityContext(db, byId);
    const [category] = await db.select(categoryFields).from(categories).where(eq(categories.id, id)).limit(1);
    if (category) return poundcodeContext(category);
  }

  if (id.startsWith("#")) {
    const [category] = await db
      .select(categoryFields)
      .from(categories)
      .where(sql`lower(${categories.name}) = ${id}`)
      .orderBy(asc(categories.name))
      .limit(1);
    if (category) return poundcodeContext(category);
  }

  throw new NumberNotFoundError(original, "number");
}

export const ALL_NUMBERS_TITLE = "All Numbers";
export const ALL_NUMBERS_SUBTITLE = "Browse every territory";
export const POUNDCODE_SUBTITLE = "Exclusive Poundcode Details";
export const VANITY_SUBTITLE = "Premium Vanity Number Details";

function text(value: string | null | undefined): string | null {
  const v = value?.trim();
  return v ? v : null;
}

/** The page title: the #Code's name, the vanity number's name or else its number text, or 'All Numbers'. */
export function pageTitle(ctx: NumberContext): string {
  if (ctx.kind === "poundcode") return ctx.name;
  if (ctx.kind === "vanity") return text(ctx.name) ?? ctx.numberText;
  return ALL_NUMBERS_TITLE;
}

/** The page subtitle: the description, else 'Exclusive Poundcode Details' / 'Premium Vanity Number Details'. */
export function pageSubtitle(ctx: NumberContext): string {
  if (ctx.kind === "poundcode") return text(ctx.description) ?? POUNDCODE_SUBTITLE;
  if (ctx.kind === "vanity") return text(ctx.description) ?? VANITY_SUBTITLE;
  return ALL_NUMBERS_SUBTITLE;
}

export const NUMBER_PAGE_CONTENT_KEYS = {
  intro: "number_detail_intro",
  importantNote: "number_detail_important_note",
} as const;

export type NumberPageContent = { intro: string | null; importantNote: string | null };

/** The intro block and the Important Information card (editable_content); null when missing or blank. One query. */
export async function numberPageContent(db: DbOrTx): Promise<NumberPageContent> {
  const rows = await db
    .select({ key: editableContent.contentKey, value: editableContent.contentValue })
    .from(editableContent)
    .where(inArray(editableContent.contentKey, Object.values(NUMBER_PAGE_CONTENT_KEYS)));
  const byKey = new Map(rows.map((r) => [r.key, text(r.value)]));
  return {
    intro: byKey.get(NUMBER_PAGE_CONTENT_KEYS.intro) ?? null,
    importantNote: byKey.get(NUMBER_PAGE_CONTENT_KEYS.importantNote) ?? null,
  };
}

/**
 * The href of a featured number: number_id_link is the /number/{numberId} identifier ("hash-4law",
 * "800-law-help"); a value that is already a path or an http(s) URL is kept as it is.
 */
export function featuredNumberHref(numberIdLink: string | null): string | null {
  const v = numberIdLink?.trim();
  if (!v) return null;
  if (v.startsWith("/") || /^https?:\/\//i.test(v)) return v;
  return `/number/${encodeURIComponent(v)}`;
}

/** Active featured numbers by display order, newest first within an order. One query. */
export async function featuredNumbers(db: DbOrTx): Promise<FeaturedNumber[]> {
  const rows = await db
    .select({
      id: featuredTable.id,
      numberText: featuredTable.numberText,
      description: featuredTable.description,
      numberIdLink: featuredTable.numberIdLink,
      type: featuredTable.type,
    })
    .from(featuredTable)
    .where(eq(featuredTable.isActive, true))
    .orderBy(asc(featuredTable.displayOrder), desc(featuredTable.createdAt), asc(featuredTable.id));
  return rows.map((r) => ({
    id: r.id,
    numberText: r.numberText,
    description: r.description,
    link: featuredNumberHref(r.numberIdLink),
    type: r.type,
  }));
}

/**
 * Licensee landing pages on the administrator's side (/admin/dynamic-pages): the list joined to territory and
 * licensee, one page with every field, and the writes: create, update, delete. Every verb refuses a caller who is
 * not an administrator, whatever the route in front of it did; each write is one transaction with its audit row.
 *
 * Create rule: a page belongs to one licensee's active #Code licence. The administrator picks the licensee, then
 * one of their active licences of a #Code (a standard category); the page takes that licence's #Code and territory.
 * A pair that already has a page is refused with a message naming it (checked with the #Code compared without its
 * '#' and case, and guarded by the table's unique constraint).
 *
 * Stored rich text (description, highlights) that holds HTML is sanitized on write, and again when the public page
 * renders it. Links are kept only as http(s) URLs (the form's schema checks them).
 */
import { and, asc, eq, type SQL, sql } from "drizzle-orm";
import { landingAccentOrNull } from "#kernel/landing-accents.ts";
import type { RequiredPageContent } from "#kernel/landing-view.ts";
import type { ListQuery } from "#kernel/list-query.ts";
import {
  type CreatePageData,
  DYNAMIC_PAGES_TEXT,
  type LicenseeChoice,
  type PageContentData,
  SOCIAL_NETWORKS,
} from "#kernel/schemas/dynamic-pages.ts";
import { landingPagePath } from "#kernel/schemas/landing-page-strings.ts";
import type { Database, DbOrTx, Tx } from "#server/db/client.ts";
import {
  categories,
  dynamicPageRevisions,
  dynamicPages,
  licensees,
  territories,
  territoryLicenses,
} from "#server/db/schema/index.ts";
import { CHANGE, recordChange } from "#server/domain/changes.ts";
import { type Actor, assertAdmin } from "../actor.ts";
import { changedFields, recordAudit } from "../audit/audit.ts";
import { sanitizeHtml } from "../content/sanitize.ts";
import { DomainError, NotFoundError, uniqueRefusal } from "../errors.ts";
import { listSql, type Page, pageOf, totalCount } from "../lists/list-sql.ts";
import { missingOfStored } from "./landing-pages.ts";

export type DynamicPagesQuery = ListQuery<"territory" | "code" | "licensee" | "updated">;

/** The page named does not exist (any more). */
export class DynamicPageNotFoundError extends NotFoundError {
  override name = "DynamicPageNotFoundError";
  constructor(title: string = DYNAMIC_PAGES_TEXT.errorFetching) {
    super("dynamic_page_not_found", title, DYNAMIC_PAGES_TEXT.notFound);
  }
}

/** The #Code × territory already has a page: 409. */
export class DynamicPagePairTakenError extends DomainError {
  override name = "DynamicPagePairTakenError";
  constructor(code: string, territory: string) {
    super({
      code: "dynamic_page_pair_taken",
      status: 409,
      title: DYNAMIC_PAGES_TEXT.errorCreating,
      message: DYNAMIC_PAGES_TEXT.pairTaken(code, territory),
      fieldErrors: { licenceId: [DYNAMIC_PAGES_TEXT.pairTaken(code, territory)] },
    });
  }
}

/** The chosen licence is not an active #Code licence of the chosen licensee: 409. */
export class LicenceNotActiveForPageError extends DomainError {
  override name = "LicenceNotActiveForPageError";
  constructor() {
    super({
      code: "licence_not_active",
      status: 409,
      title: DYNAMIC_PAGES_TEXT.errorCreating,
      message: DYNAMIC_PAGES_TEXT.licenceNotActive,
      fieldErrors: { licenceId: [DYNAMIC_PAGES_TEXT.licenceNotActive] },
    });
  }
}

/** "#4law " → "#4LAW": the #Code as pages store it. */
export function normalizePoundCode(code: string): string {
  return `#${code.trim().replace(/^#/, "").toUpperCase()}`;
}

/** A #Code column compared without its leading '#', case-insensitively. */
export const bareCode = (column: SQL | typeof dynamicPages.poundCode | typeof categories.name): SQL =>
  sql`upper(regexp_replace(btrim(${column}), '^#', ''))`;

/** The page of a territory × #Code, if there is one (whatever its licensee). */
export async function pageOfPair(
  db: DbOrTx,
  territoryId: string,
  poundCode: string,
): Promise<{ id: string; poundCode: string } | null> {
  const [page] = await db
    .select({ id: dynamicPages.id, poundCode: dynamicPages.poundCode })
    .from(dynamicPages)
    .where(
      and(
        eq(dynamicPages.territoryId, territoryId),
        sql`${bareCode(dynamicPages.poundCode)} = ${bareCode(sql`${poundCode}`)}`,
      ),
    );
  return page ?? null;
}

/**
 * True when `licenseeId` holds an active licence of the page's #Code in the page's territory: the rule for
 * creating a page and for a licensee proposing changes to it.
 */
export function activeLicenceFor(licenseeId: SQL | string, page: { territoryId: SQL; poundCode: SQL }): SQL {
  return sql`exists (select 1 from ${territoryLicenses} inner join ${categories} on ${categories.id} = ${territoryLicenses.categoryId}
        where ${territoryLicenses.licenseeId} = ${licenseeId}
          and ${territoryLicenses.status} = 'active'
          and ${categories.categoryType} = 'standard'
          and ${territoryLicenses.territoryId} = ${page.territoryId}
          and ${bareCode(categories.name)} = ${bareCode(page.poundCode)})`;
}

const licenseeName = sql<string>`coalesce(${licensees.companyName}, ${licensees.contactName}, ${licensees.email})`;

export type AdminPageRow = {
  id: string;
  poundCode: string;
  territoryId: string;
  territoryName: string;
  territoryState: string;
  licenseeId: string | null;
  licenseeName: string | null;
  licenseeEmail: string | null;
  pageTitle: string | null;
  path: string;
  /** Visitors can open it: its licensee is active and it has its required content (otherwise its URL is a 404). */
  isPublic: boolean;
  pendingChanges: boolean;
  updatedAt: Date;
};

const hasPending = sql`exists (select 1 from ${dynamicPageRevisions} where ${dynamicPageRevisions.dynamicPageId} = ${dynamicPages.id} and ${dynamicPageRevisions.status} = 'pending')`;

const rowFields = {
  id: dynamicPages.id,
  poundCode: dynamicPages.poundCode,
  territoryId: dynamicPages.territoryId,
  territoryName: territories.name,
  territoryState: territories.state,
  licenseeId: dynamicPages.licenseeId,
  licenseeName: sql<string | null>`${licenseeName}`,
  licenseeEmail: sql<string | null>`${licensees.email}`,
  pageTitle: dynamicPages.pageTitle,
  pendingChanges: sql<boolean>`${hasPending}`.mapWith(Boolean),
  updatedAt: dynamicPages.updatedAt,
  businessNameOnPage: dynamicPages.businessNameOnPage,
  companyDescription: dynamicPages.companyDescription,
  areasOfLaw: dynamicPages.areasOfLaw,
  services: dynamicPages.services,
  licenseeCompany: licensees.companyName,
  licenseeActive: sql<boolean>`coalesce(${licensees.status} = 'active', false)`.mapWith(Boolean),
};

/** One page of landing pages with their territory and licensee (search: #Code, territory, licensee, title). */
export async function listDynamicPagesForAdmin(
  db: DbOrTx,
  actor: Actor,
  query: DynamicPagesQuery,
): Promise<Page<AdminPageRow>> {
  assertAdmin(actor);
  const list = listSql(query, {
    sorts: {
      territory: { by: territories.name, ties: [asc(dynamicPages.poundCode)] },
      code: { by: dynamicPages.poundCode, ties: [asc(territories.name)] },
      licensee: licenseeName,
      updated: dynamicPages.updatedAt,
    },
    search: [
      dynamicPages.poundCode,
      territories.name,
      territories.state,
      licensees.companyName,
      licensees.email,
      dynamicPages.pageTitle,
      dynamicPages.businessNameOnPage,
    ],
    tiebreak: dynamicPages.id,
  });
  const base = () =>
    db
      .select({ ...rowFields, total: totalCount() })
      .from(dynamicPages)
      .innerJoin(territories, eq(territories.id, dynamicPages.territoryId))
      .leftJoin(licensees, eq(licensees.id, dynamicPages.licenseeId));
  const rows = await base()
    .where(list.search)
    .orderBy(...list.orderBy)
    .limit(list.limit)
    .offset(list.offset);
  const page = await pageOf(rows, list, () =>
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(dynamicPages)
      .innerJoin(territories, eq(territories.id, dynamicPages.territoryId))
      .leftJoin(licensees, eq(licensees.id, dynamicPages.licenseeId))
      .where(list.search)
      .then((r) => Number(r[0]?.n ?? 0)),
  );
  return {
    total: page.total,
    rows: page.rows.map(
      ({ businessNameOnPage, companyDescription, areasOfLaw, services, licenseeCompany, licenseeActive, ...r }) => ({
        ...r,
        path: landingPagePath(r.poundCode, r.territoryName),
        isPublic:
          licenseeActive &&
          missingOfStored({ businessNameOnPage, companyDescription, areasOfLaw, services }, licenseeCompany).length ===
            0,
      }),
    ),
  };
}

/**
 * What the create dialog offers: each licensee with an active #Code licence whose pair has no page yet, and those
 * licences ("#4LAW · Central Florida"), by licensee name.
 */
export async function dynamicPageCreateChoices(db: DbOrTx, actor: Actor): Promise<LicenseeChoice[]> {
  assertAdmin(actor);
  const rows = await db
    .select({
      licenseeId: licensees.id,
      licenseeName,
      licenceId: territoryLicenses.id,
      code: categories.name,
      territoryName: territories.name,
    })
    .from(territoryLicenses)
    .innerJoin(licensees, eq(licensees.id, territoryLicenses.licenseeId))
    .innerJoin(categories, eq(categories.id, territoryLicenses.categoryId))
    .innerJoin(territories, eq(territories.id, territoryLicenses.territoryId))
    .where(
      and(
        eq(territoryLicenses.status, "active"),
        eq(categories.categoryType, "standard"),
        sql`not exists (select 1 from ${dynamicPages} where ${dynamicPages.territoryId} = ${territoryLicenses.territoryId} and ${bareCode(dynamicPages.poundCode)} = ${bareCode(categories.name)})`,
      ),
    )
    .orderBy(asc(licenseeName), asc(licensees.id), asc(categories.name), asc(territories.name));
  const out: LicenseeChoice[] = [];
  for (const r of rows) {
    let l = out.at(-1);
    if (!l || l.value !== r.licenseeId) {
      l = { value: r.licenseeId, label: r.licenseeName ?? "Unnamed licensee", pairs: [] };
      out.push(l);
    }
    l.pairs.push({ value: r.licenceId, label: `${normalizePoundCode(r.code)} · ${r.territoryName}` });
  }
  return out;
}

export type AdminPageDetail = {
  id: string;
  poundCode: string;
  territory: { id: string; name: string; state: string };
  licensee: { id: string; name: string; email: string } | null;
  path: string;
  /** The required content the page lacks (its URL is a 404 until it has it). */
  missing: RequiredPageContent[];
  isPublic: boolean;
  content: PageContentData;
  pendingRevisionId: string | null;
  createdAt: Date;
  updatedAt: Date;
};

type PageRow = typeof dynamicPages.$inferSelect;

/** The stored page as the edit form's values (every field present). */
export function contentOf(page: PageRow): PageContentData {
  const links = (page.socialMediaLinks ?? {}) as Record<string, string>;
  const social: PageContentData["socialMediaLinks"] = {};
  for (const n of SOCIAL_NETWORKS) {
    const url = links[n] ?? (n === "twitter" ? links.x : undefined);
    if (typeof url === "string" && url.trim()) social[n] = url.trim();
  }
  const info = (page.contactInfo ?? {}) as Record<string, unknown>;
  const s = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : undefined);
  const contactInfo: PageContentData["contactInfo"] = {};
  if (s(info.phone)) contactInfo.phone = s(info.phone);
  if (s(info.email)) contactInfo.email = s(info.email);
  if (s(info.address)) contactInfo.address = s(info.address);
  return {
    pageTitle: page.pageTitle,
    businessNameOnPage: page.businessNameOnPage,
    companyDescription: page.companyDescription,
    services: [...(page.services ?? [])],
    areasOfLaw: [...(page.areasOfLaw ?? [])],
    lawFirmHighlights: page.lawFirmHighlights,
    yearsInBusiness: page.yearsInBusiness,
    accent: landingAccentOrNull(page.accent),
    lawFirmLogoUrl: page.lawFirmLogoUrl,
    testimonialLink: page.testimonialLink,
    attorneyDirectoryUrl: page.attorneyDirectoryUrl,
    officeLocations: (Array.isArray(page.officeLocations) ? page.officeLocations : []).map((o) => ({
      name: o?.name ?? "",
      address: o?.address ?? "",
      city: o?.city ?? "",
      phone: o?.phone ?? "",
      hours: o?.hours ?? "",
    })),
    partnersInfo: (Array.isArray(page.partnersInfo) ? page.partnersInfo : []).map((p) => ({
      name: p?.name ?? "",
      description: p?.description ?? "",
    })),
    reviews: (Array.isArray(page.reviews) ? page.reviews : []).map((r) => ({
      quote: r?.quote ?? "",
      author: r?.author ?? "",
    })),
    socialMediaLinks: social,
    contactInfo,
  };
}

/** One page with every field, its territory, licensee and whether a proposal waits. */
export async function getDynamicPageForAdmin(db: DbOrTx, actor: Actor, id: string): Promise<AdminPageDetail> {
  assertAdmin(actor);
  const [row] = await db
    .select({
      page: dynamicPages,
      territoryName: territories.name,
      territoryState: territories.state,
      licenseeName,
      licenseeEmail: licensees.email,
      licenseeRowId: licensees.id,
      licenseeCompany: licensees.companyName,
      licenseeActive: sql<boolean>`coalesce(${licensees.status} = 'active', false)`.mapWith(Boolean),
    })
    .from(dynamicPages)
    .innerJoin(territories, eq(territories.id, dynamicPages.territoryId))
    .leftJoin(licensees, eq(licensees.id, dynamicPages.licenseeId))
    .where(eq(dynamicPages.id, id));
  if (!row) throw new DynamicPageNotFoundError();
  const [pending] = await db
    .select({ id: dynamicPageRevisions.id })
    .from(dynamicPageRevisions)
    .where(and(eq(dynamicPageRevisions.dynamicPageId, id), eq(dynamicPageRevisions.status, "pending")));
  const p = row.page;
  return {
    id: p.id,
    poundCode: normalizePoundCode(p.poundCode),
    territory: { id: p.territoryId, name: row.territoryName, state: row.territoryState },
    licensee: row.licenseeRowId
      ? { id: row.licenseeRowId, name: row.licenseeName ?? "Unnamed licensee", email: row.licenseeEmail ?? "" }
      : null,
    path: landingPagePath(p.poundCode, row.territoryName),
    missing: missingOfStored(p, row.licenseeCompany),
    isPublic: row.licenseeActive && missingOfStored(p, row.licenseeCompany).length === 0,
    content: contentOf(p),
    pendingRevisionId: pending?.id ?? null,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
  };
}

const looksLikeHtml = (v: string) => /<[a-z!/][^>]*>/i.test(v);

/** Rich text as stored: HTML is sanitized (blank after cleaning is null); plain text is kept as typed. */
export function cleanRichText(value: string | null | undefined): string | null {
  if (typeof value !== "string" || !value.trim()) return null;
  const v = value.trim();
  if (!looksLikeHtml(v)) return v;
  return sanitizeHtml(v).trim() || null;
}

/** The row values of the edit form's content: rich text sanitized, links merged with networks the form omits. */
export function storedContent(
  content: PageContentData,
  currentLinks: Record<string, string> = {},
): Omit<PageRow, "id" | "poundCode" | "territoryId" | "licenseeId" | "createdAt" | "updatedAt"> {
  const others = Object.fromEntries(
    Object.entries(currentLinks).filter(([k]) => !(SOCIAL_NETWORKS as readonly string[]).includes(k) && k !== "x"),
  );
  return {
    pageTitle: content.pageTitle,
    businessNameOnPage: content.businessNameOnPage,
    companyDescription: cleanRichText(content.companyDescription),
    services: content.services,
    areasOfLaw: content.areasOfLaw,
    lawFirmHighlights: cleanRichText(content.lawFirmHighlights),
    yearsInBusiness: content.yearsInBusiness,
    lawFirmLogoUrl: content.lawFirmLogoUrl,
    testimonialLink: content.testimonialLink,
    attorneyDirectoryUrl: content.attorneyDirectoryUrl,
    officeLocations: content.officeLocations,
    partnersInfo: content.partnersInfo,
    reviews: content.reviews,
    accent: content.accent,
    socialMediaLinks: { ...others, ...content.socialMediaLinks } as Record<string, string>,
    contactInfo: content.contactInfo,
  };
}

/** JSON with object keys sorted: jsonb keeps its own key order, so equal values compare equal. */
function canonical(value: unknown): string {
  return JSON.stringify(value ?? null, (_k, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : v,
  );
}

/** Two stored values are the same (objects compared whatever their key order). */
export const same = (a: unknown, b: unknown) => canonical(a) === canonical(b);

/** "#4LAW in Georgia". */
export const pageName = (poundCode: string, territoryName: string) =>
  `${normalizePoundCode(poundCode)} in ${territoryName}`;

/**
 * Creates the page of a licensee's active #Code licence (the create rule above), with an optional title; every
 * other field is filled in on its edit screen.
 */
export async function createDynamicPage(
  db: Database,
  actor: Actor,
  input: Omit<CreatePageData, "intent">,
): Promise<{ id: string; name: string; path: string }> {
  assertAdmin(actor);
  try {
    return await db.transaction(async (tx) => {
      recordChange(tx, CHANGE.landingPages);
      const [licensee] = await tx
        .select({ id: licensees.id })
        .from(licensees)
        .where(eq(licensees.id, input.licenseeId));
      if (!licensee) {
        throw new DomainError({
          code: "licensee_not_found",
          status: 404,
          title: DYNAMIC_PAGES_TEXT.errorCreating,
          message: DYNAMIC_PAGES_TEXT.licenseeNotFound,
          fieldErrors: { licenseeId: [DYNAMIC_PAGES_TEXT.licenseeNotFound] },
        });
      }
      const [licence] = await tx
        .select({
          territoryId: territoryLicenses.territoryId,
          territoryName: territories.name,
          code: categories.name,
        })
        .from(territoryLicenses)
        .innerJoin(categories, eq(categories.id, territoryLicenses.categoryId))
        .innerJoin(territories, eq(territories.id, territoryLicenses.territoryId))
        .where(
          and(
            eq(territoryLicenses.id, input.licenceId),
            eq(territoryLicenses.licenseeId, input.licenseeId),
            eq(territoryLicenses.status, "active"),
            eq(categories.categoryType, "standard"),
          ),
        )
        .for("update", { of: territoryLicenses });
      if (!licence) throw new LicenceNotActiveForPageError();
      const poundCode = normalizePoundCode(licence.code);
      const taken = await pageOfPair(tx, licence.territoryId, poundCode);
      if (taken) throw new DynamicPagePairTakenError(poundCode, licence.territoryName);
      const [row] = await tx
        .insert(dynamicPages)
        .values({
          poundCode,
          territoryId: licence.territoryId,
          licenseeId: input.licenseeId,
          pageTitle: input.pageTitle,
        })
        .returning({ id: dynamicPages.id });
      await recordAudit(tx, actor, {
        action: "dynamic_page.create",
        entityType: "dynamic_page",
        entityId: row!.id,
        details: {
          after: {
            poundCode,
            territoryId: licence.territoryId,
            licenseeId: input.licenseeId,
            licenceId: input.licenceId,
            pageTitle: input.pageTitle,
          },
        },
      });
      return {
        id: row!.id,
        name: pageName(poundCode, licence.territoryName),
        path: landingPagePath(poundCode, licence.territoryName),
      };
    });
  } catch (err) {
    throw uniqueRefusal(err, {
      dynamic_pages_pound_code_territory_unique: () =>
        new DomainError({
          code: "dynamic_page_pair_taken",
          status: 409,
          title: DYNAMIC_PAGES_TEXT.errorCreating,
          message: "That #Code and territory already has a landing page. Edit that page instead.",
        }),
    });
  }
}

async function lockedPage(tx: Tx, id: string, title: string) {
  const [row] = await tx
    .select({ page: dynamicPages, territoryName: territories.name })
    .from(dynamicPages)
    .innerJoin(territories, eq(territories.id, dynamicPages.territoryId))
    .where(eq(dynamicPages.id, id))
    .for("update", { of: dynamicPages });
  if (!row) throw new DynamicPageNotFoundError(title);
  return row;
}

/** Saves every field of the page (the whole form); audits the fields that changed with their before and after. */
export async function updateDynamicPage(
  db: Database,
  actor: Actor,
  input: PageContentData & { id: string },
): Promise<{ id: string; name: string; path: string; changed: string[] }> {
  assertAdmin(actor);
  const { id, ...content } = input;
  return db.transaction(async (tx) => {
    recordChange(tx, CHANGE.landingPages);
    const { page, territoryName } = await lockedPage(tx, id, DYNAMIC_PAGES_TEXT.errorUpdating);
    const next = storedContent(content, (page.socialMediaLinks ?? {}) as Record<string, string>);
    const changes = changedFields(page, next, Object.keys(next) as (keyof typeof next)[], { same });
    const changed = Object.keys(changes?.after ?? {});
    if (changes) {
      await tx
        .update(dynamicPages)
        .set({ ...next, updatedAt: sql`now()` })
        .where(eq(dynamicPages.id, id));
      await recordAudit(tx, actor, {
        action: "dynamic_page.update",
        entityType: "dynamic_page",
        entityId: id,
        details: changes,
      });
    }
    return {
      id,
      name: pageName(page.poundCode, territoryName),
      path: landingPagePath(page.poundCode, territoryName),
      changed,
    };
  });
}

/** Deletes the page (its proposals go with it); the audit row keeps the whole page. */
export async function deleteDynamicPage(
  db: Database,
  actor: Actor,
  input: { id: string },
): Promise<{ name: string; path: string }> {
  assertAdmin(actor);
  return db.transaction(async (tx) => {
    recordChange(tx, CHANGE.landingPages);
    const { page, territoryName } = await lockedPage(tx, input.id, DYNAMIC_PAGES_TEXT.errorDeleting);
    await tx.delete(dynamicPages).where(eq(dynamicPages.id, input.id));
    await recordAudit(tx, actor, {
      action: "dynamic_page.delete",
      entityType: "dynamic_page",
      entityId: input.id,
      details: { before: page },
    });
    return { name: pageName(page.poundCode, territoryName), path: landingPagePath(page.poundCode, territoryName) };
  });
}

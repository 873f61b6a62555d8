/**
 * The public read model of licensee landing pages (/p/{pound_code}/{territory_slug}).
 *
 * The territory slug has its dashes turned into spaces and is matched against the territory's name or portion
 * ({@link findTerritoryBySlug}, hidden territories included: a licensee's page does not depend on the
 * marketplace listing). The #Code segment may be written "4law", "#4LAW" or "hash-4law". A page is served only
 * while its licensee is active and not banned: a deactivated licensee's page answers 404 like a missing one.
 *
 * Everything stored is cleaned for display: rich text is sanitized (plain text becomes escaped paragraphs),
 * office locations need a name or an address, partners need a name, and links are kept only when they are
 * http(s) URLs. Sections without content come out empty so the page can hide them.
 */
import { and, asc, eq, isNull, type SQL, sql } from "drizzle-orm";
import { buildLandingView } from "#kernel/landing-view.ts";
import { type LandingPageView, poundCodeFromSegment } from "#kernel/schemas/landing-page.ts";
import type { DbOrTx } from "#server/db/client.ts";
import { categories, dynamicPages, licensees, territories, territoryLicenses, user } from "#server/db/schema/index.ts";
import { findTerritoryBySlug } from "../catalogue/territories.ts";
import { sanitizeHtml } from "../content/sanitize.ts";
import {
  LandingPageGoneError,
  LandingPageNotFoundError,
  LandingPageUnavailableError,
  LandingTerritoryNotFoundError,
} from "./errors.ts";

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** Stored rich text as safe HTML: HTML is sanitized; plain text becomes paragraphs (blank lines) and line breaks. */
export function richText(value: string | null | undefined): string {
  const raw = typeof value === "string" ? value.trim() : "";
  if (!raw) return "";
  if (/<[a-z][^>]*>/i.test(raw)) return sanitizeHtml(raw).trim();
  return raw
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, "<br>")}</p>`)
    .join("");
}

/** A licensee whose page may be served: active, and their account not under a current ban. */
const servedLicensee: SQL = and(
  eq(licensees.status, "active"),
  sql`not (coalesce(${user.banned}, false) and (${user.banExpires} is null or ${user.banExpires} > now()))`,
)!;

/** `dynamic_pages.pound_code` compared without its leading '#', case-insensitively. */
const codeEquals = (poundCode: string): SQL =>
  sql`upper(regexp_replace(btrim(${dynamicPages.poundCode}), '^#', '')) = ${poundCode.replace(/^#/, "").toUpperCase()}`;

type PageRow = typeof dynamicPages.$inferSelect & {
  licenseeId: string;
  licenseeCompany: string | null;
  licenseeEmail: string;
  licenseeContactName: string | null;
  licenseePhone: string | null;
  licenseeLogo: string | null;
};

/** Whether the licensee's license of this territory × #Code is suspended (an invoice unpaid past the grace period). */
async function licenseSuspended(db: DbOrTx, licenseeId: string, territoryId: string, poundCode: string) {
  const rows = await db
    .select({ id: territoryLicenses.id })
    .from(territoryLicenses)
    .innerJoin(categories, eq(categories.id, territoryLicenses.categoryId))
    .where(
      and(
        eq(territoryLicenses.licenseeId, licenseeId),
        eq(territoryLicenses.territoryId, territoryId),
        eq(territoryLicenses.status, "suspended"),
        sql`upper(regexp_replace(btrim(${categories.name}), '^#', '')) = ${poundCode.replace(/^#/, "").toUpperCase()}`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** The served page row of a territory × #Code, with its licensee; null when there is none. */
async function servedPage(db: DbOrTx, territoryId: string, poundCode: string): Promise<PageRow | null> {
  const [row] = await db
    .select({
      page: dynamicPages,
      licenseeId: licensees.id,
      licenseeCompany: licensees.companyName,
      licenseeEmail: licensees.email,
      licenseeContactName: licensees.contactName,
      licenseePhone: licensees.phone,
      licenseeLogo: licensees.lawFirmLogoUrl,
    })
    .from(dynamicPages)
    .innerJoin(licensees, eq(licensees.id, dynamicPages.licenseeId))
    .innerJoin(user, eq(user.id, licensees.userId))
    .where(and(eq(dynamicPages.territoryId, territoryId), codeEquals(poundCode), servedLicensee))
    .orderBy(asc(dynamicPages.createdAt))
    .limit(1);
  if (!row) return null;
  const { page, ...licensee } = row;
  return { ...page, ...licensee };
}

export type LandingTarget = {
  territory: { id: string; name: string; state: string; portion: string | null };
  page: PageRow;
};

/**
 * The page the URL names, with its licensee.
 * @throws LandingTerritoryNotFoundError when no territory matches the slug ('Territory not found.')
 * @throws LandingPageNotFoundError when the territory has no served page for the #Code
 */
export async function resolveLandingPage(
  db: DbOrTx,
  input: { poundCode: string; territorySlug: string },
): Promise<LandingTarget> {
  const territory = await findTerritoryBySlug(db, input.territorySlug, { includeInactive: true });
  if (!territory) throw new LandingTerritoryNotFoundError();
  const code = poundCodeFromSegment(input.poundCode);
  if (!code) throw new LandingPageNotFoundError();
  const page = await servedPage(db, territory.id, code);
  if (!page) {
    // Unpublished when its license ended (the page has no licensee any more): gone, not missing.
    const [orphan] = await db
      .select({ id: dynamicPages.id })
      .from(dynamicPages)
      .where(and(eq(dynamicPages.territoryId, territory.id), codeEquals(code), isNull(dynamicPages.licenseeId)))
      .limit(1);
    throw orphan ? new LandingPageGoneError() : new LandingPageNotFoundError();
  }
  if (await licenseSuspended(db, page.licenseeId, territory.id, code)) throw new LandingPageUnavailableError();
  return {
    territory: { id: territory.id, name: territory.name, state: territory.state, portion: territory.portion },
    page,
  };
}

/** The view of a served page row (kernel/landing-view.ts), rich text sanitized here. */
function viewOf(territory: LandingTarget["territory"], page: PageRow): LandingPageView {
  return buildLandingView(page, {
    poundCode: page.poundCode,
    territory,
    licensee: { companyName: page.licenseeCompany, phone: page.licenseePhone, logoUrl: page.licenseeLogo },
    updatedAt: page.updatedAt.toISOString(),
    richText,
  });
}

/**
 * The required content a stored page lacks (kernel/landing-view.ts), for screens that list pages without serving
 * them: while any is missing the page answers 404.
 */
export function missingOfStored(
  page: Pick<typeof dynamicPages.$inferSelect, "businessNameOnPage" | "companyDescription" | "areasOfLaw" | "services">,
  licenseeCompany: string | null,
): LandingPageView["missing"] {
  return buildLandingView(page, {
    poundCode: "#X",
    territory: { id: "", name: "", state: "", portion: null },
    licensee: { companyName: licenseeCompany, phone: null, logoUrl: null },
    updatedAt: "",
    richText,
  }).missing;
}

/**
 * The landing page's public view. Throws like {@link resolveLandingPage}, and answers not found (404) for a page that
 * lacks its required content: it is not public until the firm completes it.
 */
export async function getLandingPage(
  db: DbOrTx,
  input: { poundCode: string; territorySlug: string },
): Promise<LandingPageView> {
  const { territory, page } = await resolveLandingPage(db, input);
  const view = viewOf(territory, page);
  if (view.missing.length) throw new LandingPageNotFoundError();
  return view;
}

/** Every public landing page (served and complete), for the sitemap: canonical path and last change, by path. */
export async function listLandingPages(db: DbOrTx): Promise<{ path: string; updatedAt: Date }[]> {
  const rows = await db
    .select({
      page: dynamicPages,
      territory: { id: territories.id, name: territories.name, state: territories.state, portion: territories.portion },
      licenseeId: licensees.id,
      licenseeCompany: licensees.companyName,
      licenseeEmail: licensees.email,
      licenseeContactName: licensees.contactName,
      licenseePhone: licensees.phone,
      licenseeLogo: licensees.lawFirmLogoUrl,
    })
    .from(dynamicPages)
    .innerJoin(territories, eq(territories.id, dynamicPages.territoryId))
    .innerJoin(licensees, eq(licensees.id, dynamicPages.licenseeId))
    .innerJoin(user, eq(user.id, licensees.userId))
    .where(servedLicensee);
  return rows
    .map(({ page, territory, ...licensee }) => ({ view: viewOf(territory, { ...page, ...licensee }), page }))
    .filter(({ view }) => view.missing.length === 0)
    .map(({ view, page }) => ({ path: view.path, updatedAt: page.updatedAt }))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

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
import {
  httpUrl,
  type LandingPageView,
  type LandingSocialLink,
  landingPagePath,
  poundCodeFromSegment,
  SOCIAL_NETWORK_LABELS,
  SOCIAL_NETWORKS,
} from "#kernel/schemas/landing-page.ts";
import { stripHtml } from "#kernel/text.ts";
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

const text = (v: unknown): string => (typeof v === "string" ? v.trim() : "");
const textOrNull = (v: unknown): string | null => text(v) || null;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** Stored rich text as safe HTML: HTML is sanitized; plain text becomes paragraphs (blank lines) and line breaks. */
export function richText(value: string | null | undefined): string {
  const raw = text(value);
  if (!raw) return "";
  if (/<[a-z][^>]*>/i.test(raw)) return sanitizeHtml(raw).trim();
  return raw
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, "<br>")}</p>`)
    .join("");
}

/** Trimmed, non-empty, first occurrence only. */
function cleanList(values: readonly unknown[] | null | undefined): string[] {
  const out: string[] = [];
  for (const v of values ?? []) {
    const t = text(v);
    if (t && !out.includes(t)) out.push(t);
  }
  return out;
}

/** An image the page may show: an http(s) URL or a path on this site ("/files/…", never "//host"). */
function imageUrl(value: unknown): string | null {
  const t = text(value);
  if (t.startsWith("/") && !t.startsWith("//") && !t.includes("\\")) return t;
  return httpUrl(t);
}

function socialLinks(links: Record<string, unknown> | null | undefined): LandingSocialLink[] {
  const byNetwork = new Map<string, unknown>();
  for (const [key, value] of Object.entries(links ?? {})) byNetwork.set(key.trim().toLowerCase(), value);
  const out: LandingSocialLink[] = [];
  for (const network of SOCIAL_NETWORKS) {
    const url = httpUrl(byNetwork.get(network) ?? (network === "twitter" ? byNetwork.get("x") : undefined));
    if (url) out.push({ network, label: SOCIAL_NETWORK_LABELS[network], url });
  }
  return out;
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

/** The landing page's public view. Throws like {@link resolveLandingPage}. */
export async function getLandingPage(
  db: DbOrTx,
  input: { poundCode: string; territorySlug: string },
): Promise<LandingPageView> {
  const { territory, page } = await resolveLandingPage(db, input);
  const poundCode = `#${text(page.poundCode).replace(/^#/, "").toUpperCase()}`;
  const descriptionHtml = richText(page.companyDescription);
  const highlightsHtml = richText(page.lawFirmHighlights);
  const officeLocations = (Array.isArray(page.officeLocations) ? page.officeLocations : [])
    .map((o) => ({ name: text(o?.name), address: text(o?.address), city: text(o?.city), phone: text(o?.phone) }))
    .filter((o) => o.name || o.address);
  const partners = (Array.isArray(page.partnersInfo) ? page.partnersInfo : [])
    .map((p) => ({ name: text(p?.name), description: text(p?.description) }))
    .filter((p) => p.name);
  const info = (page.contactInfo ?? {}) as Record<string, unknown>;
  const contact = {
    phone: textOrNull(info.phone) ?? textOrNull(page.licenseePhone),
    email: textOrNull(info.email),
    address: textOrNull(info.address),
  };
  const years =
    typeof page.yearsInBusiness === "number" && Number.isInteger(page.yearsInBusiness) && page.yearsInBusiness > 0
      ? page.yearsInBusiness
      : null;
  const view: LandingPageView = {
    path: landingPagePath(poundCode, territory.name),
    poundCode,
    territory,
    pageTitle: textOrNull(page.pageTitle),
    businessName: textOrNull(page.businessNameOnPage) ?? textOrNull(page.licenseeCompany),
    descriptionHtml,
    descriptionText: stripHtml(descriptionHtml),
    areasOfLaw: cleanList(page.areasOfLaw),
    services: cleanList(page.services),
    officeLocations,
    partners,
    highlightsHtml,
    yearsInBusiness: years,
    logoUrl: imageUrl(page.lawFirmLogoUrl) ?? imageUrl(page.licenseeLogo),
    testimonialUrl: httpUrl(page.testimonialLink),
    attorneyDirectoryUrl: httpUrl(page.attorneyDirectoryUrl),
    socialLinks: socialLinks(page.socialMediaLinks as Record<string, unknown>),
    contact,
    updatedAt: page.updatedAt.toISOString(),
    hasContent: false,
  };
  view.hasContent = Boolean(
    view.pageTitle ||
      textOrNull(page.businessNameOnPage) ||
      view.descriptionHtml ||
      view.areasOfLaw.length ||
      view.services.length ||
      view.officeLocations.length ||
      view.partners.length ||
      view.highlightsHtml ||
      view.yearsInBusiness ||
      view.logoUrl ||
      view.testimonialUrl ||
      view.socialLinks.length ||
      textOrNull(info.phone) ||
      view.contact.email ||
      view.contact.address,
  );
  return view;
}

/** Every served landing page, for the sitemap: canonical path and last change, by path. */
export async function listLandingPages(db: DbOrTx): Promise<{ path: string; updatedAt: Date }[]> {
  const rows = await db
    .select({ poundCode: dynamicPages.poundCode, territoryName: territories.name, updatedAt: dynamicPages.updatedAt })
    .from(dynamicPages)
    .innerJoin(territories, eq(territories.id, dynamicPages.territoryId))
    .innerJoin(licensees, eq(licensees.id, dynamicPages.licenseeId))
    .innerJoin(user, eq(user.id, licensees.userId))
    .where(servedLicensee);
  return rows
    .map((r) => ({ path: landingPagePath(r.poundCode, r.territoryName), updatedAt: r.updatedAt }))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

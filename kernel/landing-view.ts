/**
 * A landing page's content as its view: the one mapping from stored (or typed) content to what the page shows. The
 * server's read model builds the public page with it, with rich text sanitized on the server; the firm's live
 * preview builds the page it is editing with it, in the browser, from the form's values. Browser-safe, no zod.
 *
 * Everything is cleaned for display: office locations need a name or an address, partners a name, reviews their
 * words and author, and links are kept only when they are http(s) URLs. Sections without content come out empty so
 * the page can hide them. A page lacking any of its {@link REQUIRED_PAGE_CONTENT} is not public (404).
 */
import { landingAccent } from "./landing-accents.ts";
import {
  httpUrl,
  type LandingPageView,
  type LandingSocialLink,
  landingPagePath,
  SOCIAL_NETWORK_LABELS,
  SOCIAL_NETWORKS,
} from "./schemas/landing-page-strings.ts";
import { stripHtml } from "./text.ts";

/** What a page needs before it goes public, as the firm's editor names it. */
export const REQUIRED_PAGE_CONTENT = {
  businessName: "Business name",
  description: "Company description",
  practice: "Areas of law or services",
} as const;
export type RequiredPageContent = keyof typeof REQUIRED_PAGE_CONTENT;

/** Stored or typed content: every field loose (the form's raw values and the database's rows both fit). */
export type LandingContentInput = {
  pageTitle?: unknown;
  businessNameOnPage?: unknown;
  companyDescription?: unknown;
  services?: unknown;
  areasOfLaw?: unknown;
  lawFirmHighlights?: unknown;
  yearsInBusiness?: unknown;
  accent?: unknown;
  lawFirmLogoUrl?: unknown;
  testimonialLink?: unknown;
  attorneyDirectoryUrl?: unknown;
  officeLocations?: unknown;
  partnersInfo?: unknown;
  reviews?: unknown;
  socialMediaLinks?: unknown;
  contactInfo?: unknown;
};

export type LandingViewContext = {
  poundCode: string;
  territory: LandingPageView["territory"];
  /** The licensee's own details, shown where the page gives none. */
  licensee: { companyName: string | null; phone: string | null; logoUrl: string | null };
  updatedAt: string;
  /** Rich text (stored HTML or plain text) as safe HTML. */
  richText: (value: string) => string;
};

const text = (v: unknown): string => (typeof v === "string" ? v.trim() : "");
const textOrNull = (v: unknown): string | null => text(v) || null;
const rows = (v: unknown): Record<string, unknown>[] =>
  Array.isArray(v) ? v.filter((r): r is Record<string, unknown> => Boolean(r) && typeof r === "object") : [];

/** Trimmed, non-empty, first occurrence only; a string is one item per line. */
function cleanList(values: unknown): string[] {
  const items = Array.isArray(values) ? values : typeof values === "string" ? values.split(/\r?\n/) : [];
  const out: string[] = [];
  for (const v of items) {
    const t = text(v);
    if (t && !out.includes(t)) out.push(t);
  }
  return out;
}

/** An image the page may show: an http(s) URL or a path on this site ("/media/…", never "//host"). */
function imageUrl(value: unknown): string | null {
  const t = text(value);
  if (t.startsWith("/") && !t.startsWith("//") && !t.includes("\\")) return t;
  return httpUrl(t);
}

function socialLinks(links: unknown): LandingSocialLink[] {
  const byNetwork = new Map<string, unknown>();
  if (links && typeof links === "object") {
    for (const [key, value] of Object.entries(links)) byNetwork.set(key.trim().toLowerCase(), value);
  }
  const out: LandingSocialLink[] = [];
  for (const network of SOCIAL_NETWORKS) {
    const url = httpUrl(byNetwork.get(network) ?? (network === "twitter" ? byNetwork.get("x") : undefined));
    if (url) out.push({ network, label: SOCIAL_NETWORK_LABELS[network], url });
  }
  return out;
}

function years(v: unknown): number | null {
  const n = typeof v === "string" && v.trim() ? Number(v) : v;
  return typeof n === "number" && Number.isInteger(n) && n > 0 ? n : null;
}

/** Rich text from a browser form as safe HTML for the preview: tags dropped, blank lines make paragraphs. */
export function previewRichText(value: string): string {
  const plain = /<[a-z][^>]*>/i.test(value) ? stripHtml(value.replace(/<\/(p|li|h\d)>/gi, "\n\n")) : value;
  const escapeText = (s: string) =>
    s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
  return plain
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escapeText(p).replace(/\n/g, "<br>")}</p>`)
    .join("");
}

/** The landing page's view of this content. */
export function buildLandingView(content: LandingContentInput, ctx: LandingViewContext): LandingPageView {
  const poundCode = `#${text(ctx.poundCode).replace(/^#/, "").toUpperCase()}`;
  const rich = (v: unknown) => (text(v) ? ctx.richText(text(v)) : "");
  const descriptionHtml = rich(content.companyDescription);
  const info = (content.contactInfo && typeof content.contactInfo === "object" ? content.contactInfo : {}) as Record<
    string,
    unknown
  >;
  const view: LandingPageView = {
    path: landingPagePath(poundCode, ctx.territory.name),
    poundCode,
    territory: ctx.territory,
    pageTitle: textOrNull(content.pageTitle),
    businessName: textOrNull(content.businessNameOnPage) ?? textOrNull(ctx.licensee.companyName),
    descriptionHtml,
    descriptionText: stripHtml(descriptionHtml),
    areasOfLaw: cleanList(content.areasOfLaw),
    services: cleanList(content.services),
    officeLocations: rows(content.officeLocations)
      .map((o) => ({
        name: text(o.name),
        address: text(o.address),
        city: text(o.city),
        phone: text(o.phone),
        hours: text(o.hours),
      }))
      .filter((o) => o.name || o.address),
    partners: rows(content.partnersInfo)
      .map((p) => ({ name: text(p.name), description: text(p.description) }))
      .filter((p) => p.name),
    reviews: rows(content.reviews)
      .map((r) => ({ quote: text(r.quote), author: text(r.author) }))
      .filter((r) => r.quote && r.author),
    highlightsHtml: rich(content.lawFirmHighlights),
    yearsInBusiness: years(content.yearsInBusiness),
    accent: landingAccent(text(content.accent)),
    logoUrl: imageUrl(content.lawFirmLogoUrl) ?? imageUrl(ctx.licensee.logoUrl),
    testimonialUrl: httpUrl(content.testimonialLink),
    attorneyDirectoryUrl: httpUrl(content.attorneyDirectoryUrl),
    socialLinks: socialLinks(content.socialMediaLinks),
    contact: {
      phone: textOrNull(info.phone) ?? textOrNull(ctx.licensee.phone),
      email: textOrNull(info.email),
      address: textOrNull(info.address),
    },
    updatedAt: ctx.updatedAt,
    hasContent: false,
    missing: [],
  };
  view.hasContent = Boolean(
    view.pageTitle ||
      textOrNull(content.businessNameOnPage) ||
      view.descriptionHtml ||
      view.areasOfLaw.length ||
      view.services.length ||
      view.officeLocations.length ||
      view.partners.length ||
      view.reviews.length ||
      view.highlightsHtml ||
      view.yearsInBusiness ||
      view.logoUrl ||
      view.testimonialUrl ||
      view.socialLinks.length ||
      textOrNull(info.phone) ||
      view.contact.email ||
      view.contact.address,
  );
  view.missing = missingContent(view);
  return view;
}

/** The required content a view lacks (empty when the page may be public). */
export function missingContent(view: LandingPageView): RequiredPageContent[] {
  const missing: RequiredPageContent[] = [];
  if (!view.businessName) missing.push("businessName");
  if (!view.descriptionText.trim()) missing.push("description");
  if (!view.areasOfLaw.length && !view.services.length) missing.push("practice");
  return missing;
}

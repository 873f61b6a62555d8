/**
 * One way every public route says what it is to search engines and link previews: title, description, canonical
 * URL, Open Graph and Twitter card, optional JSON-LD, and `noindex` where the page must not be indexed (and on
 * every page outside production, so a staging site never competes with the real one).
 *
 *   export const meta: Route.MetaFunction = (args) =>
 *     pageMeta(args, { title: "About Us", description: "…", path: "/about" });
 */
import type { MetaDescriptor } from "react-router";

type RootData = { publicUrl?: string; indexable?: boolean } | undefined;
type MetaArgs = { matches: ReadonlyArray<{ id: string; data?: unknown; loaderData?: unknown } | undefined> };

export type PageMetaOptions = {
  /** The page's own title; " · PoundCodes" is added. */
  title: string;
  description: string;
  /** Path of the canonical URL, e.g. "/blog/my-post" (no query). */
  path: string;
  /** Absolute or root-relative image for link previews. */
  image?: string;
  /** Open Graph type: "website" (default) or "article". */
  type?: "website" | "article";
  /** Keep this page out of search results (sign-in, error and personal pages). */
  noindex?: boolean;
  /** Structured data, one object or several. */
  jsonLd?: Record<string, unknown> | Record<string, unknown>[];
};

export const SITE_NAME = "PoundCodes";

function rootData(args: MetaArgs): RootData {
  const root = args.matches.find((m) => m?.id === "root");
  return (root?.loaderData ?? root?.data) as RootData;
}

export function pageMeta(args: MetaArgs, o: PageMetaOptions): MetaDescriptor[] {
  const root = rootData(args);
  const origin = (root?.publicUrl ?? "").replace(/\/+$/, "");
  const url = `${origin}${o.path}`;
  const image = o.image ? (o.image.startsWith("/") ? `${origin}${o.image}` : o.image) : undefined;
  const title = o.title === SITE_NAME ? SITE_NAME : `${o.title} · ${SITE_NAME}`;
  const noindex = o.noindex || root?.indexable === false;
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: o.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:type", content: o.type ?? "website" },
    { property: "og:title", content: o.title },
    { property: "og:description", content: o.description },
    { property: "og:url", content: url },
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: o.title },
    { name: "twitter:description", content: o.description },
  ];
  if (image) tags.push({ property: "og:image", content: image }, { name: "twitter:image", content: image });
  if (noindex) tags.push({ name: "robots", content: "noindex, nofollow" });
  for (const ld of o.jsonLd ? (Array.isArray(o.jsonLd) ? o.jsonLd : [o.jsonLd]) : []) {
    tags.push({ "script:ld+json": ld });
  }
  return tags;
}

/** The company as structured data (home page and as a publisher elsewhere). */
export function organizationJsonLd(origin: string): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: SITE_NAME,
    url: origin,
    logo: `${origin}/favicon.svg`,
    telephone: "+1-800-580-1500",
    email: "sales@poundcodes.com",
  };
}

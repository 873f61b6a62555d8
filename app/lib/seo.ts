/**
 * One way every public route says what it is to search engines and link previews: title (at most
 * {@link TITLE_MAX} characters), description, canonical URL, Open Graph and Twitter card, optional JSON-LD, and
 * `noindex` where the page must not be indexed (and on every page outside production, so a staging site never
 * competes with the real one). Signed-in screens use {@link areaMeta}.
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

/** The longest `<title>` a page has: browser tabs and search results cut a longer one wherever it happens to end. */
export const TITLE_MAX = 60;

const SEPARATOR = " · ";

/** `text` cut to at most `max` characters at a word, with an ellipsis when anything was cut. */
function cutAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const room = text.slice(0, max - 1);
  const space = room.lastIndexOf(" ");
  return `${(space > max / 2 ? room.slice(0, space) : room).replace(/[\s,.;:·–—-]+$/, "")}…`;
}

/**
 * A page's `<title>`, at most {@link TITLE_MAX} characters: "Ticket subject · Support Tickets · Admin · PoundCodes".
 * When that is too long the context parts go first, then the site's name; a page title longer than the limit on its
 * own is cut at a word and keeps the site's name.
 */
export function documentTitle(page: string, ...context: string[]): string {
  const title = String(page).trim().replace(/\s+/g, " ");
  for (const parts of [[title, ...context, SITE_NAME], [title, SITE_NAME], [title]]) {
    const joined = parts.join(SEPARATOR);
    if (joined.length <= TITLE_MAX) return joined;
  }
  return `${cutAtWord(title, TITLE_MAX - SEPARATOR.length - SITE_NAME.length)}${SEPARATOR}${SITE_NAME}`;
}

/** The meta of a signed-in screen: its title (with the area and other context) and no indexing. */
export function areaMeta(page: string, ...context: string[]): MetaDescriptor[] {
  return [{ title: documentTitle(page, ...context) }, { name: "robots", content: "noindex" }];
}

function rootData(args: MetaArgs): RootData {
  const root = args.matches.find((m) => m?.id === "root");
  return (root?.loaderData ?? root?.data) as RootData;
}

export function pageMeta(args: MetaArgs, o: PageMetaOptions): MetaDescriptor[] {
  const root = rootData(args);
  const origin = (root?.publicUrl ?? "").replace(/\/+$/, "");
  const url = `${origin}${o.path}`;
  const image = o.image ? (o.image.startsWith("/") ? `${origin}${o.image}` : o.image) : undefined;
  const title = o.title === SITE_NAME ? SITE_NAME : documentTitle(o.title);
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

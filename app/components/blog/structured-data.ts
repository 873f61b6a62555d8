/** Structured data (schema.org JSON-LD) for the blog list and its posts. */
import { SITE_NAME } from "#app/lib/seo.ts";

type MetaMatches = ReadonlyArray<{ id: string; data?: unknown; loaderData?: unknown } | undefined>;

/** The site's public origin, as the root loader reports it ("" when unknown). */
export function siteOrigin(matches: MetaMatches): string {
  const root = matches.find((m) => m?.id === "root");
  const data = (root?.loaderData ?? root?.data) as { publicUrl?: string } | undefined;
  return (data?.publicUrl ?? "").replace(/\/+$/, "");
}

function absolute(origin: string, url: string): string {
  return url.startsWith("/") ? `${origin}${url}` : url;
}

const publisher = (origin: string) => ({
  "@type": "Organization",
  name: SITE_NAME,
  url: `${origin}/`,
  logo: { "@type": "ImageObject", url: `${origin}/favicon.svg` },
});

export function blogJsonLd(origin: string, description: string): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "Blog",
    name: `${SITE_NAME} Blog`,
    description,
    url: `${origin}/blog`,
    publisher: publisher(origin),
  };
}

export type PostingInput = {
  slug: string;
  title: string;
  description: string;
  imageUrl: string | null;
  authorName: string | null;
  tags: string[];
  publishedAt: string;
  updatedAt: string;
};

export function blogPostingJsonLd(origin: string, post: PostingInput): Record<string, unknown> {
  const url = `${origin}/blog/${post.slug}`;
  return {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: post.title,
    description: post.description,
    url,
    mainEntityOfPage: { "@type": "WebPage", "@id": url },
    datePublished: post.publishedAt,
    dateModified: post.updatedAt,
    author: post.authorName
      ? { "@type": "Person", name: post.authorName }
      : { "@type": "Organization", name: SITE_NAME },
    publisher: publisher(origin),
    ...(post.imageUrl ? { image: absolute(origin, post.imageUrl) } : {}),
    ...(post.tags.length ? { keywords: post.tags.join(", ") } : {}),
  };
}

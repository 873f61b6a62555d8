/**
 * One name for one destination: every link to the article list reads BLOG_TEXT.allArticles, on a post (its top and
 * its More Articles section) and on the home page, so 'More Articles' never leads to something named otherwise.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { NewsStrip } from "#app/components/home/news-strip.tsx";
import { BLOG_TEXT } from "#kernel/content.ts";
import BlogPost from "./blog-post.tsx";

const card = (slug: string) => ({
  slug,
  title: `Article ${slug}`,
  excerpt: "An excerpt.",
  imageUrl: null,
  tags: ["Radio"],
  publishedAt: "2026-09-22T12:00:00.000Z",
});

function html(node: () => React.ReactNode): string {
  const Stub = createRoutesStub([{ path: "/", Component: () => <>{node()}</> }]);
  return renderToStaticMarkup(<Stub initialEntries={["/"]} />);
}

/** The text of every link to /blog. */
const blogLinks = (page: string) =>
  [...page.matchAll(/<a[^>]*href="\/blog"[^>]*>([\s\S]*?)<\/a>/g)].map((m) => m[1]!.replace(/<[^>]+>/g, "").trim());

describe("links to the article list", () => {
  it("read the same on a post, at its top and under More Articles", () => {
    const props = {
      loaderData: {
        post: {
          slug: "one",
          title: "One",
          html: "<p>Body</p>",
          description: "One.",
          imageUrl: null,
          authorName: null,
          tags: [],
          publishedAt: "2026-09-22T12:00:00.000Z",
          updatedAt: "2026-09-22T12:00:00.000Z",
          readingMinutes: 3,
        },
        more: [card("two"), card("three")],
        url: "https://example.test/blog/one",
      },
    } as unknown as Parameters<typeof BlogPost>[0];
    const page = html(() => <BlogPost {...props} />);
    expect(page).toContain(BLOG_TEXT.moreArticles);
    expect(blogLinks(page)).toEqual([BLOG_TEXT.allArticles, BLOG_TEXT.allArticles]);
  });

  it("read the same on the home page", () => {
    const page = html(() => <NewsStrip posts={[card("two")].map((p) => ({ ...p, publishedAt: p.publishedAt! }))} />);
    expect(new Set(blogLinks(page))).toEqual(new Set([BLOG_TEXT.allArticles]));
  });
});

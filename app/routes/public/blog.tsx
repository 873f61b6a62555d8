import { useEffect, useRef } from "react";
import { data, Link, useFetcher } from "react-router";
import { PostCard } from "#app/components/blog/post-card.tsx";
import { SearchForm } from "#app/components/blog/search-form.tsx";
import { blogJsonLd, siteOrigin } from "#app/components/blog/structured-data.ts";
import { PageHeader } from "#app/components/layout/page-header.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { ArrowDown, SearchX } from "#app/components/ui/icons.tsx";
import { pageMeta } from "#app/lib/seo.ts";
import { BLOG_PAGE_SIZE, BLOG_TEXT, blogListHref, parseBlogQuery } from "#kernel/content.ts";
import { CHANGE } from "#server/domain/changes.ts";
import { listBlogPosts } from "#server/domain/content/blog.ts";
import { cacheable } from "#server/web/page-cache.ts";
import { services } from "#server/web/route-kit.ts";
import type { Route } from "./+types/blog";

/** Cached for anonymous visitors, dropped by the writes that change what it shows (server/web/page-cache.ts). */
export const pageCache = cacheable({ keys: () => [CHANGE.blog], query: ["q", "page"] });

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: BLOG_TEXT.title,
    description: BLOG_TEXT.description,
    path: "/blog",
    jsonLd: blogJsonLd(siteOrigin(args.matches), BLOG_TEXT.description),
  });

/**
 * The list for ?q= and ?page=: the first `page` pages, so a Load More link works as a plain page without
 * JavaScript. A failed read is shown on the page (503) with the spec's text, never as a crash.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const s = services(context);
  const query = parseBlogQuery(new URL(request.url).searchParams);
  try {
    const list = await listBlogPosts(s.db, query);
    return { ...list, error: null };
  } catch (err) {
    s.logger.error({ err }, "blog list failed");
    return data(
      {
        ...query,
        pageSize: BLOG_PAGE_SIZE,
        total: 0,
        hasMore: false,
        posts: [],
        error: BLOG_TEXT.loadError(BLOG_TEXT.unavailable),
      },
      { status: 503 },
    );
  }
}

function isPlainClick(e: React.MouseEvent) {
  return e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;
}

export default function Blog({ loaderData }: Route.ComponentProps) {
  const fetcher = useFetcher<typeof loader>();
  // With JavaScript, Load More asks the same loader for the next page and the list grows in place.
  const loaded = fetcher.data;
  const appended =
    loaded && !loaded.error && loaded.q === loaderData.q && loaded.page > loaderData.page ? loaded : null;
  const view = appended ?? loaderData;
  const moreError = loaded?.error && loaded.q === loaderData.q ? loaded.error : null;
  const nextHref = blogListHref({ q: view.q, page: view.page + 1 });
  const loading = fetcher.state === "loading";

  // After a Load More, focus moves to the first new post so keyboard and screen reader users land on it.
  const listRef = useRef<HTMLUListElement>(null);
  const focusFrom = useRef<number | null>(null);
  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || view.posts.length <= from) return;
    focusFrom.current = null;
    listRef.current?.querySelectorAll<HTMLAnchorElement>("li h2 a")[from]?.focus();
  }, [view.posts.length]);

  const { q, total, posts, error } = view;
  return (
    <>
      <PageHeader title={BLOG_TEXT.title} subtitle={BLOG_TEXT.subtitle}>
        <SearchForm
          action="/blog"
          q={q}
          id="blog-search"
          label={BLOG_TEXT.searchLabel}
          placeholder={BLOG_TEXT.searchPlaceholder}
        />
      </PageHeader>
      <div className="mx-auto w-full max-w-7xl px-4 pb-24 sm:px-6 lg:px-8">
        {error ? (
          <p role="alert" className="rounded-xl border border-destructive/40 bg-destructive/5 p-6 text-destructive">
            {error}
          </p>
        ) : posts.length === 0 ? (
          <EmptyState q={q} />
        ) : (
          <>
            <p className="mb-8 text-sm text-muted-foreground" role="status" data-testid="blog-summary">
              {q
                ? `${total} ${total === 1 ? "article matches" : "articles match"} “${q}”`
                : `Showing ${posts.length} of ${total} ${total === 1 ? "article" : "articles"}`}
            </p>
            <ul ref={listRef} className="grid gap-6 md:grid-cols-2 lg:grid-cols-3" aria-label="Articles">
              {posts.map((post, i) => (
                <li key={post.slug}>
                  <PostCard post={post} priority={i === 0} />
                </li>
              ))}
            </ul>
            {moreError ? (
              <p role="alert" className="mt-8 text-center text-destructive">
                {moreError}
              </p>
            ) : null}
            {view.hasMore ? (
              <div className="mt-12 flex justify-center">
                <Button asChild variant="outline" size="lg" className="min-w-56">
                  <Link
                    to={nextHref}
                    preventScrollReset
                    aria-disabled={loading || undefined}
                    onClick={(e) => {
                      if (!isPlainClick(e)) return;
                      e.preventDefault();
                      if (loading) return;
                      focusFrom.current = posts.length;
                      void fetcher.load(nextHref);
                    }}
                  >
                    {loading ? BLOG_TEXT.loadingMore : BLOG_TEXT.loadMore}
                    {loading ? null : <ArrowDown aria-hidden="true" />}
                  </Link>
                </Button>
              </div>
            ) : null}
          </>
        )}
      </div>
    </>
  );
}

function EmptyState({ q }: { q: string }) {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center rounded-2xl border border-dashed border-border bg-subtle px-6 py-14 text-center">
      <span className="grid size-12 place-items-center rounded-full bg-muted text-muted-foreground">
        <SearchX className="size-6" aria-hidden="true" />
      </span>
      <p className="mt-4 text-lg font-semibold" role="status">
        {q ? BLOG_TEXT.noResults : BLOG_TEXT.noPosts}
      </p>
      {q ? (
        <>
          <p className="mt-2 text-muted-foreground">Try another word, or a tag such as Radio, Licensing or Strategy.</p>
          <Button asChild variant="outline" className="mt-6">
            <Link to="/blog">{BLOG_TEXT.allArticles}</Link>
          </Button>
        </>
      ) : null}
    </div>
  );
}

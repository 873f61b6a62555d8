import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { ArticleActions } from "#app/components/blog/article-actions.tsx";
import { ArticleBody } from "#app/components/blog/article-body.tsx";
import { PostCard } from "#app/components/blog/post-card.tsx";
import { PostImage } from "#app/components/blog/post-image.tsx";
import printStyles from "#app/components/blog/print.css?url";
import { blogPostingJsonLd, siteOrigin } from "#app/components/blog/structured-data.ts";
import { PageHeader } from "#app/components/layout/page-header.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { ArrowLeft, ArrowRight, CalendarDays, Clock, UserRound } from "#app/components/ui/icons.tsx";
import { pageMeta } from "#app/lib/seo.ts";
import { BLOG_TEXT, blogListHref } from "#kernel/content.ts";
import { formatDate } from "#kernel/format.ts";
import { CHANGE } from "#server/domain/changes.ts";
import { getBlogPost } from "#server/domain/content/blog.ts";
import { cacheable } from "#server/web/page-cache.ts";
import { throwAsRouteError } from "#server/web/respond.ts";
import { services } from "#server/web/route-kit.ts";
import type { Route } from "./+types/blog-post";

/** Cached for anonymous visitors, dropped by the writes that change what it shows (server/web/page-cache.ts). */
export const pageCache = cacheable({ keys: () => [CHANGE.blog] });

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: printStyles, media: "print" }];

export async function loader({ params, context }: Route.LoaderArgs) {
  const s = services(context);
  // An unknown, draft or scheduled slug is a 404 'Post not found.' (the error boundary below).
  const { post, more } = await getBlogPost(s.db, { slug: params.slug }).catch(throwAsRouteError);
  return { post, more, url: `${s.config.publicUrl.replace(/\/+$/, "")}/blog/${post.slug}` };
}

export const meta: Route.MetaFunction = (args) => {
  const post = args.loaderData?.post;
  if (!post) {
    return pageMeta(args, {
      title: BLOG_TEXT.notFoundTitle,
      description: BLOG_TEXT.notFoundHelp,
      path: `/blog/${args.params.slug ?? ""}`,
      noindex: true,
    });
  }
  return [
    ...pageMeta(args, {
      title: post.title,
      description: post.description,
      path: `/blog/${post.slug}`,
      type: "article",
      image: post.imageUrl ?? undefined,
      jsonLd: blogPostingJsonLd(siteOrigin(args.matches), post),
    }),
    { property: "article:published_time", content: post.publishedAt },
    { property: "article:modified_time", content: post.updatedAt },
    ...post.tags.map((tag) => ({ property: "article:tag", content: tag })),
  ];
};

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const { post, more, url } = loaderData;
  return (
    <>
      <article aria-label={post.title}>
        <div data-print="plain">
          <PageHeader title={post.title}>
            <div className="flex flex-col gap-6">
              <p className="flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-navy-200">
                {post.authorName ? (
                  <span className="inline-flex items-center gap-1.5">
                    <UserRound className="size-4 text-gold-300" aria-hidden="true" />
                    <span>
                      By <span className="font-semibold text-white">{post.authorName}</span>
                    </span>
                  </span>
                ) : null}
                <span className="inline-flex items-center gap-1.5">
                  <CalendarDays className="size-4 text-gold-300" aria-hidden="true" />
                  <time dateTime={post.publishedAt}>{formatDate(post.publishedAt)}</time>
                </span>
                <span className="inline-flex items-center gap-1.5">
                  <Clock className="size-4 text-gold-300" aria-hidden="true" />
                  {post.readingMinutes} min read
                </span>
              </p>
              <ArticleActions url={url} />
            </div>
          </PageHeader>
        </div>

        <div className="mx-auto w-full max-w-3xl px-4 sm:px-6">
          <Link
            to="/blog"
            data-print="hide"
            className="mb-8 inline-flex items-center gap-1.5 rounded-sm text-sm font-semibold text-accent-text underline-offset-4 hover:underline"
          >
            <ArrowLeft className="size-4" aria-hidden="true" />
            {BLOG_TEXT.allArticles}
          </Link>
          <figure className="overflow-hidden rounded-2xl border border-border bg-navy-950 shadow-card">
            <PostImage slug={post.slug} title={post.title} imageUrl={post.imageUrl} priority />
          </figure>
          <ArticleBody html={post.html} className="mt-10" />
          {post.tags.length > 0 ? (
            <div className="mt-12 flex flex-wrap items-center gap-2 border-t border-border pt-8">
              <span className="mr-1 text-sm font-semibold text-muted-foreground">Tags</span>
              <ul className="flex flex-wrap gap-2" aria-label="Tags">
                {post.tags.map((tag) => (
                  <li key={tag}>
                    <Link
                      to={blogListHref({ q: tag })}
                      className="inline-flex items-center rounded-full border border-gold-300 bg-gold-100 px-3 py-1 text-xs font-semibold text-gold-900 transition-colors hover:bg-gold-200 dark:border-gold-700 dark:bg-gold-900/40 dark:text-gold-200 dark:hover:bg-gold-900/70"
                    >
                      {tag}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </div>
      </article>

      {more.length > 0 ? (
        <section
          aria-labelledby="more-articles"
          data-print="hide"
          className="mt-20 border-t border-border bg-subtle py-16 sm:py-20"
        >
          <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
            <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
              <h2 id="more-articles" className="text-2xl font-bold tracking-tight sm:text-3xl">
                {BLOG_TEXT.moreArticles}
              </h2>
              <Button asChild variant="outline">
                <Link to="/blog">
                  {BLOG_TEXT.allArticles}
                  <ArrowRight aria-hidden="true" />
                </Link>
              </Button>
            </div>
            <ul className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
              {more.map((p) => (
                <li key={p.slug}>
                  <PostCard post={p} headingLevel="h3" />
                </li>
              ))}
            </ul>
          </div>
        </section>
      ) : (
        <div className="pb-24" />
      )}
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section
      aria-labelledby="post-error-title"
      className="mx-auto flex max-w-2xl flex-col items-center px-4 py-24 text-center sm:px-6"
    >
      <p className="text-xs font-semibold tracking-[0.2em] text-accent-text uppercase">
        {notFound ? "Error 404" : "Error"}
      </p>
      <h1 id="post-error-title" className="mt-3 text-3xl font-bold tracking-tight sm:text-4xl">
        {notFound ? BLOG_TEXT.notFound : BLOG_TEXT.loadError(BLOG_TEXT.unavailable)}
      </h1>
      {notFound ? <p className="mt-4 text-lg text-muted-foreground">{BLOG_TEXT.notFoundHelp}</p> : null}
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <Button asChild size="lg">
          <Link to="/blog">
            <ArrowLeft aria-hidden="true" />
            Back to the blog
          </Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to="/">Go to the home page</Link>
        </Button>
      </div>
    </section>
  );
}

import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { ArticleBody } from "#app/components/blog/article-body.tsx";
import { PageHeader } from "#app/components/layout/page-header.tsx";
import { Button } from "#app/components/ui/button.tsx";
import {
  ArrowLeft,
  ArrowRight,
  CalendarDays,
  LayoutDashboard,
  MessageCircleQuestion,
} from "#app/components/ui/icons.tsx";
import { pageMeta } from "#app/lib/seo.ts";
import { SUPPORT_TOPICS_TEXT, supportTopicHref } from "#kernel/content.ts";
import { formatDate } from "#kernel/format.ts";
import { CHANGE } from "#server/domain/changes.ts";
import { getSupportTopic } from "#server/domain/content/support-topics.ts";
import { cacheable } from "#server/web/page-cache.ts";
import { throwAsRouteError } from "#server/web/respond.ts";
import { services } from "#server/web/route-kit.ts";
import type { Route } from "./+types/support-topic";

/** Cached for anonymous visitors, dropped by the writes that change what it shows (server/web/page-cache.ts). */
export const pageCache = cacheable({ keys: () => [CHANGE.supportTopics] });

export async function loader({ params, context }: Route.LoaderArgs) {
  const s = services(context);
  // An unknown or unpublished slug is a 404 (the error boundary below).
  return getSupportTopic(s.db, { slug: params.slug }).catch(throwAsRouteError);
}

export const meta: Route.MetaFunction = (args) => {
  const topic = args.loaderData?.topic;
  if (!topic) {
    return pageMeta(args, {
      title: SUPPORT_TOPICS_TEXT.notFoundTitle,
      description: SUPPORT_TOPICS_TEXT.notFoundHelp,
      path: `/support-topics/${args.params.slug ?? ""}`,
      noindex: true,
    });
  }
  return pageMeta(args, {
    title: `${topic.title} · ${SUPPORT_TOPICS_TEXT.title}`,
    description: topic.summary,
    path: supportTopicHref(topic.slug),
    type: "article",
  });
};

export default function SupportTopic({ loaderData }: Route.ComponentProps) {
  const { topic, related } = loaderData;
  return (
    <>
      <PageHeader title={topic.title} subtitle={topic.summary}>
        <p className="flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-navy-200">
          {topic.category ? (
            <span className="rounded-full border border-gold-300/50 bg-gold-300/10 px-3 py-1 text-xs font-semibold tracking-wide text-gold-200">
              {topic.category}
            </span>
          ) : null}
          <span className="inline-flex items-center gap-1.5">
            <CalendarDays className="size-4 text-gold-300" aria-hidden="true" />
            Updated <time dateTime={topic.updatedAt}>{formatDate(topic.updatedAt)}</time>
          </span>
        </p>
      </PageHeader>
      <div className="mx-auto grid w-full max-w-7xl gap-12 px-4 pb-24 sm:px-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:px-8">
        <article aria-label={topic.title} className="min-w-0">
          <Link
            to="/support-topics"
            className="mb-8 inline-flex items-center gap-1.5 rounded-sm text-sm font-semibold text-accent-text underline-offset-4 hover:underline"
          >
            <ArrowLeft className="size-4" aria-hidden="true" />
            All support topics
          </Link>
          <ArticleBody html={topic.html} className="max-w-3xl" />
        </article>

        <aside className="grid content-start gap-6 lg:sticky lg:top-28 lg:self-start">
          {related.length > 0 ? (
            <nav aria-labelledby="related-topics" className="rounded-2xl border border-border bg-card p-6 shadow-card">
              <h2 id="related-topics" className="text-lg font-semibold tracking-tight">
                {SUPPORT_TOPICS_TEXT.related}
              </h2>
              <ul className="mt-4 grid gap-1">
                {related.map((r) => (
                  <li key={r.slug}>
                    <Link
                      to={supportTopicHref(r.slug)}
                      className="group -mx-2 flex items-start gap-2 rounded-lg px-2 py-2 text-sm transition-colors hover:bg-muted"
                    >
                      <ArrowRight
                        className="mt-0.5 size-4 shrink-0 text-accent-text transition-transform group-hover:translate-x-0.5"
                        aria-hidden="true"
                      />
                      <span className="font-medium">{r.title}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
          <div className="rounded-2xl bg-navy-950 p-6 text-white shadow-card dark:border dark:border-border">
            <MessageCircleQuestion className="size-6 text-gold-300" aria-hidden="true" />
            <h2 className="mt-3 text-lg font-semibold tracking-tight">Need more help?</h2>
            <p className="mt-2 text-sm leading-relaxed text-navy-200">
              Licensees can open a support ticket from their dashboard. Our team answers Monday to Friday, 9:00 AM to
              6:00 PM EST.
            </p>
            <div className="mt-5 grid gap-2">
              <Button asChild variant="gold">
                <Link to="/dashboard">
                  <LayoutDashboard aria-hidden="true" />
                  Go to your dashboard
                </Link>
              </Button>
              <Button asChild variant="outline-light">
                <Link to="/faq">Read the FAQ</Link>
              </Button>
            </div>
          </div>
        </aside>
      </div>
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-24 text-center sm:px-6">
      <p className="text-xs font-semibold tracking-[0.2em] text-accent-text uppercase">
        {notFound ? "Error 404" : "Error"}
      </p>
      <h1 className="mt-3 text-3xl font-bold tracking-tight sm:text-4xl">
        {notFound ? SUPPORT_TOPICS_TEXT.notFound : SUPPORT_TOPICS_TEXT.loadError(SUPPORT_TOPICS_TEXT.unavailable)}
      </h1>
      {notFound ? <p className="mt-4 text-lg text-muted-foreground">{SUPPORT_TOPICS_TEXT.notFoundHelp}</p> : null}
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <Button asChild size="lg">
          <Link to="/support-topics">
            <ArrowLeft aria-hidden="true" />
            All support topics
          </Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to="/faq">Read the FAQ</Link>
        </Button>
      </div>
    </section>
  );
}

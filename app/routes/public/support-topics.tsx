import { data, Link } from "react-router";
import { SearchForm } from "#app/components/blog/search-form.tsx";
import { PageHeader } from "#app/components/layout/page-header.tsx";
import { TopicCard } from "#app/components/support-topics/topic-card.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { SearchX } from "#app/components/ui/icons.tsx";
import { pageMeta } from "#app/lib/seo.ts";
import { parseTopicSearch, SUPPORT_TOPICS_TEXT } from "#kernel/content.ts";
import { CHANGE } from "#server/domain/changes.ts";
import { listSupportTopics } from "#server/domain/content/support-topics.ts";
import { cacheable } from "#server/web/page-cache.ts";
import { services } from "#server/web/route-kit.ts";
import type { Route } from "./+types/support-topics";

/** Cached for anonymous visitors, dropped by the writes that change what it shows (server/web/page-cache.ts). */
export const pageCache = cacheable({ keys: () => [CHANGE.supportTopics], query: ["q"] });

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: SUPPORT_TOPICS_TEXT.title,
    description: SUPPORT_TOPICS_TEXT.description,
    path: "/support-topics",
  });

/** Published topics matching ?q=, by category then title. A failed read is shown on the page (503). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const s = services(context);
  const q = parseTopicSearch(new URL(request.url).searchParams);
  try {
    const list = await listSupportTopics(s.db, { q });
    return { ...list, error: null };
  } catch (err) {
    s.logger.error({ err }, "support topics failed");
    return data(
      { q, total: 0, topics: [], error: SUPPORT_TOPICS_TEXT.loadError(SUPPORT_TOPICS_TEXT.unavailable) },
      { status: 503 },
    );
  }
}

export default function SupportTopics({ loaderData }: Route.ComponentProps) {
  const { q, total, topics, error } = loaderData;
  return (
    <>
      <PageHeader title={SUPPORT_TOPICS_TEXT.title} subtitle={SUPPORT_TOPICS_TEXT.subtitle}>
        <SearchForm
          action="/support-topics"
          q={q}
          id="topic-search"
          label={SUPPORT_TOPICS_TEXT.searchLabel}
          placeholder={SUPPORT_TOPICS_TEXT.searchPlaceholder}
        />
      </PageHeader>
      <div className="mx-auto w-full max-w-7xl px-4 pb-24 sm:px-6 lg:px-8">
        {error ? (
          <p role="alert" className="rounded-xl border border-destructive/40 bg-destructive/5 p-6 text-destructive">
            {error}
          </p>
        ) : topics.length === 0 ? (
          <div className="mx-auto flex max-w-xl flex-col items-center rounded-2xl border border-dashed border-border bg-subtle px-6 py-14 text-center">
            <span className="grid size-12 place-items-center rounded-full bg-muted text-muted-foreground">
              <SearchX className="size-6" aria-hidden="true" />
            </span>
            <p className="mt-4 text-lg font-semibold" role="status">
              {q ? SUPPORT_TOPICS_TEXT.noResults : SUPPORT_TOPICS_TEXT.noTopics}
            </p>
            {q ? (
              <>
                <p className="mt-2 text-muted-foreground">
                  Try a shorter word such as wallet, routing, profile or reserve.
                </p>
                <Button asChild variant="outline" className="mt-6">
                  <Link to="/support-topics">Show all topics</Link>
                </Button>
              </>
            ) : null}
          </div>
        ) : (
          <>
            <p className="mb-8 text-sm text-muted-foreground" role="status">
              {q
                ? `${total} ${total === 1 ? "topic matches" : "topics match"} “${q}”`
                : `${total} ${total === 1 ? "guide" : "guides"}, by category`}
            </p>
            <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3" aria-label="Support topics">
              {topics.map((topic) => (
                <li key={topic.slug}>
                  <TopicCard topic={topic} headingLevel="h2" />
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </>
  );
}

import { data, Link } from "react-router";
import { FaqAccordion } from "#app/components/faq/faq-accordion.tsx";
import { FaqFilters } from "#app/components/faq/faq-filters.tsx";
import { faqPageJsonLd } from "#app/components/faq/structured-data.ts";
import { PageHeader } from "#app/components/layout/page-header.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { ArrowRight, LifeBuoy, Newspaper } from "#app/components/ui/icons.tsx";
import { pageMeta } from "#app/lib/seo.ts";
import { FAQ_TEXT, parseFaqCategory } from "#kernel/content.ts";
import { CHANGE } from "#server/domain/changes.ts";
import { listFaq } from "#server/domain/content/faq.ts";
import { cacheable } from "#server/web/page-cache.ts";
import { services } from "#server/web/route-kit.ts";
import type { Route } from "./+types/faq";

/** Cached for anonymous visitors, dropped by the writes that change what it shows (server/web/page-cache.ts). */
export const pageCache = cacheable({ keys: () => [CHANGE.faq], query: ["category"] });

export const meta: Route.MetaFunction = (args) => {
  const items = args.loaderData?.items ?? [];
  return pageMeta(args, {
    title: FAQ_TEXT.title,
    description: FAQ_TEXT.description,
    path: "/faq",
    jsonLd: items.length > 0 ? faqPageJsonLd(items) : undefined,
  });
};

/** Published questions, optionally of one category (?category=). A failed read is shown on the page (503). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const s = services(context);
  const category = parseFaqCategory(new URL(request.url).searchParams);
  try {
    const page = await listFaq(s.db, { category });
    return { ...page, error: null };
  } catch (err) {
    s.logger.error({ err }, "faq page failed");
    return data(
      {
        categories: [] as string[],
        category: null,
        unknownCategory: false,
        items: [],
        error: FAQ_TEXT.loadError(FAQ_TEXT.unavailable),
      },
      { status: 503 },
    );
  }
}

export default function Faq({ loaderData }: Route.ComponentProps) {
  const { categories, category, items, error } = loaderData;
  return (
    <>
      <PageHeader title={FAQ_TEXT.title} subtitle={FAQ_TEXT.subtitle} />
      <div className="mx-auto grid w-full max-w-7xl gap-12 px-4 pb-24 sm:px-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:px-8">
        <div className="grid content-start gap-8">
          {error ? (
            <p role="alert" className="rounded-xl border border-destructive/40 bg-destructive/5 p-6 text-destructive">
              {error}
            </p>
          ) : (
            <>
              {categories.length > 0 ? <FaqFilters categories={categories} selected={category} /> : null}
              {items.length === 0 ? (
                <div className="rounded-2xl border border-dashed border-border bg-subtle px-6 py-12 text-center">
                  <p className="text-lg font-semibold" role="status">
                    {FAQ_TEXT.empty}
                  </p>
                  {categories.length > 0 ? (
                    <Button asChild variant="outline" className="mt-6">
                      <Link to="/faq">Show all questions</Link>
                    </Button>
                  ) : null}
                </div>
              ) : (
                <FaqAccordion items={items} showCategories={category === null} />
              )}
            </>
          )}
        </div>

        <aside aria-labelledby="faq-help-title" className="lg:sticky lg:top-28 lg:self-start">
          <div className="rounded-2xl border border-border bg-card p-6 shadow-card">
            <h2 id="faq-help-title" className="text-lg font-semibold tracking-tight">
              Still have questions?
            </h2>
            <p className="mt-2 text-sm leading-relaxed text-muted-foreground">
              Our guides walk through the licensee portal step by step, and the blog covers strategy and licensing in
              depth.
            </p>
            <ul className="mt-5 grid gap-2">
              <li>
                <Link
                  to="/support-topics"
                  className="group flex items-center gap-3 rounded-lg border border-border p-3 text-sm font-semibold transition-colors hover:border-gold-300 hover:bg-muted dark:hover:border-gold-600"
                >
                  <LifeBuoy className="size-5 text-accent-text" aria-hidden="true" />
                  Browse support topics
                  <ArrowRight
                    className="ml-auto size-4 text-muted-foreground transition-transform group-hover:translate-x-0.5"
                    aria-hidden="true"
                  />
                </Link>
              </li>
              <li>
                <Link
                  to="/blog"
                  className="group flex items-center gap-3 rounded-lg border border-border p-3 text-sm font-semibold transition-colors hover:border-gold-300 hover:bg-muted dark:hover:border-gold-600"
                >
                  <Newspaper className="size-5 text-accent-text" aria-hidden="true" />
                  Read our blog
                  <ArrowRight
                    className="ml-auto size-4 text-muted-foreground transition-transform group-hover:translate-x-0.5"
                    aria-hidden="true"
                  />
                </Link>
              </li>
            </ul>
          </div>
        </aside>
      </div>
    </>
  );
}

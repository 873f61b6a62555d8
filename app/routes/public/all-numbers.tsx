import { useMemo } from "react";
import { Form, Link, useNavigation } from "react-router";
import { useDelegatedLinks } from "#app/components/area/delegated-links.ts";
import { PageHeader } from "#app/components/layout/page-header.tsx";
import { packTerritories, TerritoryExplorer, unpackTerritories } from "#app/components/territories/index.ts";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Hash, Phone, Search } from "#app/components/ui/icons.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { pageMeta } from "#app/lib/seo.ts";
import type { FeaturedNumber, NumberContext, SearchResult } from "#kernel/catalogue.ts";
import { normalizeSearchQuery } from "#server/domain/catalogue/search.ts";
import {
  featured as featuredView,
  firstCodePickerPage,
  overviewTerritories,
  searchCatalog,
} from "#server/domain/read-models/catalogue-views.ts";
import { cacheable, shows } from "#server/web/page-cache.ts";
import { services } from "#server/web/route-kit.ts";
import type { Route } from "./+types/all-numbers";

/** Cached for anonymous visitors, dropped by the writes that change what it shows (server/web/page-cache.ts). */
export const pageCache = cacheable({ keys: () => shows.catalogOverview, query: ["q"] });

const ALL: NumberContext = { kind: "all" };

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Browse #Codes and Vanity Numbers",
    description:
      "Browse featured #Codes and vanity numbers, search by code, keyword, digits or area code, and see which territories are open.",
    path: "/all-numbers",
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const s = services(context);
  const q = normalizeSearchQuery(new URL(request.url).searchParams.get("q"));
  let featured: FeaturedNumber[] = [];
  let featuredError: string | null = null;
  try {
    featured = await featuredView(s.db);
  } catch (err) {
    s.logger.error({ err }, "featured numbers failed");
    featuredError = "the catalog is temporarily unavailable";
  }
  const results: SearchResult[] | null = q ? await searchCatalog(s.db, q) : null;
  // Each territory's overall status; a #Code's own statuses and the picker's pages are fetched as the visitor asks.
  const territories = packTerritories(await overviewTerritories(s.db));
  const codePicker = await firstCodePickerPage(s.db);
  return { q, featured, featuredError, results, territories, codePicker, publicUrl: s.config.publicUrl };
}

function resultHref(r: SearchResult): string {
  if (r.kind === "poundcode") return `/number/${r.slug}`;
  if (r.kind === "vanity") return `/number/${r.slug}`;
  return `/number/all-numbers/${r.slug}`;
}

function resultLabel(r: SearchResult): string {
  if (r.kind === "poundcode") return r.name;
  if (r.kind === "vanity") return r.numberText;
  return r.name;
}

const KIND_LABEL = { poundcode: "#Code", vanity: "Vanity number", territory: "Territory" } as const;

export default function AllNumbers({ loaderData }: Route.ComponentProps) {
  const { q, featured, featuredError, results, codePicker } = loaderData;
  // Packed in the loader (see packed.ts): the territories with every category's status were most of the page.
  const territories = useMemo(() => unpackTerritories(loaderData.territories), [loaderData.territories]);
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.location?.pathname === "/all-numbers";
  const followResult = useDelegatedLinks();
  return (
    <>
      <PageHeader
        title="Browse Numbers"
        subtitle="Exclusive #Codes and premium vanity numbers, licensed by territory."
      />
      <div className="mx-auto grid w-full max-w-7xl gap-14 px-4 pb-24 sm:px-6 lg:px-8">
        <section aria-labelledby="search-heading" className="grid gap-4">
          <h2 id="search-heading" className="text-2xl font-semibold tracking-tight">
            Search numbers
          </h2>
          <Form method="get" role="search" className="flex flex-col gap-3 sm:flex-row" preventScrollReset>
            <label htmlFor="number-search" className="sr-only">
              Search by #Code, keyword, digits, word, state or area code
            </label>
            <Input
              id="number-search"
              name="q"
              type="search"
              defaultValue={q}
              maxLength={64}
              placeholder="Try #4LAW, injury, LAW, 529, Texas or 305"
              className="h-12 text-base sm:flex-1"
            />
            <Button type="submit" size="lg" className="h-12" disabled={searching}>
              <Search aria-hidden className="size-4" />
              {searching ? "Searching…" : "Search"}
            </Button>
          </Form>
          {results ? (
            results.length === 0 ? (
              <p className="text-muted-foreground" role="status">
                No numbers or territories match “{q}”. Try a #Code (#HELP), a word (LAW), digits or an area code.
              </p>
            ) : (
              <div role="status" className="grid gap-2">
                <p className="text-sm text-muted-foreground">
                  {results.length} result{results.length === 1 ? "" : "s"} for “{q}”
                </p>
                {/* Plain links under one click handler (useDelegatedLinks): a page of results renders no <Link>. */}
                {/* biome-ignore lint/a11y/useKeyWithClickEvents: Enter on a link is a click on it; there is no key of the list's own */}
                <ul
                  className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3"
                  aria-label="Search results"
                  onClick={followResult}
                >
                  {results.map((r) => (
                    <li key={`${r.kind}-${r.id}`}>
                      <a
                        href={resultHref(r)}
                        data-discover="true"
                        className="flex h-full flex-col gap-1 rounded-lg border border-border bg-card p-4 transition hover:border-accent hover:shadow-sm"
                      >
                        <span className="flex items-center justify-between gap-2">
                          <span className="font-semibold">{resultLabel(r)}</span>
                          <Badge variant="outline">{KIND_LABEL[r.kind]}</Badge>
                        </span>
                        <span className="text-sm text-muted-foreground">{r.matched}</span>
                      </a>
                    </li>
                  ))}
                </ul>
              </div>
            )
          ) : null}
        </section>

        <section aria-labelledby="featured-heading" className="grid gap-4">
          <h2 id="featured-heading" className="text-2xl font-semibold tracking-tight">
            Featured numbers
          </h2>
          {featuredError ? (
            <p className="text-destructive">Error loading numbers: {featuredError}</p>
          ) : featured.length === 0 ? (
            <p className="text-muted-foreground">
              No featured numbers are currently listed. Please check back soon or contact us for specific availability.
            </p>
          ) : (
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
              {featured.map((f) => {
                const Icon = f.type === "poundcode" ? Hash : Phone;
                const body = (
                  <>
                    <span className="inline-flex size-10 items-center justify-center rounded-lg bg-primary/10 text-primary dark:bg-accent/15 dark:text-accent">
                      <Icon aria-hidden className="size-5" />
                    </span>
                    <span className="mt-3 block text-lg font-semibold tracking-tight">{f.numberText}</span>
                    {f.description ? (
                      <span className="mt-1 block text-sm text-muted-foreground">{f.description}</span>
                    ) : null}
                  </>
                );
                return (
                  <li key={f.id}>
                    {f.link ? (
                      <Link
                        to={f.link}
                        className="block h-full rounded-xl border border-border bg-card p-5 shadow-sm transition hover:-translate-y-0.5 hover:border-accent"
                      >
                        {body}
                      </Link>
                    ) : (
                      <div className="h-full rounded-xl border border-border bg-card p-5 shadow-sm">{body}</div>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
        </section>

        <section aria-labelledby="territories-heading" className="grid gap-6">
          <h2 id="territories-heading" className="text-2xl font-semibold tracking-tight">
            Territories
          </h2>
          <TerritoryExplorer
            territories={territories}
            context={ALL}
            codePicker={codePicker}
            reserveAction="/resources/reserve"
            waitlistAction="/resources/waitlist"
            // Below the search and the featured numbers: the first screen does not wait for the map's geometry.
            preloadMap={false}
          />
        </section>
      </div>
    </>
  );
}

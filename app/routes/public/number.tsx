import { useMemo } from "react";
import { data, isRouteErrorResponse, Link, useParams, useRouteError } from "react-router";
import { PageHeader } from "#app/components/layout/page-header.tsx";
import { packTerritories, TerritoryExplorer, unpackTerritories } from "#app/components/territories/index.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { Info } from "#app/components/ui/icons.tsx";
import { pageMeta } from "#app/lib/seo.ts";
import type { NumberContext } from "#kernel/catalogue.ts";
import { pageSubtitle, pageTitle } from "#server/domain/catalogue/numbers.ts";
import { CHANGE } from "#server/domain/changes.ts";
import {
  firstCodePickerPage,
  numberContent,
  numberContext,
  territoryIdBySlug,
  territoryViews,
} from "#server/domain/read-models/catalogue-views.ts";
import { cacheable, shows } from "#server/web/page-cache.ts";
import { throwAsRouteError } from "#server/web/respond.ts";
import { services } from "#server/web/route-kit.ts";
import type { Route } from "./+types/number";

/** Cached for anonymous visitors, dropped by the writes that change what it shows (server/web/page-cache.ts). */
export const pageCache = cacheable({
  // The number with its territories, and the site text every number page shows (its intro and note).
  keys: ({ params }) => [...shows.number(params.numberId ?? "", params.territorySlug), CHANGE.siteText],
});

export async function loader({ params, context }: Route.LoaderArgs) {
  const s = services(context);
  // Route parameters arrive decoded once by the router; decoding again would turn %2500 into NUL.
  const identifier = params.numberId.trim();
  // Read models kept until the catalogue (or the site text) changes: no query on a repeat visit.
  const ctx: NumberContext = await numberContext(s.db, identifier).catch(throwAsRouteError);
  const territories = await territoryViews(s.db, ctx);
  // The territory in the URL, selected on arrival; the page knows territories by their canonical slug (packed.ts).
  let initialSelectedId: string | null = null;
  if (params.territorySlug) {
    const id = await territoryIdBySlug(s.db, params.territorySlug);
    if (!id) throw data({ message: "Territory not found." }, { status: 404 });
    initialSelectedId = territories.find((t) => t.id === id)?.slug ?? null;
  }
  // The category section (pick a #Code) is only on the all-numbers page: a #Code's page reserves that #Code and a
  // vanity number's page that number.
  const codePicker = ctx.kind === "all" ? await firstCodePickerPage(s.db) : null;
  const content = await numberContent(s.db);
  return {
    context: ctx,
    title: pageTitle(ctx),
    subtitle: pageSubtitle(ctx),
    // Packed: as objects they were most of the page's HTML (see packed.ts).
    territories: packTerritories(territories),
    available: territories.filter((t) => t.mapStatus === "available").length,
    territoryCount: territories.length,
    codePicker,
    content,
    initialSelectedId,
    canonical: `${s.config.publicUrl}/number/${ctx.kind === "poundcode" ? ctx.slug : ctx.kind === "vanity" ? ctx.slug : "all-numbers"}`,
  };
}

export const meta: Route.MetaFunction = (args) => {
  const { loaderData, error } = args;
  if (!loaderData || error)
    return pageMeta(args, {
      title: "Number not found",
      description: "This number page does not exist.",
      path: args.location.pathname,
      noindex: true,
    });
  const { title, subtitle, context, canonical, available, territoryCount } = loaderData;
  const description =
    context.kind === "poundcode"
      ? `License ${title} exclusively in your state or region. ${available} of ${territoryCount} territories available now, priced by population.`
      : `${title}: ${subtitle}. See availability and pricing by territory.`;
  // The tab names the number and what it is; the description (up to 250 characters) stays in the description.
  const what =
    context.kind === "poundcode"
      ? "Exclusive #Code by Territory"
      : context.kind === "vanity"
        ? "Vanity Number by Territory"
        : null;
  return pageMeta(args, {
    title: what ? `${title} · ${what}` : title,
    description,
    path: new URL(canonical).pathname,
    jsonLd: {
      "@context": "https://schema.org",
      "@type": "Service",
      name: title,
      description,
      provider: { "@type": "Organization", name: "PoundCodes", telephone: "+1-800-580-1500" },
      areaServed: { "@type": "Country", name: "United States" },
      url: canonical,
    },
  });
};

const SECTIONS: Record<"poundcode" | "vanity" | "all", { title: string; body: string }[]> = {
  poundcode: [
    {
      title: "Dialed in two taps",
      body: "A #Code is typed on any mobile keypad and connects straight to your business: no area code, no seven digits to remember.",
    },
    {
      title: "Exclusive in your territory",
      body: "One licensee per category and territory. Competitors in your market can never advertise the same code.",
    },
    {
      title: "Built for advertising",
      body: "Radio, TV, billboards and podcasts: a code people recall after one hearing lifts call-through up to 2.5X versus classic vanity numbers.",
    },
  ],
  vanity: [
    {
      title: "A number that spells your business",
      body: "Premium vanity numbers are easy to say, easy to remember and easy to dial from any phone.",
    },
    {
      title: "Pair it with a #Code",
      body: "Combine a vanity number with an exclusive #Code in your territory to cover every way customers call.",
    },
    {
      title: "Turnkey routing",
      body: "Calls, texts and web-form leads are routed to your team, with call analytics in your portal.",
    },
  ],
  all: [
    {
      title: "Find open territories fast",
      body: "Green territories are open for every #Code; purple ones still have some categories available.",
    },
    {
      title: "Priced by population",
      body: "Every territory's monthly fee follows its Census 2020 population, with a $95.00 minimum.",
    },
    {
      title: "Reserve in a minute",
      body: "Reserve an available territory and our licensing team holds it for five business days while you decide.",
    },
  ],
};

export default function NumberPage({ loaderData }: Route.ComponentProps) {
  const { context, title, subtitle, codePicker, content, initialSelectedId } = loaderData;
  const territories = useMemo(() => unpackTerritories(loaderData.territories), [loaderData.territories]);
  const contextKey = context.kind === "poundcode" ? context.categoryId : context.kind === "vanity" ? context.id : "all";
  return (
    <>
      <PageHeader title={title} subtitle={subtitle} />
      <div className="mx-auto grid w-full max-w-7xl gap-12 px-4 pb-24 sm:px-6 lg:px-8">
        {content.intro || content.importantNote ? (
          <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
            {content.intro ? <p className="text-lg leading-relaxed text-muted-foreground">{content.intro}</p> : <div />}
            {content.importantNote ? (
              <Card className="border-accent/40">
                <CardHeader className="flex-row items-center gap-2">
                  <Info aria-hidden className="size-5 text-accent-text" />
                  <CardTitle as="h2" className="text-base">
                    Important Information
                  </CardTitle>
                </CardHeader>
                <CardContent className="text-sm leading-relaxed text-muted-foreground">
                  {content.importantNote}
                </CardContent>
              </Card>
            ) : null}
          </div>
        ) : null}

        <section aria-labelledby="availability-heading" className="grid gap-6">
          <h2 id="availability-heading" className="text-2xl font-semibold tracking-tight">
            Available Territories
          </h2>
          <TerritoryExplorer
            key={contextKey}
            territories={territories}
            context={context}
            codePicker={codePicker}
            initialSelectedId={initialSelectedId}
            reserveAction="/resources/reserve"
            waitlistAction="/resources/waitlist"
          />
        </section>

        <section aria-label="Why license with PoundCodes" className="grid gap-6 md:grid-cols-3">
          {SECTIONS[context.kind].map((sct) => (
            <div key={sct.title} className="rounded-xl border border-border bg-card p-6 shadow-sm">
              <h3 className="font-semibold tracking-tight">{sct.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{sct.body}</p>
            </div>
          ))}
        </section>
      </div>
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const fallbackId = useParams().numberId ?? "";
  const message =
    isRouteErrorResponse(error) && typeof error.data?.message === "string"
      ? error.data.message
      : `The requested number or Poundcode "${fallbackId}" could not be found.`;
  return (
    <>
      <PageHeader title="Error Loading Page" />
      <div className="mx-auto grid w-full max-w-2xl gap-6 px-4 pb-24 text-center sm:px-6">
        <p className="text-lg text-muted-foreground" data-testid="number-error">
          {message}
        </p>
        <div>
          <Button asChild>
            <Link to="/products-services">Back to Products &amp; Services</Link>
          </Button>
        </div>
      </div>
    </>
  );
}

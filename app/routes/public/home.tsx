import { useMemo } from "react";
import { BenefitCards } from "#app/components/home/benefit-cards.tsx";
import { FaqBlock } from "#app/components/home/faq-block.tsx";
import { GetInTouch } from "#app/components/home/get-in-touch.tsx";
import { GOLD_BAR_COUNT } from "#app/components/home/gold-bars.ts";
import { Hero } from "#app/components/home/hero.tsx";
import { NewsStrip } from "#app/components/home/news-strip.tsx";
import { HomeTerritoryMap, packMapTerritories, unpackMapTerritories } from "#app/components/territories/index.ts";
import { organizationJsonLd, pageMeta } from "#app/lib/seo.ts";
import { CHANGE } from "#server/domain/changes.ts";
import { homeFaq, homeTexts, latestPosts } from "#server/domain/content/home.ts";
import { overviewTerritories, poundCodes } from "#server/domain/read-models/catalogue-views.ts";
import { cacheable, shows } from "#server/web/page-cache.ts";
import { services } from "#server/web/route-kit.ts";
import type { Route } from "./+types/home";

/** Cached for anonymous visitors, dropped by the writes that change what it shows (server/web/page-cache.ts). */
export const pageCache = cacheable({
  keys: () => [...shows.catalogOverview, CHANGE.blog, CHANGE.faq, CHANGE.siteText],
});

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "#Codes and Vanity Numbers by Territory",
    description:
      "License memorable #Codes like #4LAW and premium vanity numbers, exclusively for your state or region and business category.",
    path: "/",
    jsonLd: args.loaderData ? organizationJsonLd(args.loaderData.publicUrl) : undefined,
  });

export async function loader({ context }: Route.LoaderArgs) {
  const s = services(context);
  // The home map shows each territory's overall status and base price; the rest stays on the server (packed.ts).
  const territories = packMapTerritories(await overviewTerritories(s.db));
  // The hero's gold bars are stamped with the catalog's own #Codes: the first five, not the whole catalog.
  const codes = (await poundCodes(s.db)).slice(0, GOLD_BAR_COUNT).map((c) => c.name);
  const posts = await latestPosts(s.db);
  const faq = await homeFaq(s.db);
  const texts = await homeTexts(s.db);
  return { territories, codes, posts, faq, texts, publicUrl: s.config.publicUrl };
}

const popupUrl = (territorySlug: string) => `/resources/territory-popup/${territorySlug}`;

export default function Home({ loaderData }: Route.ComponentProps) {
  const territories = useMemo(() => unpackMapTerritories(loaderData.territories), [loaderData.territories]);
  return (
    <>
      <Hero codes={loaderData.codes} title={loaderData.texts.heroTitle} subtitle={loaderData.texts.heroSubtitle} />
      <BenefitCards />
      <HomeTerritoryMap territories={territories} popupUrl={popupUrl} />
      <NewsStrip posts={loaderData.posts} />
      <FaqBlock items={loaderData.faq} />
      <GetInTouch intro={loaderData.texts.getInTouchIntro} />
    </>
  );
}

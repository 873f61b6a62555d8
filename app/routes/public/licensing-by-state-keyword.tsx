import { LicensingByStateKeywordPage } from "#app/components/marketing/licensing-by-state-keyword-page.tsx";
import { pageMeta } from "#app/lib/seo.ts";
import { keywordExplainer } from "#server/domain/licensing/explainers.ts";
import { cacheable, shows } from "#server/web/page-cache.ts";
import { services } from "#server/web/route-kit.ts";
import type { Route } from "./+types/licensing-by-state-keyword";

/** Cached for anonymous visitors, dropped by the writes that change what it shows (server/web/page-cache.ts). */
export const pageCache = cacheable({ keys: () => shows.catalogOverview });

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Licensing by State & Keyword",
    description:
      "License keyword groups and special pricing keywords in your territory, priced as multiples of its fee, with live prices and a worked example.",
    path: "/licensing/by-state-keyword",
  });

export async function loader({ context }: Route.LoaderArgs) {
  return { explainer: await keywordExplainer(services(context).db) };
}

export default function LicensingByStateKeyword({ loaderData }: Route.ComponentProps) {
  return <LicensingByStateKeywordPage explainer={loaderData.explainer} />;
}

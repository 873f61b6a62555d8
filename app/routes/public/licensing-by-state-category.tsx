import { LicensingByStateCategoryPage } from "#app/components/marketing/licensing-by-state-category-page.tsx";
import { pageMeta } from "#app/lib/seo.ts";
import { categoryExplainer } from "#server/domain/licensing/explainers.ts";
import { cacheable, shows } from "#server/web/page-cache.ts";
import { services } from "#server/web/route-kit.ts";
import type { Route } from "./+types/licensing-by-state-category";

/** Cached for anonymous visitors, dropped by the writes that change what it shows (server/web/page-cache.ts). */
export const pageCache = cacheable({ keys: () => shows.catalogOverview });

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Licensing by State & Category",
    description:
      "License one #Code in one territory, exclusively. See what every #Code costs in a territory today and how its price is built.",
    path: "/licensing/by-state-category",
  });

export async function loader({ context }: Route.LoaderArgs) {
  return { explainer: await categoryExplainer(services(context).db) };
}

export default function LicensingByStateCategory({ loaderData }: Route.ComponentProps) {
  return <LicensingByStateCategoryPage explainer={loaderData.explainer} />;
}

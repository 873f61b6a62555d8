import { LicensingByStatePage } from "#app/components/marketing/licensing-by-state-page.tsx";
import { pageMeta } from "#app/lib/seo.ts";
import { stateExplainer } from "#server/domain/licensing/explainers.ts";
import { cacheable, shows } from "#server/web/page-cache.ts";
import { services } from "#server/web/route-kit.ts";
import type { Route } from "./+types/licensing-by-state";

/** Cached for anonymous visitors, dropped by the writes that change what it shows (server/web/page-cache.ts). */
export const pageCache = cacheable({ keys: () => shows.catalogOverview });

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Licensing by State",
    description:
      "License a whole state or a portion of one, exclusively, priced by population. Live prices, a worked example and the adjacent-territory option.",
    path: "/licensing/by-state",
  });

export async function loader({ context }: Route.LoaderArgs) {
  return { explainer: await stateExplainer(services(context).db) };
}

export default function LicensingByState({ loaderData }: Route.ComponentProps) {
  return <LicensingByStatePage explainer={loaderData.explainer} />;
}

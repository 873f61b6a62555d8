import { AgencyPage } from "#app/components/marketing/agency-page.tsx";
import { pageMeta } from "#app/lib/seo.ts";
import { COMPANY_FACTS } from "#kernel/schemas/company.ts";
import { cacheable } from "#server/web/page-cache.ts";
import type { Route } from "./+types/marketing-agency";

/** Cached for anonymous visitors, dropped by the writes that change what it shows (server/web/page-cache.ts). */
export const pageCache = cacheable();

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Marketing Agency",
    description: `The PoundCodes Marketing Agency: creative, media buying, search and reporting built around your #Code, from a team with ${COMPANY_FACTS.yearsInMarketing} years in marketing.`,
    path: "/marketing-agency",
  });

export default function MarketingAgency() {
  return <AgencyPage />;
}

import { TeamPage } from "#app/components/marketing/team-page.tsx";
import { pageMeta } from "#app/lib/seo.ts";
import { cacheable } from "#server/web/page-cache.ts";
import type { Route } from "./+types/team";

/** Cached for anonymous visitors, dropped by the writes that change what it shows (server/web/page-cache.ts). */
export const pageCache = cacheable();

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Our Team",
    description:
      "Meet the PoundCodes team: leadership, licensing advisors, the marketing agency and customer success, working for more calls for our licensees.",
    path: "/team",
  });

export default function Team() {
  return <TeamPage />;
}

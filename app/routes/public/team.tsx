import { TeamPage } from "#app/components/marketing/team-page.tsx";
import { pageMeta } from "#app/lib/seo.ts";
import type { Route } from "./+types/team";

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

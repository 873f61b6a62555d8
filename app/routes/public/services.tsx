import { ServicesPage } from "#app/components/marketing/services-page.tsx";
import { pageMeta } from "#app/lib/seo.ts";
import { cacheable } from "#server/web/page-cache.ts";
import type { Route } from "./+types/services";

/** Cached for anonymous visitors, dropped by the writes that change what it shows (server/web/page-cache.ts). */
export const pageCache = cacheable();

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Services",
    description:
      "Priority Services with a named account manager, CRM integration for every call, text and form lead, and Instant Caller Data Enrich.",
    path: "/services",
  });

export default function Services() {
  return <ServicesPage />;
}

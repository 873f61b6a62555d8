import { PhilanthropyPage } from "#app/components/marketing/philanthropy-page.tsx";
import { pageMeta } from "#app/lib/seo.ts";
import { cacheable } from "#server/web/page-cache.ts";
import type { Route } from "./+types/philanthropy";

/** Cached for anonymous visitors, dropped by the writes that change what it shows (server/web/page-cache.ts). */
export const pageCache = cacheable();

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Philanthropy",
    description:
      "PoundCodes Philanthropy gives memorable numbers, pro bono campaigns and volunteer time to non-profits. See who can apply and how.",
    path: "/philanthropy",
  });

export default function Philanthropy() {
  return <PhilanthropyPage />;
}

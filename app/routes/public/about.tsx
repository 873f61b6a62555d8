import { AboutPage } from "#app/components/marketing/about-page.tsx";
import { pageMeta } from "#app/lib/seo.ts";
import { cacheable } from "#server/web/page-cache.ts";
import type { Route } from "./+types/about";

/** Cached for anonymous visitors, dropped by the writes that change what it shows (server/web/page-cache.ts). */
export const pageCache = cacheable();

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "About Us",
    description:
      "PoundCodes licenses the most memorable phone numbers in America. Our mission, our values of Innovation, Customer Centricity, Excellence and Integrity, and our leadership.",
    path: "/about",
  });

export default function About() {
  return <AboutPage />;
}

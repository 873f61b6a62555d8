import { AboutPage } from "#app/components/marketing/about-page.tsx";
import { pageMeta } from "#app/lib/seo.ts";
import type { Route } from "./+types/about";

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

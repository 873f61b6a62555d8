import {
  AlertsSection,
  BadgesSection,
  ButtonsSection,
  CardsSection,
  ColoursSection,
  DataTableSection,
  FormsSection,
  OverlaysSection,
  SectionNav,
  TableSection,
  TypographySection,
} from "#app/components/design-system/index.ts";
import { PageHeader } from "#app/components/layout/page-header.tsx";
import { pageMeta } from "#app/lib/seo.ts";
import { cacheable } from "#server/web/page-cache.ts";
import type { Route } from "./+types/theme-showcase";

/** Cached for anonymous visitors, dropped by the writes that change what it shows (server/web/page-cache.ts). */
export const pageCache = cacheable();

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Design System",
    description: "Colors, type, components and states of the PoundCodes interface.",
    path: "/theme-showcase",
    noindex: true,
  });

/** The design system's documentation: every token and component in the current theme. */
export default function ThemeShowcase() {
  return (
    <>
      <PageHeader
        title="Design System"
        subtitle="The colors, type and components that make up PoundCodes, in the current theme. Switch themes from the header to compare."
      >
        <SectionNav />
      </PageHeader>

      <div className="mx-auto max-w-7xl divide-y divide-border px-4 py-14 sm:px-6 lg:px-8 lg:py-20">
        <ColoursSection />
        <TypographySection />
        <ButtonsSection />
        <FormsSection />
        <BadgesSection />
        <CardsSection />
        <OverlaysSection />
        <TableSection />
        <DataTableSection />
        <AlertsSection />
      </div>
    </>
  );
}

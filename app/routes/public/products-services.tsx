import { ProductsServicesPage } from "#app/components/marketing/products-services-page.tsx";
import { pageMeta } from "#app/lib/seo.ts";
import { CHANGE } from "#server/domain/changes.ts";
import { poundCodes } from "#server/domain/read-models/catalogue-views.ts";
import { cacheable } from "#server/web/page-cache.ts";
import { services } from "#server/web/route-kit.ts";
import type { Route } from "./+types/products-services";

/** How many #Codes the page names before linking to the rest. */
const PRODUCT_CODES_SHOWN = 12;

/** Cached for anonymous visitors, dropped by the writes that change what it shows (server/web/page-cache.ts). */
export const pageCache = cacheable({ keys: () => [CHANGE.catalog] });

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Products & Services",
    description:
      "Exclusive #Codes like #4LAW, premium vanity numbers, call analytics, landing pages, CRM integration and add-ons, licensed by territory.",
    path: "/products-services",
  });

export async function loader({ context }: Route.LoaderArgs) {
  const s = services(context);
  // The #Code chips are a convenience: the page still serves its copy when the catalogue cannot be read.
  const codes = await poundCodes(s.db).catch((err: unknown) => {
    s.logger.error({ err }, "products page: #Codes could not be read");
    return [];
  });
  // A sample, not the catalog: the rest are a link away on /all-numbers, searchable there.
  return {
    codes: codes.slice(0, PRODUCT_CODES_SHOWN).map((c) => ({ name: c.name, slug: c.slug })),
    moreCodes: Math.max(0, codes.length - PRODUCT_CODES_SHOWN),
  };
}

export default function ProductsServices({ loaderData }: Route.ComponentProps) {
  return <ProductsServicesPage codes={loaderData.codes} moreCodes={loaderData.moreCodes} />;
}

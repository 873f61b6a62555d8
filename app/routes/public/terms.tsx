import { LegalPage, legalJsonLd } from "#app/components/legal/legal-page.tsx";
import { TERMS_OF_SERVICE as doc } from "#app/components/legal/terms.ts";
import { pageMeta } from "#app/lib/seo.ts";
import { cacheable } from "#server/web/page-cache.ts";
import type { Route } from "./+types/terms";

/** Cached for anonymous visitors, dropped by the writes that change what it shows (server/web/page-cache.ts). */
export const pageCache = cacheable();

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: doc.title, description: doc.description, path: doc.path, jsonLd: legalJsonLd(doc) });

export default function Terms() {
  return <LegalPage doc={doc} />;
}

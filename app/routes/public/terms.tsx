import { LegalPage, legalJsonLd } from "#app/components/legal/legal-page.tsx";
import { TERMS_OF_SERVICE as doc } from "#app/components/legal/terms.ts";
import { pageMeta } from "#app/lib/seo.ts";
import type { Route } from "./+types/terms";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: doc.title, description: doc.description, path: doc.path, jsonLd: legalJsonLd(doc) });

export default function Terms() {
  return <LegalPage doc={doc} />;
}

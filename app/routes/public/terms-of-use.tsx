import { LegalPage, legalJsonLd } from "#app/components/legal/legal-page.tsx";
import { TERMS_OF_USE as doc } from "#app/components/legal/terms-of-use.ts";
import { pageMeta } from "#app/lib/seo.ts";
import type { Route } from "./+types/terms-of-use";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: doc.title, description: doc.description, path: doc.path, jsonLd: legalJsonLd(doc) });

export default function TermsOfUse() {
  return <LegalPage doc={doc} />;
}

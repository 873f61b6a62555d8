import { PbxPage } from "#app/components/marketing/pbx-page.tsx";
import { pageMeta } from "#app/lib/seo.ts";
import { cacheable } from "#server/web/page-cache.ts";
import type { Route } from "./+types/virtual-pbx-features";

/** Cached for anonymous visitors, dropped by the writes that change what it shows (server/web/page-cache.ts). */
export const pageCache = cacheable();

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Virtual PBX Features",
    description:
      "Auto attendant, business-hours routing, ring groups, call whisper, voicemail to email, texting and analytics behind every #Code and vanity number.",
    path: "/virtual-pbx-features",
  });

export default function VirtualPbxFeatures() {
  return <PbxPage />;
}

import { PRIVACY_PATH, PrivacyPage } from "#app/components/legal/privacy-page.tsx";
import { pageMeta } from "#app/lib/seo.ts";
import { CHANGE } from "#server/domain/changes.ts";
import { privacyPolicy } from "#server/domain/content/privacy.ts";
import { cacheable } from "#server/web/page-cache.ts";
import { services } from "#server/web/route-kit.ts";
import type { Route } from "./+types/privacy";

/** Cached for anonymous visitors, dropped by the writes that change what it shows (server/web/page-cache.ts). */
export const pageCache = cacheable({ keys: () => [CHANGE.siteText] });

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Privacy Policy",
    description: "How PoundCodes collects, uses, shares and protects information about website visitors and licensees.",
    path: PRIVACY_PATH,
  });

export async function loader({ context }: Route.LoaderArgs) {
  const s = services(context);
  // The sections are editable content; when they cannot be read the page shows the built-in policy instead.
  const policy = await privacyPolicy(s.db, {
    onError: (err) => s.logger.error({ err }, "privacy policy content could not be read; showing the built-in text"),
  });
  return { policy };
}

export default function Privacy({ loaderData }: Route.ComponentProps) {
  return <PrivacyPage policy={loaderData.policy} />;
}

/**
 * /admin/licences and /admin/licences/:licenseId: the license screens' old addresses, moved for good (301) to
 * /admin/licenses and /admin/licenses/:licenseId with the query kept, so bookmarks and links in old emails still
 * arrive. They sit under the admin layout like every /admin route: the guard runs first.
 */
import { redirect } from "react-router";
import type { Route } from "./+types/license-redirects";

/** Where an old address now lives: the same screen under /admin/licenses, with the same query. */
export function movedTo(url: URL, licenseId: string | undefined): string {
  const path = licenseId ? `/admin/licenses/${encodeURIComponent(licenseId)}` : "/admin/licenses";
  return `${path}${url.search}`;
}

export function loader({ request, params }: Route.LoaderArgs) {
  return redirect(movedTo(new URL(request.url), params.licenseId), 301);
}

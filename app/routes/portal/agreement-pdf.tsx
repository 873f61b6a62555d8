import { redirect } from "react-router";
import { areaUser } from "#server/auth/guards.ts";
import { assertAgreementVisible } from "#server/domain/agreements/agreements.ts";
import { documentLinkPath } from "#server/domain/agreements/links.ts";
import { throwAsRouteError } from "#server/web/respond.ts";
import { actorFor, services } from "#server/web/route-kit.ts";
import type { Route } from "./+types/agreement-pdf";

/**
 * A stable address for "Open the PDF": checks the agreement is the caller's (or the caller is an administrator)
 * and redirects to a fresh short-lived signed link, so a page left open for a while still opens its PDF.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = areaUser(context);
  const s = services(context);
  await assertAgreementVisible(s.db, actorFor(user, context), params.agreementId).catch(throwAsRouteError);
  const download = new URL(request.url).searchParams.get("download") === "1";
  return redirect(
    documentLinkPath(s.config.authSecret, { agreementId: params.agreementId, userId: user.id, download }),
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

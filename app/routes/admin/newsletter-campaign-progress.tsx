import { areaUser } from "#server/auth/guards.ts";
import { campaignProgress } from "#server/domain/newsletter/admin.ts";
import { jsonRefusal } from "#server/web/respond.ts";
import { actorFor, services } from "#server/web/route-kit.ts";
import type { Route } from "./+types/newsletter-campaign-progress";

/** `{ progress }` of one campaign, polled by its open page while it sends; one small read, 404 for no campaign. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const actor = actorFor(areaUser(context), context);
  try {
    const progress = await campaignProgress(services(context).db, actor, params.campaignId);
    return Response.json({ progress }, { headers: { "Cache-Control": "private, no-store" } });
  } catch (err) {
    return jsonRefusal(err);
  }
}

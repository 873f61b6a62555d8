import { areaUser } from "#server/auth/guards.ts";
import { myTicketVersion } from "#server/domain/support/tickets.ts";
import { jsonRefusal } from "#server/web/respond.ts";
import { actorFor, services } from "#server/web/route-kit.ts";
import type { Route } from "./+types/support-ticket-updates";

/**
 * `{ version }` of one of the signed-in user's tickets: the open thread polls it and reloads only when it changed.
 * One small read; someone else's ticket (or none) answers 404.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const actor = actorFor(areaUser(context), context);
  try {
    const version = await myTicketVersion(services(context).db, actor, params.ticketId);
    return Response.json({ version }, { headers: { "Cache-Control": "private, no-store" } });
  } catch (err) {
    return jsonRefusal(err);
  }
}

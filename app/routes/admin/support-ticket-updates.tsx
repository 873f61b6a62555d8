import { areaUser } from "#server/auth/guards.ts";
import { adminTicketVersion } from "#server/domain/support/admin.ts";
import { jsonRefusal } from "#server/web/respond.ts";
import { actorFor, services } from "#server/web/route-kit.ts";
import type { Route } from "./+types/support-ticket-updates";

/** `{ version }` of any ticket, polled by an administrator's open thread; one small read, 404 for no ticket. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const actor = actorFor(areaUser(context), context);
  try {
    const version = await adminTicketVersion(services(context).db, actor, params.ticketId);
    return Response.json({ version }, { headers: { "Cache-Control": "private, no-store" } });
  } catch (err) {
    return jsonRefusal(err);
  }
}

/**
 * /dashboard/submissions/export.csv: the caller's own leads that the list's search and status filter show, as a
 * CSV download (formula-like cells neutralised, server/domain/crm/csv.ts), behind the portal layout's guard.
 */
import { z } from "zod";
import { LEAD_STATUSES } from "#kernel/enums.ts";
import { areaUser } from "#server/auth/guards.ts";
import { exportOwnSubmissions } from "#server/domain/submissions/submissions.ts";
import { csvDownload, throwAsRouteError } from "#server/web/respond.ts";
import { actorFor, services } from "#server/web/route-kit.ts";
import type { Route } from "./+types/submissions-export";

const filters = z.object({
  q: z.string().max(200).optional().catch(undefined),
  status: z.enum(LEAD_STATUSES).optional().catch(undefined),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const s = services(context);
  const params = filters.parse(Object.fromEntries(new URL(request.url).searchParams));
  const { csv, filename } = await exportOwnSubmissions(s.db, actorFor(areaUser(context), context), params).catch(
    throwAsRouteError,
  );
  return csvDownload(csv, filename);
}

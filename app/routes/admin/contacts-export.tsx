/**
 * /admin/contacts/export.csv: the contacts the list shows (its search, status filter and sort; every page) as a
 * CSV download, behind the admin layout's guard and the domain's own check. The file is built in memory and
 * bounded (server/domain/crm/contacts-admin.ts); when more contacts match than one export may hold, the
 * administrator is sent back to the list with the reason.
 *
 * The body starts with a UTF-8 byte-order mark so spreadsheet programs read names with accents correctly; cells
 * that a spreadsheet would run as formulas are neutralised (server/domain/crm/csv.ts).
 */
import { CONTACT_LIST } from "#kernel/schemas/contacts-admin.ts";
import { areaUser } from "#server/auth/guards.ts";
import { ExportTooLargeError, exportContacts } from "#server/domain/crm/contacts-admin.ts";
import { redirectWithToast } from "#server/web/flash.ts";
import { csvDownload, throwAsRouteError } from "#server/web/respond.ts";
import { actorFor, services } from "#server/web/route-kit.ts";
import type { Route } from "./+types/contacts-export";

export async function loader({ request, context }: Route.LoaderArgs) {
  const s = services(context);
  const query = CONTACT_LIST.parse(new URL(request.url).searchParams);
  try {
    const { csv, filename } = await exportContacts(s.db, actorFor(areaUser(context), context), query);
    return csvDownload(csv, filename);
  } catch (err) {
    if (err instanceof ExportTooLargeError) {
      return redirectWithToast(s.config, `/admin/contacts${CONTACT_LIST.href(query, { page: 1 })}`, {
        type: "error",
        title: err.title,
        description: err.message,
      });
    }
    return throwAsRouteError(err);
  }
}

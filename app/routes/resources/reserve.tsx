import { redirect } from "react-router";
import { RESERVATION_SUCCESS, reservationSchema } from "#kernel/schemas/reservation.ts";
import { reserveTerritory } from "#server/domain/reservations/reservations.ts";
import { redirectWithToast } from "#server/web/flash.ts";
import { formAction } from "#server/web/route-kit.ts";
import type { Route } from "./+types/reserve";

export const action = (args: Route.ActionArgs) =>
  formAction(args, {
    schema: reservationSchema,
    publicForm: "reserve",
    refusals: "toast",
    run: async (value, { s, actor, idempotencyKey }) => {
      const r = await reserveTerritory(s.db, actor, value, {
        idempotencyKey,
        salesEmail: s.config.salesEmail,
        publicUrl: s.config.publicUrl,
        linkSecret: s.config.authSecret,
        approval: s.config.licenseApproval,
      });
      // Approved at once (a verified account's own hold, LICENSE_APPROVAL=auto): on to the order, whose next step is
      // the agreement. A redirect answers the dialog's fetcher and a plain form post alike.
      if (r.approved) {
        return redirectWithToast(s.config, r.orderPath, {
          type: "success",
          title: RESERVATION_SUCCESS.title,
          description: `${r.territoryName} is reserved for ${r.categoryName}. ${RESERVATION_SUCCESS.approvedMessage}`,
        });
      }
      return {
        ok: true as const,
        status: "negotiations" as const,
        territoryId: value.territoryId,
        categoryId: value.categoryId ?? "",
        vanityNumberId: value.vanityNumberId ?? "",
        reservationId: r.reservationId,
        title: RESERVATION_SUCCESS.title,
        confirmed: r.confirmed,
        message: `${r.territoryName} is reserved for ${r.categoryName}. ${r.confirmed ? RESERVATION_SUCCESS.message : RESERVATION_SUCCESS.unconfirmedMessage}`,
      };
    },
  });

export function loader() {
  return redirect("/all-numbers");
}

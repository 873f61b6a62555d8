import { redirect } from "react-router";
import { RESERVATION_SUCCESS, reservationSchema } from "#kernel/schemas/reservation.ts";
import { reserveTerritory } from "#server/domain/reservations/reservations.ts";
import { formAction } from "#server/web/route-kit.ts";
import type { Route } from "./+types/reserve";

export const action = (args: Route.ActionArgs) =>
  formAction(args, {
    schema: reservationSchema,
    publicForm: "reserve",
    refusals: "toast",
    run: async (value, { s, actor }) => {
      const r = await reserveTerritory(s.db, actor, value, {
        salesEmail: s.config.salesEmail,
        publicUrl: s.config.publicUrl,
        linkSecret: s.config.authSecret,
        approval: s.config.licenseApproval,
      });
      return {
        ok: true as const,
        status: "negotiations" as const,
        territoryId: value.territoryId,
        categoryId: value.categoryId ?? "",
        vanityNumberId: value.vanityNumberId ?? "",
        reservationId: r.reservationId,
        title: RESERVATION_SUCCESS.title,
        confirmed: r.confirmed,
        approved: r.approved,
        orderPath: r.orderPath,
        message: `${r.territoryName} is reserved for ${r.categoryName}. ${
          r.approved
            ? RESERVATION_SUCCESS.approvedMessage
            : r.confirmed
              ? RESERVATION_SUCCESS.message
              : RESERVATION_SUCCESS.unconfirmedMessage
        }`,
      };
    },
  });

export function loader() {
  return redirect("/all-numbers");
}

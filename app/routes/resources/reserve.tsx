import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { RESERVATION_SUCCESS, reservationSchema } from "#kernel/schemas/reservation.ts";
import { getUser, services } from "#server/auth/guards.ts";
import { reserveTerritory } from "#server/domain/reservations/reservations.ts";
import { clientIp, readForm } from "#server/web/forms.ts";
import { guardPublicForm } from "#server/web/public-forms.ts";
import { reservationErrorResponse } from "#server/web/reservation-responses.ts";
import type { Route } from "./+types/reserve";

export async function action({ request, context }: Route.ActionArgs) {
  const s = services(context);
  const form = await readForm(request);
  const rejected = await guardPublicForm(s, context, form, "reserve");
  if (rejected) return data(rejected, { status: rejected.status });

  const submission = parseWithZod(form, { schema: reservationSchema });
  if (submission.status !== "success") {
    return data({ ok: false as const, result: submission.reply() }, { status: 400 });
  }
  const user = await getUser(context, request);
  try {
    const r = await reserveTerritory(s.db, { userId: user?.id ?? null, ip: clientIp(context) }, submission.value, {
      salesEmail: s.config.salesEmail,
    });
    s.mail.kick();
    return {
      ok: true as const,
      status: "negotiations" as const,
      territoryId: submission.value.territoryId,
      categoryId: submission.value.categoryId ?? "",
      reservationId: r.reservationId,
      title: RESERVATION_SUCCESS.title,
      message: `${r.territoryName} is reserved for ${r.categoryName}. ${RESERVATION_SUCCESS.message}`,
    };
  } catch (err) {
    return reservationErrorResponse(err, submission);
  }
}

export function loader() {
  return redirect("/all-numbers");
}

import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { WAITLIST_ALREADY_JOINED, WAITLIST_SUCCESS, waitlistSchema } from "#kernel/schemas/reservation.ts";
import { services } from "#server/auth/guards.ts";
import { joinWaitlist } from "#server/domain/waitlist/waitlist.ts";
import { readForm } from "#server/web/forms.ts";
import { guardPublicForm } from "#server/web/public-forms.ts";
import { reservationErrorResponse } from "#server/web/reservation-responses.ts";
import type { Route } from "./+types/waitlist";

export async function action({ request, context }: Route.ActionArgs) {
  const s = services(context);
  const form = await readForm(request);
  const rejected = await guardPublicForm(s, context, form, "waitlist");
  if (rejected) return data(rejected, { status: rejected.status });

  const submission = parseWithZod(form, { schema: waitlistSchema });
  if (submission.status !== "success") {
    return data({ ok: false as const, result: submission.reply() }, { status: 400 });
  }
  try {
    const r = await joinWaitlist(s.db, submission.value);
    s.mail.kick();
    const text = r.alreadyJoined ? WAITLIST_ALREADY_JOINED : WAITLIST_SUCCESS;
    return { ok: true as const, alreadyJoined: r.alreadyJoined, title: text.title, message: text.message };
  } catch (err) {
    return reservationErrorResponse(err, submission);
  }
}

export function loader() {
  return redirect("/all-numbers");
}

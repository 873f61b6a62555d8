import { redirect } from "react-router";
import { WAITLIST_SUCCESS, waitlistSchema } from "#kernel/schemas/reservation.ts";
import { joinWaitlist } from "#server/domain/waitlist/waitlist.ts";
import { formAction } from "#server/web/route-kit.ts";
import type { Route } from "./+types/waitlist";

export const action = (args: Route.ActionArgs) =>
  formAction(args, {
    schema: waitlistSchema,
    publicForm: "waitlist",
    refusals: "toast",
    run: async (value, { s, actor, idempotencyKey }) => {
      // A repeat join answers exactly like a first one, so the answer never tells who is on a waitlist.
      await joinWaitlist(s.db, actor, value, { idempotencyKey });
      return { ok: true as const, title: WAITLIST_SUCCESS.title, message: WAITLIST_SUCCESS.message };
    },
  });

export function loader() {
  return redirect("/all-numbers");
}

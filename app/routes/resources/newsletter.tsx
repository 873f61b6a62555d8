import { redirect } from "react-router";
import { safeRedirect } from "#kernel/schemas/auth.ts";
import { NEWSLETTER_CHECK_INBOX, NEWSLETTER_FAILED_TITLE, newsletterSignupSchema } from "#kernel/schemas/newsletter.ts";
import { requestSubscription } from "#server/domain/newsletter/newsletter.ts";
import { redirectWithToast } from "#server/web/flash.ts";
import { readForm } from "#server/web/forms.ts";
import { formAction, services } from "#server/web/route-kit.ts";
import type { Route } from "./+types/newsletter";

/** Back to the page the form was on, at the sign-up form (its own anchor, else #newsletter). */
function backTo(redirectTo: FormDataEntryValue | null): string | null {
  if (typeof redirectTo !== "string" || redirectTo === "") return null;
  const path = safeRedirect(redirectTo, "/");
  const anchor = /#[A-Za-z][\w-]{0,63}$/.exec(path)?.[0] ?? "#newsletter";
  return `${path.replace(/#.*$/, "")}${anchor}`;
}

/**
 * The footer's newsletter sign-up. With JavaScript the form posts in place and gets the route kit's answer as data;
 * without, it carries `redirectTo` and every answer, success or refusal, goes back to that page as a flash toast.
 * The answer is the same for every accepted address, subscribed or not.
 */
export async function action(args: Route.ActionArgs) {
  const back = backTo((await readForm(args.request.clone())).get("redirectTo"));
  const answer = await formAction(args, {
    schema: newsletterSignupSchema,
    publicForm: "newsletter",
    refusals: "toast",
    run: async (value, { s, actor, idempotencyKey }) => {
      await requestSubscription(s.db, actor, value, { publicUrl: s.config.publicUrl, idempotencyKey });
      const ok = { title: NEWSLETTER_CHECK_INBOX.title, message: NEWSLETTER_CHECK_INBOX.message };
      if (back) return redirectWithToast(s.config, back, { type: "success", title: ok.title, description: ok.message });
      return { ok: true as const, ...ok };
    },
  });
  if (!back || answer instanceof Response) return answer;
  const refused = (answer as { data?: { ok?: boolean; message?: string } }).data;
  if (refused?.ok !== false) return answer;
  return redirectWithToast(services(args.context).config, back, {
    type: "error",
    title: NEWSLETTER_FAILED_TITLE,
    description: refused.message ?? "Please check your email address and try again.",
  });
}

export function loader() {
  return redirect("/");
}

import { Form, useNavigation } from "react-router";
import { NewsletterLinkPage } from "#app/components/newsletter/newsletter-link-page.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { MailCheck } from "#app/components/ui/icons.tsx";
import { pageMeta } from "#app/lib/seo.ts";
import {
  NEWSLETTER_CONFIRM_LINK_INVALID,
  NEWSLETTER_CONFIRMED,
  newsletterConfirmSchema,
} from "#kernel/schemas/newsletter.ts";
import { confirmSubscription, peekConfirmation } from "#server/domain/newsletter/newsletter.ts";
import { formAction, services } from "#server/web/route-kit.ts";
import type { Route } from "./+types/newsletter-confirm";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Confirm Your Subscription",
    description: "Confirm your subscription to the PoundCodes newsletter.",
    path: "/newsletter/confirm",
    noindex: true,
  });

/** Opening the emailed link only shows this page (no GET changes anything); the button confirms. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const pending = token ? await peekConfirmation(services(context).db, token) : null;
  return { token, maskedEmail: pending?.maskedEmail ?? null };
}

export const action = (args: Route.ActionArgs) =>
  formAction(args, {
    schema: newsletterConfirmSchema,
    refusals: "toast",
    run: async (v, { s, actor }) => {
      await confirmSubscription(s.db, actor, v.token, { publicUrl: s.config.publicUrl });
      return { ok: true as const, title: NEWSLETTER_CONFIRMED.title, message: NEWSLETTER_CONFIRMED.message };
    },
  });

export default function NewsletterConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const { token, maskedEmail } = loaderData;
  const submitting = useNavigation().state === "submitting";
  const done = actionData?.ok === true ? actionData : null;
  const error =
    actionData?.ok === false
      ? actionData.message
      : !token
        ? "This confirmation link is incomplete. Please open the link from your email again."
        : !maskedEmail
          ? NEWSLETTER_CONFIRM_LINK_INVALID.message
          : null;
  return (
    <NewsletterLinkPage
      title="Confirm your subscription"
      subtitle="One click and the PoundCodes newsletter is on its way."
      done={done}
      error={error}
      signUpAgain
    >
      <Form method="post" className="grid gap-5">
        <input type="hidden" name="token" value={token} />
        <p className="leading-relaxed text-muted-foreground">
          Confirm that <strong className="text-foreground">{maskedEmail}</strong> should receive the PoundCodes
          newsletter: licensing news, newly opened territories and marketing tips, about once a month. You can
          unsubscribe at any time with the link in every email.
        </p>
        <Button type="submit" variant="gold" disabled={submitting} className="justify-self-start">
          <MailCheck aria-hidden="true" />
          {submitting ? "Confirming…" : "Confirm Subscription"}
        </Button>
      </Form>
    </NewsletterLinkPage>
  );
}

import { Form, useNavigation } from "react-router";
import { NewsletterLinkPage } from "#app/components/newsletter/newsletter-link-page.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { MailX } from "#app/components/ui/icons.tsx";
import { pageMeta } from "#app/lib/seo.ts";
import {
  NEWSLETTER_UNSUBSCRIBE_LINK_INVALID,
  NEWSLETTER_UNSUBSCRIBED,
  newsletterUnsubscribeSchema,
} from "#kernel/schemas/newsletter.ts";
import { NewsletterUnsubscribeLinkError } from "#server/domain/newsletter/errors.ts";
import { peekUnsubscribe, unsubscribe } from "#server/domain/newsletter/newsletter.ts";
import { readForm } from "#server/web/forms.ts";
import { refusal } from "#server/web/respond.ts";
import { actorFor, services } from "#server/web/route-kit.ts";
import type { Route } from "./+types/newsletter-unsubscribe";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Unsubscribe",
    description: "Unsubscribe from the PoundCodes newsletter.",
    path: "/newsletter/unsubscribe",
    noindex: true,
  });

/** Opening the link only shows this page; the button (or a mail client's one-click POST) unsubscribes. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const found = token ? await peekUnsubscribe(services(context).db, token) : null;
  return { token, maskedEmail: found?.maskedEmail ?? null, unsubscribed: found?.unsubscribed ?? false };
}

/**
 * The page's button posts the token; a mail client's RFC 8058 one-click unsubscribe posts
 * `List-Unsubscribe=One-Click` to the link itself, so the token then comes from the query. Neither needs a
 * session, and repeating it is harmless.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const fromForm = form.get("token");
  const raw =
    typeof fromForm === "string" && fromForm.trim() ? fromForm : new URL(request.url).searchParams.get("token");
  const parsed = newsletterUnsubscribeSchema.safeParse({ token: raw ?? "" });
  try {
    if (!parsed.success) throw new NewsletterUnsubscribeLinkError();
    await unsubscribe(services(context).db, actorFor(null, context), parsed.data.token);
    return { ok: true as const, title: NEWSLETTER_UNSUBSCRIBED.title, message: NEWSLETTER_UNSUBSCRIBED.message };
  } catch (err) {
    return refusal(err);
  }
}

export default function NewsletterUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const { token, maskedEmail, unsubscribed } = loaderData;
  const submitting = useNavigation().state === "submitting";
  const done =
    actionData?.ok === true
      ? actionData
      : unsubscribed && !actionData
        ? { title: NEWSLETTER_UNSUBSCRIBED.title, message: NEWSLETTER_UNSUBSCRIBED.message }
        : null;
  const error =
    actionData?.ok === false
      ? actionData.message
      : !token
        ? "This unsubscribe link is incomplete. Please open the link from your email again."
        : !maskedEmail
          ? NEWSLETTER_UNSUBSCRIBE_LINK_INVALID.message
          : null;
  return (
    <NewsletterLinkPage
      title="Unsubscribe from our newsletter"
      subtitle="Stop receiving the PoundCodes newsletter. No sign-in needed."
      done={done}
      error={error}
    >
      <Form method="post" className="grid gap-5">
        <input type="hidden" name="token" value={token} />
        <p className="leading-relaxed text-muted-foreground">
          Unsubscribe <strong className="text-foreground">{maskedEmail}</strong> from the PoundCodes newsletter? You
          will still receive emails about your account or requests you make, such as reservations.
        </p>
        <Button type="submit" disabled={submitting} className="justify-self-start">
          <MailX aria-hidden="true" />
          {submitting ? "Unsubscribing…" : "Unsubscribe"}
        </Button>
      </Form>
    </NewsletterLinkPage>
  );
}

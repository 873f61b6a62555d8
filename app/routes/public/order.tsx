import { Form, Link, redirect, useNavigation } from "react-router";
import { PageHeader } from "#app/components/layout/page-header.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent } from "#app/components/ui/card.tsx";
import {
  CheckCircle2,
  Circle,
  CreditCard,
  FileSignature,
  LogIn,
  Mail,
  PencilLine,
  Timer,
} from "#app/components/ui/icons.tsx";
import { pageMeta } from "#app/lib/seo.ts";
import { formatCents, formatDateTime } from "#kernel/format.ts";
import { ORDER_ANSWERS, payOrderSchema } from "#kernel/schemas/orders.ts";
import { getUser } from "#server/auth/guards.ts";
import { confirmReturnedOrderCheckout, startOrderCheckout } from "#server/domain/orders/checkout.ts";
import { orderPath } from "#server/domain/orders/links.ts";
import { getOrder } from "#server/domain/orders/view.ts";
import { checkoutGateway } from "#server/integrations/stripe/client.ts";
import { redirectWithToast } from "#server/web/flash.ts";
import { throwAsRouteError } from "#server/web/respond.ts";
import { actorFor, formAction, services } from "#server/web/route-kit.ts";
import type { Route } from "./+types/order";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Your Order",
    description: "Where your PoundCodes license order stands, and its next step.",
    path: "/orders",
    noindex: true,
  });

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const s = services(context);
  const url = new URL(request.url);
  const user = await getUser(context, request);
  const actor = actorFor(user, context);
  const token = url.searchParams.get("t");
  const opts = { token, linkSecret: s.config.authSecret, approval: s.config.licenseApproval };
  // Back from checkout: ask the provider and fulfil now (the webhook does the same, once), then drop the query so
  // a reload shows the page, not the banner again.
  const sessionId = url.searchParams.get("session_id");
  if (sessionId) {
    await getOrder(s.db, actor, params.orderId, opts).catch(throwAsRouteError);
    const outcome = await confirmReturnedOrderCheckout(s.db, actor, params.orderId, sessionId, {
      gateway: checkoutGateway(s.config.stripe),
      publicUrl: s.config.publicUrl,
      linkSecret: s.config.authSecret,
      salesEmail: s.config.salesEmail,
    });
    const cleared = outcome === "activated" || outcome === "duplicate";
    const answer = cleared ? ORDER_ANSWERS.paid : ORDER_ANSWERS.paymentPending;
    return redirectWithToast(s.config, orderPath(s.config.authSecret, params.orderId), {
      type: cleared ? "success" : "info",
      title: answer.title,
      description: answer.message,
    });
  }
  const order = await getOrder(s.db, actor, params.orderId, opts).catch(throwAsRouteError);
  const here = `${url.pathname}${url.search}`;
  return { order, here, canceled: url.searchParams.get("checkout") === "canceled" };
}

/** Pays the deposit and first month: the order's licensee only, once the agreement is signed. */
export const action = (args: Route.ActionArgs) =>
  formAction(args, {
    schema: payOrderSchema,
    refusals: "toast",
    run: async (_value, { s, actor }) => {
      const { url } = await startOrderCheckout(s.db, actor, args.params.orderId, {
        gateway: checkoutGateway(s.config.stripe),
        publicUrl: s.config.publicUrl,
        linkSecret: s.config.authSecret,
      });
      return redirect(url);
    },
  });

export default function OrderPage({ loaderData, actionData }: Route.ComponentProps) {
  const { order: o, here, canceled } = loaderData;
  const submitting = useNavigation().state === "submitting";
  const refusal = actionData && "ok" in actionData && actionData.ok === false ? actionData : null;
  const what = `${o.offeringName} in ${o.territoryName}`;
  const login = `/login?redirectTo=${encodeURIComponent(here)}`;
  return (
    <>
      <PageHeader title={`Your order: ${what}`} subtitle={o.stateLabel} />
      <div className="mx-auto grid w-full max-w-5xl gap-8 px-4 pb-24 sm:px-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <Card>
          <CardContent className="grid gap-6 pt-6">
            <section aria-labelledby="next-step" className="grid gap-3" data-testid="order-next">
              <h2 id="next-step" className="text-lg font-semibold">
                {o.next.kind === "live"
                  ? "You're live"
                  : o.next.kind === "closed"
                    ? "This order is closed"
                    : "Next step"}
              </h2>
              {canceled && o.next.kind === "pay" ? (
                <p className="text-muted-foreground">{ORDER_ANSWERS.canceled.message}</p>
              ) : null}
              {refusal ? (
                <p role="alert" className="text-destructive">
                  {refusal.message}
                </p>
              ) : null}
              <NextStep next={o.next} login={login} submitting={submitting} what={what} holdUntil={o.holdUntil} />
            </section>
            <section aria-labelledby="steps">
              <h2 id="steps" className="mb-3 text-lg font-semibold">
                Steps
              </h2>
              <ol className="grid gap-3" data-testid="order-steps">
                {o.steps.map((step) => (
                  <li key={step.key} className="flex items-start gap-3" data-done={step.done}>
                    {step.done ? (
                      <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-600" />
                    ) : (
                      <Circle aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
                    )}
                    <span className="grid">
                      <span className={step.done ? "font-medium" : "text-muted-foreground"}>
                        {step.label}
                        <span className="sr-only">{step.done ? " (done)" : " (to do)"}</span>
                      </span>
                      {step.at ? (
                        <span className="text-sm text-muted-foreground">{formatDateTime(new Date(step.at))}</span>
                      ) : null}
                    </span>
                  </li>
                ))}
              </ol>
            </section>
          </CardContent>
        </Card>
        <Card className="self-start">
          <CardContent className="grid gap-3 pt-6" data-testid="order-price">
            <h2 className="text-lg font-semibold">{o.quoted ? "Price if licensed now" : "Your price"}</h2>
            <dl className="grid gap-2 text-sm">
              <div className="flex justify-between gap-4">
                <dt className="text-muted-foreground">Monthly license fee</dt>
                <dd className="font-medium">{formatCents(o.monthlyFeeCents)}</dd>
              </div>
              <div className="flex justify-between gap-4">
                <dt className="text-muted-foreground">Setup deposit (one-time)</dt>
                <dd className="font-medium">{formatCents(o.setupFeeCents)}</dd>
              </div>
              <div className="flex justify-between gap-4 border-t pt-2">
                <dt>Due at checkout</dt>
                <dd className="font-semibold">{formatCents(o.dueCents)}</dd>
              </div>
            </dl>
            {o.negotiated ? (
              <p className="text-sm text-muted-foreground">Includes the price agreed with our team.</p>
            ) : null}
            <p className="text-sm text-muted-foreground">
              Then {formatCents(o.monthlyFeeCents)} a month. Calls, text messages and leads are paid from your prepaid
              wallet.
            </p>
          </CardContent>
        </Card>
      </div>
    </>
  );
}

function NextStep({
  next,
  login,
  submitting,
  what,
  holdUntil,
}: {
  next: Route.ComponentProps["loaderData"]["order"]["next"];
  login: string;
  submitting: boolean;
  what: string;
  holdUntil: string;
}) {
  const until = formatDateTime(new Date(holdUntil));
  switch (next.kind) {
    case "confirm_email":
      return (
        <p className="flex gap-2 text-muted-foreground">
          <Mail aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          Confirm your hold with the link we emailed you (within 24 hours of reserving).
        </p>
      );
    case "await_review":
      return (
        <p className="flex gap-2 text-muted-foreground">
          <Timer aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          Our licensing team is reviewing your reservation, usually within one business day. We email you as soon as it
          is approved. {what} is held for you until {until}.
        </p>
      );
    case "sign_in":
      return (
        <div className="grid gap-3">
          <p className="text-muted-foreground">
            Sign in with the account this order was approved for to sign the agreement and pay. New here? Use the
            “Choose a password” link we emailed you. Held for you until {until}.
          </p>
          <Button asChild variant="gold" className="justify-self-start">
            <Link to={login}>
              <LogIn aria-hidden="true" />
              Sign in to continue
            </Link>
          </Button>
        </div>
      );
    case "sign":
      return (
        <div className="grid gap-3">
          <p className="text-muted-foreground">
            Review and sign your license agreement online. Held for you until {until}.
          </p>
          <Button asChild variant="gold" className="justify-self-start">
            <Link to={`/dashboard/agreements/${next.agreementId}`}>
              <FileSignature aria-hidden="true" />
              Review and sign the agreement
            </Link>
          </Button>
        </div>
      );
    case "pay":
      return (
        <Form method="post" className="grid gap-3">
          <input type="hidden" name="intent" value="pay" />
          <p className="text-muted-foreground">
            Pay the setup deposit and your first month by card. Your license and landing page go live as soon as the
            payment clears. Held for you until {until}.
          </p>
          <Button type="submit" variant="gold" disabled={submitting} className="justify-self-start">
            <CreditCard aria-hidden="true" />
            {submitting ? "Opening checkout…" : `Pay ${formatCents(next.dueCents)}`}
          </Button>
        </Form>
      );
    case "live":
      return (
        <div className="grid gap-3">
          <p className="text-muted-foreground">
            {what} is licensed to you.{" "}
            {next.pagePath
              ? "Your landing page is ready for your firm's details: it goes public once it has your description and areas of practice."
              : ""}{" "}
            Fund your wallet so calls and text messages route without a pause.
          </p>
          <div className="flex flex-wrap gap-3">
            {next.pagePath ? (
              <Button asChild variant="gold">
                <Link to="/dashboard/page-content">
                  <PencilLine aria-hidden="true" />
                  Set up your landing page
                </Link>
              </Button>
            ) : null}
            <Button asChild variant="outline">
              <Link to="/dashboard">Go to your dashboard</Link>
            </Button>
          </div>
        </div>
      );
    case "closed":
      return (
        <div className="grid gap-3">
          <p className="text-muted-foreground">
            The hold ended before the order was completed, so {what} was released. It may be available again.
          </p>
          <Button asChild variant="outline" className="justify-self-start">
            <Link to={next.numberPath}>See {what}</Link>
          </Button>
        </div>
      );
  }
}

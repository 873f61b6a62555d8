import { useEffect } from "react";
import { redirect } from "react-router";
import { TransactionHistory } from "#app/components/billing/transaction-history.tsx";
import { PaymentMethodsCard, TopUpCard, WalletBalanceCard } from "#app/components/billing/wallet-summary.tsx";
import { PageHeader } from "#app/components/layout/page-header.tsx";
import { Alert, AlertDescription, AlertTitle } from "#app/components/ui/alert.tsx";
import { toast } from "#app/components/ui/toast.ts";
import { isRefusal } from "#kernel/answers.ts";
import {
  FETCH_LICENSEE_FAILED,
  PAYMENT_CANCELED,
  PAYMENT_QUERY,
  PAYMENT_SUCCESS,
  topUpSchema,
} from "#kernel/schemas/billing.ts";
import { areaUser } from "#server/auth/guards.ts";
import { isDomainError } from "#server/domain/errors.ts";
import { getWallet } from "#server/domain/wallet/history.ts";
import { confirmReturnedCheckout, startTopUp } from "#server/domain/wallet/top-up.ts";
import { checkoutGateway } from "#server/integrations/stripe/client.ts";
import { actorFor, formAction, services } from "#server/web/route-kit.ts";
import type { Route } from "./+types/billing";

export const meta: Route.MetaFunction = () => [
  { title: "Billing & Wallet · PoundCodes" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const s = services(context);
  const actor = actorFor(areaUser(context), context);
  const query = new URL(request.url).searchParams;
  let notice: "success" | "canceled" | null = null;
  if (query.get("payment") === PAYMENT_QUERY.success) {
    notice = "success";
    // Back from checkout: credit now if the provider says the caller's session is paid (the webhook may be late);
    // idempotent with the webhook, so a quick return and a late delivery credit once.
    const sessionId = query.get("session_id");
    if (sessionId) {
      const { outcome } = await confirmReturnedCheckout(s.db, actor, sessionId, {
        gateway: checkoutGateway(s.config.stripe),
        lowBalanceCents: s.config.lowBalanceCents,
        publicUrl: s.config.publicUrl,
      });
      if (outcome === "not_yours") notice = null;
    }
  } else if (query.get("payment") === PAYMENT_QUERY.canceled) {
    notice = "canceled";
  }
  const wallet = await getWallet(s.db, actor);
  return {
    wallet,
    topUpsEnabled: Boolean(s.config.stripe),
    notice,
    // One token per rendered page: the idempotency key of the checkout a button opens.
    attempt: crypto.randomUUID(),
  };
}

export const action = (args: Route.ActionArgs) =>
  formAction(args, {
    schema: topUpSchema,
    refusals: "toast",
    run: async (value, { s, actor }) => {
      try {
        const { url } = await startTopUp(s.db, actor, value, {
          gateway: checkoutGateway(s.config.stripe),
          publicUrl: s.config.publicUrl,
        });
        return redirect(url);
      } catch (err) {
        if (isDomainError(err) && err.status >= 500) {
          const cause = err.cause instanceof Error ? { name: err.cause.name, message: err.cause.message } : undefined;
          s.logger.warn({ code: err.code, cause }, "top-up could not start");
        }
        throw err;
      }
    },
  });

export default function Billing({ loaderData, actionData }: Route.ComponentProps) {
  const { wallet, topUpsEnabled, notice, attempt } = loaderData;
  const refusal = isRefusal(actionData) ? actionData : null;
  useEffect(() => {
    if (refusal) toast.error(refusal.title, { description: refusal.message });
  }, [refusal]);
  return (
    <>
      <PageHeader
        title="Billing & Wallet"
        subtitle="Your prepaid balance for minutes, SMS and web-form leads, with every top-up and charge."
      />
      <div className="mx-auto grid w-full max-w-6xl gap-6 px-4 pb-24 sm:px-6">
        {notice === "success" ? (
          <Alert variant="success">
            <AlertTitle>{PAYMENT_SUCCESS.title}</AlertTitle>
            <AlertDescription>{PAYMENT_SUCCESS.message}</AlertDescription>
          </Alert>
        ) : notice === "canceled" ? (
          <Alert variant="neutral">
            <AlertTitle>{PAYMENT_CANCELED.title}</AlertTitle>
            <AlertDescription>{PAYMENT_CANCELED.message}</AlertDescription>
          </Alert>
        ) : null}
        {refusal ? (
          <Alert variant="destructive">
            <AlertTitle>{refusal.title}</AlertTitle>
            <AlertDescription>{refusal.message}</AlertDescription>
          </Alert>
        ) : null}
        {wallet.licensee ? (
          <>
            <div className="grid gap-6 lg:grid-cols-5">
              <div className="lg:col-span-3">
                <WalletBalanceCard
                  balanceCents={wallet.balanceCents}
                  lastMonthDepositCents={wallet.lastMonthDepositCents}
                />
              </div>
              <div className="lg:col-span-2">
                <TopUpCard enabled={topUpsEnabled} attempt={attempt} />
              </div>
            </div>
            <TransactionHistory entries={wallet.entries} totalEntries={wallet.totalEntries} />
            <PaymentMethodsCard enabled={topUpsEnabled} />
          </>
        ) : (
          <Alert variant="warning">
            <AlertTitle>No Licensee Profile</AlertTitle>
            <AlertDescription>
              {FETCH_LICENSEE_FAILED} Your account has no licensee record yet, so there is no wallet to show.
            </AlertDescription>
          </Alert>
        )}
      </div>
    </>
  );
}

import type { SubmissionResult } from "@conform-to/react";
import { useEffect, useRef, useState } from "react";
import { redirect, useLocation, useNavigate, useNavigation } from "react-router";
import { LicenseBillingSection } from "#app/components/billing/license-billing.tsx";
import { TransactionHistory } from "#app/components/billing/transaction-history.tsx";
import { AutoRechargeCard, TopUpCard, WalletBalanceCard } from "#app/components/billing/wallet-summary.tsx";
import { PageHeader } from "#app/components/layout/page-header.tsx";
import { Alert, AlertDescription, AlertTitle } from "#app/components/ui/alert.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { toast } from "#app/components/ui/toast.ts";
import { isRefusal } from "#kernel/answers.ts";
import { formatCents } from "#kernel/format.ts";
import {
  autoRechargeSchema,
  autoRechargeSettings,
  BILLING_PATH,
  billingPortalSchema,
  cancelLicenseSchema,
  FETCH_LICENSEE_FAILED,
  LICENSE_CANCEL_ANSWERS,
  PAYMENT_CANCELED,
  PAYMENT_QUERY,
  PAYMENT_SUCCESS,
  topUpData,
  topUpSchema,
  withoutPaymentQuery,
} from "#kernel/schemas/billing.ts";
import { leadBillingRules } from "#kernel/schemas/landing-page-strings.ts";
import { areaUser } from "#server/auth/guards.ts";
import { cancelLicense } from "#server/domain/billing/cancel.ts";
import { openBillingPortal } from "#server/domain/billing/portal.ts";
import { billingScreenOf } from "#server/domain/billing/screen.ts";
import { isDomainError } from "#server/domain/errors.ts";
import { setAutoRecharge } from "#server/domain/wallet/auto-recharge.ts";
import { confirmReturnedCheckout, startTopUp } from "#server/domain/wallet/top-up.ts";
import { billingGateway, checkoutGateway } from "#server/integrations/stripe/client.ts";
import { redirectWithToast } from "#server/web/flash.ts";
import { actorFor, billingOptions, formAction, formIntent, ledgerOptions, services } from "#server/web/route-kit.ts";
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
        ...ledgerOptions(s),
        gateway: checkoutGateway(s.config.stripe),
        billing: billingGateway(s.config.stripe),
      });
      if (outcome === "not_yours") notice = null;
    }
  } else if (query.get("payment") === PAYMENT_QUERY.canceled) {
    notice = "canceled";
  }
  const { wallet, billing, autoRecharge } = await billingScreenOf(s.db, actor, { dunning: s.config.dunning });
  return {
    wallet,
    licenses: billing.licenses,
    portalEnabled: Boolean(s.config.stripe) && billing.hasBillingAccount,
    autoRecharge,
    topUpsEnabled: Boolean(s.config.stripe),
    leadRules: leadBillingRules(s.config.leadDailyCap),
    notice,
    // One token per rendered page: the idempotency key of the checkout a button opens.
    attempt: crypto.randomUUID(),
  };
}

export async function action(args: Route.ActionArgs) {
  // The fixed top-up buttons post no intent.
  const intent = await formIntent(args.request, "top_up");
  if (intent === "cancel") {
    return formAction(args, {
      schema: cancelLicenseSchema,
      refusals: "toast",
      run: async (value, { s, actor }) => {
        const r = await cancelLicense(s.db, actor, { licenseId: value.licenseId }, billingOptions(s));
        const answer = r.mode === "now" ? LICENSE_CANCEL_ANSWERS.now(r) : LICENSE_CANCEL_ANSWERS.period_end(r);
        return { ok: true as const, ...answer };
      },
    });
  }
  if (intent === "portal") {
    return formAction(args, {
      schema: billingPortalSchema,
      refusals: "toast",
      run: async (_value, { s, actor }) => {
        const { url } = await openBillingPortal(s.db, actor, {
          gateway: billingGateway(s.config.stripe),
          publicUrl: s.config.publicUrl,
        });
        return redirect(url);
      },
    });
  }
  if (intent === "auto_recharge") {
    return formAction(args, {
      schema: autoRechargeSchema,
      refusals: "toast",
      run: async (value, { s, actor }) => {
        const settings = autoRechargeSettings(value);
        const r = await setAutoRecharge(s.db, actor, settings, { jobs: s.jobs.started ? s.jobs : null });
        return redirectWithToast(s.config, BILLING_PATH, {
          type: "success",
          title: r.enabled ? "Auto-recharge is on" : "Auto-recharge is off",
          description: r.enabled
            ? `When your balance falls under ${formatCents((settings as { thresholdCents: number }).thresholdCents)}, we add ${formatCents((settings as { amountCents: number }).amountCents)} with your saved card.${r.startedNow ? " Your balance is under it now, so a recharge has started." : ""}`
            : "Your saved card will not be charged automatically.",
        });
      },
    });
  }
  return formAction(args, {
    schema: topUpSchema,
    refusals: "toast",
    run: async (value, { s, actor }) => {
      try {
        const { url } = await startTopUp(s.db, actor, topUpData(value), {
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
}

export default function Billing({ loaderData, actionData }: Route.ComponentProps) {
  const { wallet, topUpsEnabled, attempt, licenses, portalEnabled, autoRecharge, leadRules } = loaderData;
  // Back from checkout the notice is shown once: it stays on screen while the address drops ?payment= (and the
  // session id), so a reload does not show it again.
  const [notice] = useState(loaderData.notice);
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const search = withoutPaymentQuery(location.search);
    if (search === null) return;
    void navigate(
      { pathname: location.pathname, search, hash: location.hash },
      { replace: true, preventScrollReset: true },
    );
  }, [location, navigate]);
  const refusal = isRefusal(actionData) ? actionData : null;
  const navigation = useNavigation();
  // Field errors go back to the form that was sent.
  const sentIntent = useRef<string | null>(null);
  if (navigation.formData) sentIntent.current = String(navigation.formData.get("intent") ?? "top_up");
  const result = refusal?.result as SubmissionResult<string[]> | undefined;
  useEffect(() => {
    if (refusal) toast.error(refusal.title, { description: refusal.message });
  }, [refusal]);
  return (
    <>
      <PageHeader
        title="Billing & Wallet"
        subtitle="Your license fees, and your prepaid wallet for minutes, SMS and web-form leads."
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
                <TopUpCard
                  enabled={topUpsEnabled}
                  attempt={attempt}
                  result={sentIntent.current === "top_up" ? result : undefined}
                />
              </div>
            </div>
            <AutoRechargeCard
              enabled={topUpsEnabled}
              settings={autoRecharge}
              result={sentIntent.current === "auto_recharge" ? result : undefined}
            />
            <Card>
              <CardHeader>
                <CardTitle as="h2">How web-form leads are billed</CardTitle>
              </CardHeader>
              <CardContent>
                <ul className="grid list-disc gap-2 pl-5 text-sm">
                  {leadRules.map((rule) => (
                    <li key={rule}>{rule}</li>
                  ))}
                </ul>
              </CardContent>
            </Card>
            <LicenseBillingSection licenses={licenses} portalEnabled={portalEnabled} />
            <TransactionHistory entries={wallet.entries} totalEntries={wallet.totalEntries} />
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

import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useState } from "react";
import { Form, useNavigation } from "react-router";
import { CheckboxField } from "#app/components/forms/checkbox-field.tsx";
import { FormErrors, TextField } from "#app/components/forms/text-field.tsx";
import { Alert, AlertDescription, AlertTitle } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { Lock, ShieldCheck, Wallet } from "#app/components/ui/icons.tsx";
import { cn } from "#app/lib/utils.ts";
import { formatCents } from "#kernel/format.ts";
import type { AutoRechargeView } from "#kernel/license-billing.ts";
import { USAGE_BASE_RATES_CENTS } from "#kernel/pricing-rates.ts";
import {
  autoRechargeSchema,
  CONFIGURATION_NEEDED,
  CUSTOM_TOP_UP_HINT,
  TOP_UP_AMOUNTS_CENTS,
  topUpSchema,
  WALLET_DESCRIPTION,
  walletWarning,
} from "#kernel/schemas/billing.ts";

/** The balance on a navy card with a gold edge: the one figure the screen is about. */
export function WalletBalanceCard({
  balanceCents,
  lastMonthDepositCents,
}: {
  balanceCents: number;
  lastMonthDepositCents: number;
}) {
  const overdrawn = balanceCents < 0;
  const warning = walletWarning(balanceCents);
  return (
    <section
      aria-labelledby="wallet-balance-heading"
      className="relative isolate overflow-hidden rounded-xl bg-navy-950 p-6 text-white shadow-card ring-1 ring-gold-400/30 sm:p-8"
    >
      <div aria-hidden className="absolute -top-24 -right-16 -z-10 size-64 rounded-full bg-gold-400/15 blur-3xl" />
      <div
        aria-hidden
        className="absolute inset-x-0 top-0 h-1 bg-gradient-to-r from-gold-300 via-gold-500 to-gold-300"
      />
      <div className="flex items-center gap-3">
        <span className="inline-flex size-10 items-center justify-center rounded-lg bg-gold-400/15 text-gold-300">
          <Wallet aria-hidden className="size-5" />
        </span>
        <h2 id="wallet-balance-heading" className="text-sm font-semibold tracking-wide text-navy-200 uppercase">
          Wallet balance
        </h2>
      </div>
      <p
        data-testid="wallet-balance"
        className={`mt-5 text-4xl font-bold tracking-tight tabular-nums sm:text-5xl ${overdrawn ? "text-red-300" : "text-white"}`}
      >
        {formatCents(balanceCents)}
      </p>
      <p className="mt-2 text-sm text-navy-200">{WALLET_DESCRIPTION}</p>
      <dl className="mt-6 grid gap-3 border-t border-white/10 pt-5 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-navy-300">Last month's deposits</dt>
          <dd className="mt-0.5 font-semibold tabular-nums">{formatCents(lastMonthDepositCents)}</dd>
        </div>
        <div>
          <dt className="text-navy-300">Usage rates</dt>
          <dd className="mt-0.5 font-semibold tabular-nums">
            {formatCents(USAGE_BASE_RATES_CENTS.perMinute)}/min · {formatCents(USAGE_BASE_RATES_CENTS.perSms)}/SMS ·{" "}
            {formatCents(USAGE_BASE_RATES_CENTS.perWebFormLead)}/lead
          </dd>
        </div>
      </dl>
      {warning ? (
        <p
          role="status"
          data-testid="wallet-warning"
          className="mt-5 rounded-lg bg-red-500/15 px-4 py-3 text-sm text-red-100 ring-1 ring-red-400/30"
        >
          <strong className="font-semibold">{warning.title}.</strong> {warning.message}
        </p>
      ) : null}
    </section>
  );
}

/**
 * Whether the pointer has moved since the page was shown. Back from checkout, the pointer rests where the payment
 * page's button was, often over one of the amounts, whose hover style then reads as a choice already made (after
 * paying $50, the $25 button looked selected). Until the pointer moves, the amounts show no hover style.
 */
function usePointerMoved(): boolean {
  const [moved, setMoved] = useState(false);
  useEffect(() => {
    if (moved) return;
    const onMove = () => setMoved(true);
    window.addEventListener("pointermove", onMove, { once: true, passive: true });
    return () => window.removeEventListener("pointermove", onMove);
  }, [moved]);
  return moved;
}

/** The amount buttons' hover style, off while the pointer has not moved (see {@link usePointerMoved}). */
export const RESTING_POINTER_CLASSES =
  "hover:border-input hover:bg-background dark:hover:border-input dark:hover:bg-transparent";

/** A top-up form's result (its field errors) from the action, for the form that sent it. */
type FormResult = SubmissionResult<string[]> | undefined;

/**
 * The three top-up buttons, one small form each, and a custom amount with "Save this card for auto-recharge"; or
 * the spec's 'Configuration Needed' when Stripe is not set up.
 */
export function TopUpCard({
  enabled,
  attempt,
  result,
}: {
  enabled: boolean;
  attempt: string;
  /** The custom form's last result, when the action refused it. */
  result?: FormResult;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Add funds</CardTitle>
        <CardDescription>
          Top up your wallet with a card. Funds are available as soon as the payment clears.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {enabled ? (
          <TopUpForms attempt={attempt} result={result} />
        ) : (
          <Alert variant="warning">
            <AlertTitle>{CONFIGURATION_NEEDED.title}</AlertTitle>
            <AlertDescription>{CONFIGURATION_NEEDED.message}</AlertDescription>
          </Alert>
        )}
        <p className="flex items-start gap-2 text-xs text-muted-foreground">
          <Lock aria-hidden className="mt-0.5 size-3.5 shrink-0" />
          {enabled
            ? "You will be taken to Stripe's secure checkout page to pay, then brought back here."
            : "Card top-ups open here once card payments are connected. Until then, contact us to fund your wallet."}
        </p>
      </CardContent>
    </Card>
  );
}

/**
 * The amounts and the custom amount, when card payments are connected: their hooks (the custom form's state, the
 * pointer) run only when they are shown.
 */
function TopUpForms({ attempt, result }: { attempt: string; result?: FormResult }) {
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formData?.get("amountCents");
  const customPending = navigation.state !== "idle" && navigation.formData?.get("intent") === "top_up" && !pending;
  const pointerMoved = usePointerMoved();
  const [form, fields] = useForm({
    id: "custom-top-up",
    lastResult: result,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: topUpSchema }),
  });
  return (
    <>
      <div className="grid grid-cols-3 gap-3">
        {TOP_UP_AMOUNTS_CENTS.map((amount) => (
          <Form method="post" key={amount}>
            <input type="hidden" name="intent" value="top_up" />
            <input type="hidden" name="amountCents" value={amount} />
            <input type="hidden" name="attempt" value={attempt} />
            <Button
              type="submit"
              variant="outline"
              size="lg"
              className={cn("w-full tabular-nums", !pointerMoved && RESTING_POINTER_CLASSES)}
              disabled={Boolean(pending) || customPending}
              aria-label={`Top up ${formatCents(amount)}`}
            >
              {pending === String(amount) ? "Opening…" : formatCents(amount)}
            </Button>
          </Form>
        ))}
      </div>
      <Form method="post" {...getFormProps(form)} className="grid gap-3 border-t border-border pt-4" noValidate>
        <input type="hidden" name="intent" value="top_up" />
        <input type="hidden" name="attempt" value={attempt} />
        <FormErrors id={form.errorId} errors={form.errors} />
        <div className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-start">
          <TextField meta={fields.customAmount} label="Another amount (USD)" hint={CUSTOM_TOP_UP_HINT} />
          {/* Level with the input: below the label on a row, under the hint on a phone. */}
          <Button
            type="submit"
            variant="gold"
            className="sm:mt-[1.625rem]"
            disabled={Boolean(pending) || customPending}
          >
            {customPending ? "Opening…" : "Top up"}
          </Button>
        </div>
        <CheckboxField
          meta={fields.saveCard}
          label="Save this card for auto-recharge"
          hint="Stripe keeps the card; we can then top up for you when your balance runs low."
        />
      </Form>
    </>
  );
}

const dollars = (cents: number | null) => (cents === null ? "" : String(Math.round(cents / 100)));

/** The saved card and "when my balance falls under $X, add $Y". */
export function AutoRechargeCard({
  enabled,
  settings,
  result,
}: {
  enabled: boolean;
  settings: AutoRechargeView | null;
  result?: FormResult;
}) {
  const card = settings?.savedCardLabel ?? null;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Payment methods and auto-recharge</CardTitle>
        <CardDescription>
          Your card details go to Stripe only: PoundCodes never sees or stores your card number.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm">
        <p className="flex items-start gap-2">
          <ShieldCheck aria-hidden className="mt-0.5 size-4 shrink-0 text-accent-text" />
          <span data-testid="saved-card">
            {!enabled
              ? "Card payments are not connected yet, so no payment method can be added."
              : card
                ? `Saved card for auto-recharge: ${card}.`
                : "No card saved yet. Top up with \u201cSave this card for auto-recharge\u201d ticked to keep one."}
          </span>
        </p>
        {settings?.offReason ? (
          <Alert variant="warning">
            <AlertTitle>Auto-recharge was turned off</AlertTitle>
            <AlertDescription>
              The last recharge was declined: {settings.offReason} Save a working card with a top-up, then turn it on
              again.
            </AlertDescription>
          </Alert>
        ) : null}
        {enabled && card ? <AutoRechargeForm settings={settings} result={result} /> : null}
        <p className="text-muted-foreground">For invoicing or bank transfers, contact our team.</p>
      </CardContent>
    </Card>
  );
}

/** "When my balance falls under $X, add $Y", once a card is saved: its form's hooks run only when it is shown. */
function AutoRechargeForm({ settings, result }: { settings: AutoRechargeView | null; result?: FormResult }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "auto_recharge";
  const [form, fields] = useForm({
    id: "auto-recharge",
    lastResult: result,
    shouldValidate: "onSubmit",
    defaultValue: {
      enabled: settings?.enabled ? "on" : undefined,
      thresholdDollars: dollars(settings?.thresholdCents ?? 1_000),
      amountDollars: dollars(settings?.amountCents ?? 5_000),
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: autoRechargeSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-4" noValidate>
      <input type="hidden" name="intent" value="auto_recharge" />
      <FormErrors id={form.errorId} errors={form.errors} />
      <CheckboxField meta={fields.enabled} label="Top up automatically when my balance runs low" />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField meta={fields.thresholdDollars} label="When my balance falls under (USD)" />
        <TextField meta={fields.amountDollars} label="Add (USD)" hint={CUSTOM_TOP_UP_HINT} />
      </div>
      <div>
        <Button type="submit" disabled={busy}>
          {busy ? "Saving…" : "Save auto-recharge"}
        </Button>
      </div>
      {settings?.pending ? (
        <p role="status" className="text-muted-foreground">
          A recharge is on its way.
        </p>
      ) : null}
    </Form>
  );
}

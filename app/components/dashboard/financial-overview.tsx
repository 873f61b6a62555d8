import { Link } from "react-router";
import { Alert, AlertDescription, AlertTitle } from "#app/components/ui/alert.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { formatCents } from "#kernel/format.ts";
import { BILLING_PATH, walletWarning } from "#kernel/schemas/billing.ts";
import { DASHBOARD_TEXT } from "./texts.ts";

/** The figures of spec 1 §9, as the server computed them (integer cents). */
export type FinancialFigures = {
  activeLicenses: {
    id: string;
    territoryName: string;
    offering: { kind: "code" | "vanity"; label: string };
    monthlyCents: number;
    setupCents: number;
  }[];
  monthlyTotalCents: number;
  provisioningTotalCents: number;
  walletCents: number;
  lastMonthDepositCents: number;
  rates: { perMinute: number; perSms: number; perWebFormLead: number };
  additionalMonthlyCents: number;
  addOnCents: number;
};

function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="rounded-lg border border-border/60 bg-muted/50 p-4">
      <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold tabular-nums">{value}</dd>
      {hint ? <dd className="mt-0.5 text-xs text-muted-foreground">{hint}</dd> : null}
    </div>
  );
}

/**
 * The financial overview: monthly total, wallet, provisioning, last month's deposit, each active licence by
 * territory and #Code or vanity number, and the per-unit fees. `null` figures: the spec's empty text; `failed`:
 * its error text.
 */
export function FinancialOverview({ figures, failed }: { figures: FinancialFigures | null; failed: boolean }) {
  return (
    <Card role="region" aria-labelledby="financial-overview-heading">
      <CardHeader>
        <CardTitle as="h2" id="financial-overview-heading">
          Financial overview
        </CardTitle>
      </CardHeader>
      <CardContent>
        {failed ? (
          <Alert variant="destructive">{DASHBOARD_TEXT.financialFailed}</Alert>
        ) : figures ? (
          <Figures f={figures} />
        ) : (
          <p className="text-sm text-muted-foreground">{DASHBOARD_TEXT.financialEmpty}</p>
        )}
      </CardContent>
    </Card>
  );
}

function Figures({ f }: { f: FinancialFigures }) {
  const warning = walletWarning(f.walletCents);
  return (
    <div className="grid gap-6">
      {warning ? (
        <Alert variant={f.walletCents < 0 ? "destructive" : "warning"} data-testid="wallet-warning">
          <AlertTitle>{warning.title}</AlertTitle>
          <AlertDescription>
            {warning.message}{" "}
            <Link to={BILLING_PATH} className="font-medium underline underline-offset-4">
              Top up your wallet
            </Link>
          </AlertDescription>
        </Alert>
      ) : null}
      <dl className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2">
        <Figure label="Monthly license fees" value={formatCents(f.monthlyTotalCents)} />
        <Figure label="Wallet balance" value={formatCents(f.walletCents)} hint={DASHBOARD_TEXT.walletHint} />
        <Figure label="Provisioning (setup) total" value={formatCents(f.provisioningTotalCents)} />
        <Figure label="Last month's deposit" value={formatCents(f.lastMonthDepositCents)} />
      </dl>

      <div className="grid gap-2">
        <h3 className="text-sm font-semibold">Active licenses</h3>
        {f.activeLicenses.length ? (
          <ul className="divide-y divide-border rounded-lg border border-border text-sm">
            {f.activeLicenses.map((l) => (
              <li key={l.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-4 py-2.5">
                <span className="min-w-0">
                  <span className="font-semibold text-primary dark:text-accent">{l.offering.label}</span>
                  <span className="text-muted-foreground"> in </span>
                  <span className="font-medium">{l.territoryName}</span>
                  <span className="sr-only">{l.offering.kind === "vanity" ? " (vanity number)" : " (#Code)"}</span>
                </span>
                <span className="tabular-nums">
                  {formatCents(l.monthlyCents)}/mo
                  <span className="text-muted-foreground"> · setup {formatCents(l.setupCents)}</span>
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">
            You have no active licenses yet.{" "}
            <Link to="/all-numbers" className="font-medium text-primary underline underline-offset-4 dark:text-accent">
              Browse Numbers
            </Link>
          </p>
        )}
      </div>

      <div className="grid gap-2">
        <h3 className="text-sm font-semibold">Per-unit fees</h3>
        <dl className="grid grid-cols-[1fr_max-content] gap-x-6 gap-y-1.5 text-sm">
          {(
            [
              ["Per web-form submission", f.rates.perWebFormLead],
              ["Per minute", f.rates.perMinute],
              ["Per SMS", f.rates.perSms],
              ["Additional monthly fees", f.additionalMonthlyCents],
              ["Add-on fees", f.addOnCents],
            ] as const
          ).map(([label, cents]) => (
            <div key={label} className="contents">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="text-right font-medium tabular-nums">{formatCents(cents)}</dd>
            </div>
          ))}
        </dl>
      </div>
    </div>
  );
}

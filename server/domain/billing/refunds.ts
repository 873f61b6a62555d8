/**
 * Refunds of license payments (docs/decisions/015-license-billing-ledger.md): one row per Stripe refund id, written
 * by whichever path sees the refund first — the refund call made here, or the `charge.refunded` event. The request
 * to Stripe carries an idempotency key, so a repeated request (a double click, a retry after a timeout) refunds
 * once and finds the same refund.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import { formatCents } from "#kernel/format.ts";
import { isUuid } from "#kernel/ids.ts";
import type { Database, Tx } from "#server/db/client.ts";
import {
  type LicenseInvoice,
  licenseInvoices,
  licenseRefunds,
  type TerritoryLicense,
} from "#server/db/schema/index.ts";
import { licenseRefunded } from "#server/integrations/email/billing-templates.ts";
import { isCardDeclined, type ProviderRefund, payerFacingStripeMessage } from "#server/integrations/stripe/client.ts";
import { type Actor, assertAdmin } from "../actor.ts";
import { recordAudit } from "../audit/audit.ts";
import { enqueueEmail } from "../email/outbox.ts";
import { ValidationError } from "../errors.ts";
import { PaymentStartError, StripeRefusedError } from "../wallet/errors.ts";
import { BillingNotConfiguredError, LicenseNotFoundError, NothingToRefundError } from "./errors.ts";
import { type BillingOptions, billingUrl, lockLicense } from "./shared.ts";

type Locked = { license: TerritoryLicense; to: { email: string; name: string; what: string } };

/**
 * Records a refund Stripe reports, once per refund id. Returns whether this call recorded it. A deposit refund is
 * not emailed on its own: the cancellation email that caused it states it.
 */
export async function recordRefund(
  tx: Tx,
  locked: Locked,
  invoice: LicenseInvoice,
  refund: ProviderRefund,
  o: { kind: "deposit" | "other"; reason: string | null; requestedBy: string | null; publicUrl: string },
): Promise<boolean> {
  const [row] = await tx
    .insert(licenseRefunds)
    .values({
      licenseId: locked.license.id,
      invoiceId: invoice.id,
      stripeRefundId: refund.id,
      paymentIntentId: invoice.paymentIntentId,
      amountCents: refund.amount,
      kind: o.kind,
      reason: o.reason,
      requestedBy: o.requestedBy,
      refundedAt: new Date(refund.created * 1000),
    })
    .onConflictDoNothing()
    .returning({ id: licenseRefunds.id });
  if (!row) return false;
  await tx
    .update(licenseInvoices)
    .set({
      amountRefundedCents: sql`greatest(${licenseInvoices.amountRefundedCents}, (select coalesce(sum(${licenseRefunds.amountCents}), 0) from ${licenseRefunds} where ${licenseRefunds.invoiceId} = ${invoice.id}))`,
    })
    .where(eq(licenseInvoices.id, invoice.id));
  await recordAudit(
    tx,
    { userId: o.requestedBy, ip: null },
    {
      action: "license.refund",
      entityType: "territory_license",
      entityId: locked.license.id,
      details: {
        refundId: refund.id,
        invoiceId: invoice.stripeInvoiceId,
        amountCents: refund.amount,
        kind: o.kind,
        reason: o.reason,
      },
    },
  );
  if (o.kind !== "deposit") {
    await enqueueEmail(
      tx,
      licenseRefunded(locked.to, { amountCents: refund.amount, reason: o.reason, billingUrl: billingUrl(o.publicUrl) }),
    );
  }
  return true;
}

/** What may still be refunded on an invoice. */
export const refundableCents = (i: Pick<LicenseInvoice, "amountPaidCents" | "amountRefundedCents">) =>
  Math.max(0, i.amountPaidCents - i.amountRefundedCents);

/** The invoice that collected the setup deposit with the first month. */
export async function firstInvoice(tx: Tx | Database, licenseId: string): Promise<LicenseInvoice | null> {
  const [row] = await tx
    .select()
    .from(licenseInvoices)
    .where(and(eq(licenseInvoices.licenseId, licenseId), eq(licenseInvoices.status, "paid")))
    .orderBy(licenseInvoices.issuedAt)
    .limit(1);
  return row ?? null;
}

/**
 * Calls Stripe's refund API for `amountCents` of the invoice's payment, under `idempotencyKey`. A refusal meant for
 * the payer becomes a clear message; an outage a 502 the caller may retry with the same key.
 */
export async function requestRefund(
  opts: Pick<BillingOptions, "gateway">,
  invoice: LicenseInvoice,
  amountCents: number,
  metadata: Record<string, string>,
  idempotencyKey: string,
): Promise<ProviderRefund> {
  if (!opts.gateway) throw new BillingNotConfiguredError();
  if (!invoice.paymentIntentId) throw new NothingToRefundError();
  try {
    return await opts.gateway.refund({
      paymentIntentId: invoice.paymentIntentId,
      amountCents,
      metadata,
      idempotencyKey,
    });
  } catch (err) {
    const message = isCardDeclined(err) ? null : payerFacingStripeMessage(err);
    throw message ? new StripeRefusedError(message, err) : new PaymentStartError(err);
  }
}

/**
 * An administrator refunds part or all of a paid license invoice, with a reason. The form's attempt token keys the
 * request, so a repeated submit refunds once.
 */
export async function refundLicenseInvoice(
  db: Database,
  actor: Actor,
  input: { licenseId: string; invoiceId?: string | null; amountCents: number; reason: string; attempt: string },
  opts: BillingOptions,
): Promise<{ refundId: string; amountCents: number; recorded: boolean }> {
  assertAdmin(actor);
  if (!isUuid(input.licenseId) || (input.invoiceId && !isUuid(input.invoiceId))) throw new NothingToRefundError();
  const reason = input.reason.trim();
  if (!reason) throw new ValidationError({ reason: ["Say why the money is refunded."] });
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0) {
    throw new ValidationError({ amount: ["Enter an amount of at least $0.01."] });
  }
  const [invoice] = await db
    .select()
    .from(licenseInvoices)
    .where(
      and(
        eq(licenseInvoices.licenseId, input.licenseId),
        eq(licenseInvoices.status, "paid"),
        ...(input.invoiceId ? [eq(licenseInvoices.id, input.invoiceId)] : []),
      ),
    )
    .orderBy(desc(licenseInvoices.issuedAt))
    .limit(1);
  if (!invoice) throw new NothingToRefundError();
  const left = refundableCents(invoice);
  if (input.amountCents > left) {
    throw new ValidationError({
      amount: [`At most ${formatCents(left)} of this invoice can still be refunded.`],
    });
  }
  const refund = await requestRefund(
    opts,
    invoice,
    input.amountCents,
    { license_id: input.licenseId, kind: "other", reason },
    `license-refund:${invoice.id}:${input.attempt}`,
  );
  const recorded = await db.transaction(async (tx) => {
    const locked = await lockLicense(tx, input.licenseId);
    if (!locked) throw new LicenseNotFoundError();
    return recordRefund(tx, locked, invoice, refund, {
      kind: "other",
      reason,
      requestedBy: actor.userId,
      publicUrl: opts.publicUrl,
    });
  });
  return { refundId: refund.id, amountCents: refund.amount, recorded };
}

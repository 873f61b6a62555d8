/**
 * "Manage payment method and invoices": a Stripe customer portal session for the signed-in licensee's own customer
 * (the one their license subscriptions bill, else the one their saved wallet card lives on), returning to billing.
 */
import { and, desc, eq, isNotNull } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { licensees, territoryLicenses } from "#server/db/schema/index.ts";
import type { BillingGateway } from "#server/integrations/stripe/client.ts";
import type { Actor } from "../actor.ts";
import { PaymentStartError } from "../wallet/errors.ts";
import { BillingNotConfiguredError, NoBillingAccountError } from "./errors.ts";
import { billingUrl } from "./shared.ts";

export async function openBillingPortal(
  db: Database,
  actor: Actor,
  opts: { gateway: BillingGateway | null; publicUrl: string },
): Promise<{ url: string }> {
  if (!opts.gateway) throw new BillingNotConfiguredError();
  if (!actor.userId) throw new NoBillingAccountError();
  const [lic] = await db
    .select({ id: licensees.id, customer: licensees.stripeCustomerId })
    .from(licensees)
    .where(eq(licensees.userId, actor.userId));
  if (!lic) throw new NoBillingAccountError();
  const [license] = await db
    .select({ customer: territoryLicenses.stripeCustomerId })
    .from(territoryLicenses)
    .where(and(eq(territoryLicenses.licenseeId, lic.id), isNotNull(territoryLicenses.stripeCustomerId)))
    .orderBy(desc(territoryLicenses.startsAt))
    .limit(1);
  const customer = license?.customer ?? lic.customer;
  if (!customer) throw new NoBillingAccountError();
  try {
    return await opts.gateway.createPortalSession(customer, billingUrl(opts.publicUrl));
  } catch (err) {
    throw new PaymentStartError(err);
  }
}

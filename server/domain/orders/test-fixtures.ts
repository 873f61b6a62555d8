/** Test helpers: take an approved order through signing and payment by the domain's own paths. */
import { eq } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { agreements, licenseOrders, territoryLicenses } from "#server/db/schema/index.ts";
import { type CheckoutSession, LICENSE_ORDER_PURPOSE } from "#server/integrations/stripe/client.ts";
import { SYSTEM_ACTOR } from "../actor.ts";
import { fulfilOrderCheckout } from "./checkout.ts";
import { orderAgreementSigned } from "./lifecycle.ts";

export const ORDER_LINKS = { publicUrl: "https://poundcodes.test", linkSecret: "order-link-secret-for-tests" };
export const ACTIVATION = { ...ORDER_LINKS, salesEmail: "sales@poundcodes.test" };

/** A Checkout Session as the provider reports a paid license checkout of `orderId`. */
export function paidSession(
  orderId: string,
  amountCents: number,
  over: Partial<CheckoutSession> = {},
): CheckoutSession {
  return {
    id: `cs_test_${orderId.replaceAll("-", "")}`,
    url: null,
    mode: "subscription",
    status: "complete",
    payment_status: "paid",
    amount_total: amountCents,
    currency: "usd",
    client_reference_id: orderId,
    metadata: { purpose: LICENSE_ORDER_PURPOSE, order_id: orderId },
    customer: "cus_test_fixture",
    subscription: `sub_test_${orderId.slice(0, 8)}`,
    ...over,
  };
}

/** Records a signature on the order's agreement as signing does (without the PDF), moving the order to signed. */
export async function signOrder(db: Database, orderId: string, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const [order] = await tx.select().from(licenseOrders).where(eq(licenseOrders.id, orderId));
    await tx
      .update(agreements)
      .set({ status: "active", signedAt: now, signerName: "Dana Whitfield", documentSha256: "0".repeat(64) })
      .where(eq(agreements.id, order!.agreementId!));
    await orderAgreementSigned(tx, SYSTEM_ACTOR, order!.agreementId!, now);
  });
}

/** What the order's checkout collects: the license's setup deposit and first month. */
export async function dueOf(db: Database, orderId: string): Promise<number> {
  const [row] = await db
    .select({ setup: territoryLicenses.setupFeeCents, monthly: territoryLicenses.monthlyFeeCents })
    .from(licenseOrders)
    .innerJoin(territoryLicenses, eq(territoryLicenses.id, licenseOrders.licenseId))
    .where(eq(licenseOrders.id, orderId));
  return row!.setup + row!.monthly;
}

/** Signs and pays an approved order: it ends active, its pair licensed. */
export async function completeOrder(db: Database, orderId: string): Promise<void> {
  await signOrder(db, orderId);
  const { outcome } = await fulfilOrderCheckout(
    db,
    SYSTEM_ACTOR,
    paidSession(orderId, await dueOf(db, orderId)),
    ACTIVATION,
  );
  if (outcome !== "activated") throw new Error(`order ${orderId} was not activated: ${outcome}`);
}

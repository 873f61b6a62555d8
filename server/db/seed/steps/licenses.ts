/**
 * The demo licensee's active licenses, each with its signed agreement, its monthly amount and the invoices it has
 * paid so far (no Stripe ids: the demo never reaches Stripe), so the admin billing figures read real rows; and one agreement waiting for signature in the portal: the updated Adjunct Marketing Agreement for
 * the Georgia license, drafted the way the product drafts it.
 */
import { draftAgreement } from "../../../domain/agreements/agreements.ts";
import type { Tx } from "../../client.ts";
import { agreements, licenseInvoices, territoryLicenses } from "../../schema/index.ts";
import { DEMO_LICENSES, demoSubscription } from "../data/demo-licensee.ts";
import { need } from "../need.ts";
import type { CatalogueIds } from "./catalogue.ts";

/** Inserts the licenses with their subscriptions; returns their ids by territory id. */
async function insertLicenses(tx: Tx, ids: CatalogueIds, licenseeId: string): Promise<ReadonlyMap<string, string>> {
  const rows = await tx
    .insert(territoryLicenses)
    .values(
      DEMO_LICENSES.map((l) => {
        const sub = demoSubscription(l);
        return {
          licenseeId,
          territoryId: need(ids.territoryIds, l.territoryKey, "territory"),
          categoryId: need(ids.categoryIds, l.categorySlug, "category"),
          status: "active" as const,
          monthlyFeeCents: l.monthlyFeeCents,
          baseLicenseFeeCents: l.baseLicenseFeeCents,
          categoryModifierAmountCents: l.categoryModifierAmountCents,
          keywordModifierAmountCents: l.keywordModifierAmountCents,
          finalCalculatedFeeCents: l.finalCalculatedFeeCents,
          setupFeeCents: l.setupFeeCents,
          pricingDetails: { ...l.pricingDetails },
          startsAt: new Date(l.startsAt),
          subscriptionAmountCents: sub.subscriptionAmountCents,
          currentPeriodEnd: new Date(sub.currentPeriodEnd),
          createdAt: new Date(l.startsAt),
        };
      }),
    )
    .returning({ id: territoryLicenses.id, territoryId: territoryLicenses.territoryId });
  return new Map(rows.map((r) => [r.territoryId, r.id]));
}

/** Every demo license's paid invoices, as Stripe's events would have recorded them. */
async function insertInvoices(tx: Tx, ids: CatalogueIds, licenseIdByTerritory: ReadonlyMap<string, string>) {
  await tx.insert(licenseInvoices).values(
    DEMO_LICENSES.flatMap((l) => {
      const licenseId = need(licenseIdByTerritory, need(ids.territoryIds, l.territoryKey, "territory"), "license");
      return demoSubscription(l).invoices.map((i) => ({
        licenseId,
        stripeInvoiceId: i.stripeInvoiceId,
        billingReason: i.billingReason,
        status: "paid" as const,
        periodStart: new Date(i.periodStart),
        periodEnd: new Date(i.periodEnd),
        amountDueCents: i.amountCents,
        amountPaidCents: i.amountCents,
        attemptCount: 1,
        issuedAt: new Date(i.issuedAt),
        paidAt: new Date(i.paidAt),
        createdAt: new Date(i.paidAt),
        updatedAt: new Date(i.paidAt),
      }));
    }),
  );
}

/** When the pending agreement was sent for signature (fixed, like every demo date). */
export const DEMO_PENDING_AGREEMENT_DRAFTED_AT = new Date("2026-11-16T15:00:00Z");

export async function seedLicenses(tx: Tx, ids: CatalogueIds, licenseeId: string): Promise<void> {
  const licenseIdByTerritory = await insertLicenses(tx, ids, licenseeId);
  await insertInvoices(tx, ids, licenseIdByTerritory);
  const first = DEMO_LICENSES[0];
  if (first) {
    const territoryLicenseId = need(
      licenseIdByTerritory,
      need(ids.territoryIds, first.territoryKey, "territory"),
      "license",
    );
    await draftAgreement(tx, { licenseeId, territoryLicenseId }, { now: DEMO_PENDING_AGREEMENT_DRAFTED_AT });
  }
  await tx.insert(agreements).values(
    DEMO_LICENSES.map((l) => ({
      licenseeId,
      territoryLicenseId: need(licenseIdByTerritory, need(ids.territoryIds, l.territoryKey, "territory"), "license"),
      agreementType: l.agreement.agreementType,
      status: l.agreement.status,
      documentUrl: null,
      signedDate: l.agreement.signedDate,
      terms: l.agreement.terms,
      territoryName: l.agreement.territoryName,
      createdAt: new Date(`${l.agreement.signedDate}T15:00:00Z`),
    })),
  );
}

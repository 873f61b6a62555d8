/**
 * The demo licensee's active licenses, each with its signed agreement, and one agreement waiting for signature in
 * the portal: the updated Adjunct Marketing Agreement for the Georgia license, drafted the way the product drafts it.
 */
import { draftAgreement } from "../../../domain/agreements/agreements.ts";
import type { Tx } from "../../client.ts";
import { agreements, territoryLicenses } from "../../schema/index.ts";
import { DEMO_LICENSES } from "../data/demo-licensee.ts";
import { need } from "../need.ts";
import type { CatalogueIds } from "./catalogue.ts";

/** Inserts the licenses; returns their ids by territory id. */
async function insertLicenses(tx: Tx, ids: CatalogueIds, licenseeId: string): Promise<ReadonlyMap<string, string>> {
  const rows = await tx
    .insert(territoryLicenses)
    .values(
      DEMO_LICENSES.map((l) => ({
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
        createdAt: new Date(l.startsAt),
      })),
    )
    .returning({ id: territoryLicenses.id, territoryId: territoryLicenses.territoryId });
  return new Map(rows.map((r) => [r.territoryId, r.id]));
}

/** When the pending agreement was sent for signature (fixed, like every demo date). */
export const DEMO_PENDING_AGREEMENT_DRAFTED_AT = new Date("2026-11-16T15:00:00Z");

export async function seedLicenses(tx: Tx, ids: CatalogueIds, licenseeId: string): Promise<void> {
  const licenseIdByTerritory = await insertLicenses(tx, ids, licenseeId);
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

/**
 * paid → active, in the transaction that recorded the payment: everything a person used to do by hand.
 *
 * The license becomes active (with its Stripe customer and subscription), the reservation converted, the pair
 * licensed, a vanity number's primary assignment set (ADR 005, item 5), and — for a #Code — the firm's landing
 * page `/p/{code}/{territory}` created from the licensee's profile and live at once (an existing page of the pair
 * is handed to the new licensee instead). The licensee gets one email (receipt, page, next steps) and sales a
 * notice. The partial unique index on active licenses is the last guard against a second active license.
 */
import { eq } from "drizzle-orm";
import { landingPagePath } from "#kernel/schemas/landing-page-strings.ts";
import { vanityNumberLabel } from "#kernel/schemas/reservation-strings.ts";
import type { Tx } from "#server/db/client.ts";
import {
  categories,
  dynamicPages,
  type LicenseOrder,
  licensees,
  reservations,
  territories,
  territoryLicenses,
  vanityNumbers,
} from "#server/db/schema/index.ts";
import { licenseActivated, licenseSoldNotice } from "#server/integrations/email/order-templates.ts";
import type { Actor } from "../actor.ts";
import { isVanityOffering, lockPair, offeringOf, type PairKey, setPairStatus } from "../availability/availability.ts";
import { CHANGE, recordChange } from "../changes.ts";
import { enqueueEmail } from "../email/outbox.ts";
import { normalizePoundCode, pageOfPair } from "../landing-pages/admin.ts";
import { orderUrl } from "./links.ts";
import { moveOrder } from "./machine.ts";

export type ActivationFacts = {
  checkoutSessionId: string;
  paidCents: number;
  stripeCustomerId: string | null;
  stripeSubscriptionId: string | null;
};

export type ActivationOptions = { publicUrl: string; linkSecret: string; salesEmail: string; now: Date };

/** The page's public address, or null for a vanity number (which has no landing page). */
export async function activateOrder(
  tx: Tx,
  actor: Actor,
  order: LicenseOrder,
  facts: ActivationFacts,
  opts: ActivationOptions,
): Promise<{ pagePath: string | null }> {
  const { now } = opts;
  const [row] = await tx
    .select({ license: territoryLicenses, licensee: licensees, territoryName: territories.name })
    .from(territoryLicenses)
    .innerJoin(licensees, eq(licensees.id, territoryLicenses.licenseeId))
    .innerJoin(territories, eq(territories.id, territoryLicenses.territoryId))
    .where(eq(territoryLicenses.id, order.licenseId!))
    .for("update", { of: territoryLicenses });
  const { license, licensee, territoryName } = row!;
  const offering = offeringOf(license);
  const pair: PairKey = { territoryId: license.territoryId, ...offering };

  await tx
    .update(territoryLicenses)
    .set({
      status: "active",
      startsAt: now,
      stripeCustomerId: facts.stripeCustomerId,
      stripeSubscriptionId: facts.stripeSubscriptionId,
      // The checkout's recurring price is this license's monthly fee; the subscription's events keep it current.
      subscriptionAmountCents: facts.stripeSubscriptionId ? license.monthlyFeeCents : null,
      updatedAt: now,
    })
    .where(eq(territoryLicenses.id, license.id));
  await tx
    .update(reservations)
    .set({ status: "converted", updatedAt: now })
    .where(eq(reservations.id, order.reservationId));
  // Locking the pair also records it as changed, so the pages that show it are dropped once this commits.
  await lockPair(tx, pair);
  await setPairStatus(tx, pair, "licensed");

  let offeringName: string;
  let pagePath: string | null = null;
  if (isVanityOffering(offering)) {
    const [number] = await tx
      .update(vanityNumbers)
      .set({ licenseeId: licensee.id, territoryId: license.territoryId })
      .where(eq(vanityNumbers.id, offering.vanityNumberId))
      .returning({ numberText: vanityNumbers.numberText });
    offeringName = vanityNumberLabel(number!.numberText);
  } else {
    const [category] = await tx
      .select({ name: categories.name, type: categories.categoryType })
      .from(categories)
      .where(eq(categories.id, offering.categoryId));
    offeringName = category!.name;
    if (category!.type === "standard") {
      pagePath = await publishFirstPage(tx, {
        poundCode: normalizePoundCode(category!.name),
        territoryId: license.territoryId,
        territoryName,
        licensee,
      });
    }
  }

  await moveOrder(tx, actor, order, "active", {
    now,
    details: { licenseId: license.id, checkoutSessionId: facts.checkoutSessionId, pagePath },
  });

  const base = opts.publicUrl.replace(/\/+$/, "");
  const figures = {
    what: `${offeringName} in ${territoryName}`,
    monthlyFeeCents: license.monthlyFeeCents,
    setupFeeCents: license.setupFeeCents,
  };
  // A new page is not public until the firm completes it: the email sends the firm to its editor.
  const pageEditorUrl = pagePath ? `${base}/dashboard/page-content` : null;
  await enqueueEmail(
    tx,
    licenseActivated({
      ...figures,
      email: licensee.email,
      name: licensee.contactName || licensee.companyName || "there",
      paidCents: facts.paidCents,
      checkoutSessionId: facts.checkoutSessionId,
      paidAt: now,
      pageEditorUrl,
      orderUrl: orderUrl(opts.publicUrl, opts.linkSecret, order.id),
      billingUrl: `${base}/dashboard/billing`,
    }),
  );
  await enqueueEmail(
    tx,
    licenseSoldNotice(opts.salesEmail, {
      ...figures,
      licenseeName: licensee.companyName || licensee.contactName || licensee.email,
      licenseeEmail: licensee.email,
      paidCents: facts.paidCents,
      hasPage: pagePath !== null,
    }),
  );
  return { pagePath };
}

type PageSource = {
  poundCode: string;
  territoryId: string;
  territoryName: string;
  licensee: typeof licensees.$inferSelect;
};

/** Creates the pair's page from the profile, or hands an existing page of the pair to the new licensee. */
async function publishFirstPage(tx: Tx, p: PageSource): Promise<string> {
  recordChange(tx, CHANGE.landingPages);
  const l = p.licensee;
  const company = l.companyName || l.contactName || "Your firm";
  const existing = await pageOfPair(tx, p.territoryId, p.poundCode);
  const office = l.city
    ? [
        {
          name: company,
          address: [l.addressLine1, l.addressLine2].filter(Boolean).join(", "),
          city: l.city,
          phone: l.phone ?? "",
        },
      ]
    : [];
  const content = {
    licenseeId: l.id,
    pageTitle: `${company}: ${p.poundCode} in ${p.territoryName}`,
    businessNameOnPage: company,
    companyDescription: `${company} answers ${p.poundCode} in ${p.territoryName}. Dial ${p.poundCode} from any mobile phone, or send your details below and we will get back to you.`,
    lawFirmLogoUrl: l.lawFirmLogoUrl,
    officeLocations: office,
    contactInfo: {
      ...(l.phone ? { phone: l.phone } : {}),
      email: l.email,
      ...(l.city ? { address: [l.addressLine1, l.city, l.stateProvince].filter(Boolean).join(", ") } : {}),
    },
  };
  if (existing) {
    await tx.update(dynamicPages).set(content).where(eq(dynamicPages.id, existing.id));
  } else {
    await tx.insert(dynamicPages).values({ poundCode: p.poundCode, territoryId: p.territoryId, ...content });
  }
  return landingPagePath(p.poundCode, p.territoryName);
}

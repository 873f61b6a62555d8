/**
 * What a reservation, a waitlist entry or a licence is for: a category (#Code or keyword group) or a vanity number
 * (docs/decisions/005-vanity-numbers-per-territory.md), with the name the emails and dialogs use and the slug of
 * its number page.
 */
import { eq, type SQL } from "drizzle-orm";
import { isUuid } from "#kernel/ids.ts";
import { type OfferingKind, vanityNumberLabel } from "#kernel/schemas/reservation-strings.ts";
import type { DbOrTx } from "#server/db/client.ts";
import { categories, territories, vanityNumbers } from "#server/db/schema/index.ts";
import { isVanityOffering, type Offering } from "../availability/availability.ts";

export type OfferingDetails = {
  offering: Offering;
  kind: OfferingKind;
  /** "#4LAW", or the vanity number's dialled form, "1-800-LAW-HELP". */
  name: string;
  /** The /number/{slug} identifier: "hash-4law", "800-law-help". */
  slug: string;
};

/**
 * Selects the territory a reservation or waitlist form names: by id, or by URL slug (what the number pages' explorer
 * sends; see `territoryRef` in kernel/schemas/reservation.ts).
 */
export function territoryNamedBy(ref: string): SQL {
  return isUuid(ref) ? eq(territories.id, ref) : eq(territories.slug, ref);
}

/** The offering a parsed form names: its vanity number if it names one, else its category; null when neither. */
export function offeringFromInput(input: { categoryId?: string; vanityNumberId?: string }): Offering | null {
  if (input.vanityNumberId) return { vanityNumberId: input.vanityNumberId };
  if (input.categoryId) return { categoryId: input.categoryId };
  return null;
}

/** The offering's name and slug, or null when it does not exist. One query. */
export async function offeringDetails(tx: DbOrTx, o: Offering): Promise<OfferingDetails | null> {
  if (isVanityOffering(o)) {
    const [v] = await tx
      .select({ id: vanityNumbers.id, numberText: vanityNumbers.numberText, slug: vanityNumbers.slug })
      .from(vanityNumbers)
      .where(eq(vanityNumbers.id, o.vanityNumberId));
    if (!v) return null;
    return { offering: { vanityNumberId: v.id }, kind: "vanity", name: vanityNumberLabel(v.numberText), slug: v.slug };
  }
  const [c] = await tx
    .select({ id: categories.id, name: categories.name, slug: categories.slug })
    .from(categories)
    .where(eq(categories.id, o.categoryId));
  if (!c) return null;
  return { offering: { categoryId: c.id }, kind: "category", name: c.name, slug: c.slug };
}

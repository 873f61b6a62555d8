/** Sales contacts and newsletter subscribers for the admin screens. */
import type { Tx } from "../../client.ts";
import { contacts, newsletterSubscribers } from "../../schema/index.ts";
import { CONTACTS, NEWSLETTER_SUBSCRIBERS } from "../data/leads.ts";
import { need } from "../need.ts";
import type { CatalogueIds } from "./catalogue.ts";

export async function seedLeads(tx: Tx, ids: CatalogueIds): Promise<void> {
  await tx.insert(contacts).values(
    CONTACTS.map(({ territoryKey: key, categorySlug, createdAt, ...c }) => ({
      ...c,
      territoryId: key ? need(ids.territoryIds, key, "territory") : null,
      categoryId: categorySlug ? need(ids.categoryIds, categorySlug, "category") : null,
      createdAt: new Date(createdAt),
      updatedAt: new Date(createdAt),
    })),
  );
  await tx
    .insert(newsletterSubscribers)
    .values(NEWSLETTER_SUBSCRIBERS.map((n) => ({ email: n.email, subscribedAt: new Date(n.subscribedAt) })));
}

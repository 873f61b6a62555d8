/** The demo licensee's #4LAW landing page (dynamic_pages). */
import type { Tx } from "../../client.ts";
import { dynamicPages } from "../../schema/index.ts";
import { DEMO_DYNAMIC_PAGE } from "../data/demo-licensee.ts";
import { need } from "../need.ts";
import type { CatalogueIds } from "./catalogue.ts";

export async function seedLandingPage(tx: Tx, ids: CatalogueIds, licenseeId: string): Promise<void> {
  const { territoryKey: pageTerritory, ...page } = DEMO_DYNAMIC_PAGE;
  await tx.insert(dynamicPages).values({
    ...page,
    territoryId: need(ids.territoryIds, pageTerritory, "territory"),
    licenseeId,
    services: [...page.services],
    areasOfLaw: [...page.areasOfLaw],
    officeLocations: page.officeLocations.map((o) => ({ ...o })),
    partnersInfo: page.partnersInfo.map((p) => ({ ...p })),
    reviews: page.reviews.map((r) => ({ ...r })),
    socialMediaLinks: { ...page.socialMediaLinks },
    contactInfo: { ...page.contactInfo },
    createdAt: new Date("2026-03-09T15:00:00Z"),
    updatedAt: new Date("2026-10-20T15:00:00Z"),
  });
}

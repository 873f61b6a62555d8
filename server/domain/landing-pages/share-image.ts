/**
 * A landing page's share image (its `og:image`): drawn once per content and kept in object storage under a name
 * derived from what it shows (`share_images/cards/{hash}.png`), so every server process serves the same bytes,
 * a restart draws nothing again, and a change to the firm's name, #Code, territory or accent makes a new image (the
 * page's meta tags name it by the same hash, so caches never serve an old one). Served only while the page itself is
 * public: it throws what {@link getLandingPage} throws.
 */
import { createHash } from "node:crypto";
import type { LandingPageView } from "#kernel/schemas/landing-page-strings.ts";
import type { DbOrTx } from "#server/db/client.ts";
import { renderShareImage, type ShareCard } from "#server/integrations/share-image/render.ts";
import type { ObjectStorage } from "#server/integrations/storage/storage.ts";
import { getLandingPage } from "./landing-pages.ts";

/** What the image shows, from the page's view. */
export function shareCardOf(view: LandingPageView): ShareCard {
  return {
    poundCode: view.poundCode,
    businessName: view.businessName ?? view.pageTitle ?? view.poundCode,
    territoryName: view.territory.name,
    accent: view.accent,
  };
}

/** The version of the image a view shows: changes whenever the image would. */
export const shareImageVersion = (view: LandingPageView): string =>
  createHash("sha256")
    .update(JSON.stringify(shareCardOf(view)))
    .digest("hex")
    .slice(0, 24);

/** The PNG of the page's share image, drawn and stored on first use. */
export async function landingShareImage(
  db: DbOrTx,
  storage: ObjectStorage,
  input: { poundCode: string; territorySlug: string },
): Promise<{ body: Uint8Array; version: string }> {
  const view = await getLandingPage(db, input);
  const version = shareImageVersion(view);
  // Named by content alone: two pages that would show the same card share its image.
  const key = `share_images/cards/${version}.png`;
  const stored = await storage.get(key);
  if (stored) return { body: stored.body, version };
  const body = await renderShareImage(shareCardOf(view));
  await storage.put(key, body, "image/png");
  return { body, version };
}

/**
 * The logo a firm gives one of its landing pages, uploaded from its editor (/dashboard/page-content).
 *
 * - **Stored** like the profile's images (server/domain/images): checked by content, re-encoded, under
 *   `page_logos/{userId}/{userId}-{timestamp}.{ext}`. The upload comes with the firm's proposal: its URL is the
 *   proposal's `lawFirmLogoUrl`, so the logo goes live with the rest of the proposal (at once, or when approved). An
 *   upload whose proposal is refused is deleted again.
 * - **Read** through `/media/…` ({@link readPageLogo}): public while a served page shows it; private to the firm and
 *   administrators while only a waiting proposal names it (the preview and the reviewer see it); 404 otherwise,
 *   the same answer as a key that never existed. A replaced logo is no longer named, so it is no longer served.
 */
import { and, eq, sql } from "drizzle-orm";
import { UPLOAD_MESSAGES } from "#kernel/schemas/profile.ts";
import type { DbOrTx } from "#server/db/client.ts";
import { dynamicPageRevisions, dynamicPages, licensees } from "#server/db/schema/index.ts";
import type { ObjectStorage } from "#server/integrations/storage/storage.ts";
import { type Actor, isAdmin } from "../actor.ts";
import { UploadError } from "../images/errors.ts";
import {
  checkUpload,
  IMAGE_AREAS,
  IMAGE_FORMATS,
  imageKey,
  keyOfMediaUrl,
  mediaUrl,
  parseImageKey,
  reencodeImage,
} from "../images/images.ts";
import { type MediaAnswer, MediaNotFoundError, type UploadedFile } from "../profile/images.ts";

/** Whether `url` is a page logo this member uploaded (the only logo a firm's proposal may name). */
export function isOwnPageLogo(url: string, userId: string | null | undefined): boolean {
  const key = keyOfMediaUrl(url, "pageLogo");
  return Boolean(key && userId && parseImageKey(key)?.userId === userId);
}

/** Checks, re-encodes and stores the firm's uploaded logo; answers its URL and storage key. */
export async function storePageLogo(
  storage: ObjectStorage,
  actor: Actor,
  file: UploadedFile,
  opts: { maxBytes: number; now?: Date },
): Promise<{ url: string; key: string }> {
  if (!actor.userId) throw new UploadError("no_licensee", UPLOAD_MESSAGES.noLicensee, 409);
  const { format, bytes } = await checkUpload(file, opts.maxBytes);
  const body = await reencodeImage(bytes, format, "pageLogo");
  const key = imageKey("pageLogo", actor.userId, format, opts.now ?? new Date());
  try {
    await storage.put(key, body, IMAGE_FORMATS[format].mime);
  } catch (err) {
    throw new UploadError("store_failed", UPLOAD_MESSAGES.storeFailed, 503, err);
  }
  return { url: mediaUrl(key), key };
}

/** The stored page logo behind `/media/page_logos/…`, if the caller may see it (see the module's header). */
export async function readPageLogo(
  db: DbOrTx,
  storage: ObjectStorage,
  actor: Actor,
  key: string,
): Promise<MediaAnswer> {
  const parsed = parseImageKey(key);
  if (!parsed || parsed.area !== IMAGE_AREAS.pageLogo) throw new MediaNotFoundError();
  const url = mediaUrl(key);
  const [shown] = await db
    .select({ id: dynamicPages.id })
    .from(dynamicPages)
    .innerJoin(licensees, eq(licensees.id, dynamicPages.licenseeId))
    .where(and(eq(dynamicPages.lawFirmLogoUrl, url), eq(licensees.status, "active")))
    .limit(1);
  let visibility: MediaAnswer["visibility"] = "public";
  if (!shown) {
    if (actor.userId !== parsed.userId && !isAdmin(actor)) throw new MediaNotFoundError();
    const [proposed] = await db
      .select({ id: dynamicPageRevisions.id })
      .from(dynamicPageRevisions)
      .where(
        and(
          eq(dynamicPageRevisions.status, "pending"),
          sql`${dynamicPageRevisions.changes}->>'lawFirmLogoUrl' = ${url}`,
        ),
      )
      .limit(1);
    if (!proposed) throw new MediaNotFoundError();
    visibility = "private";
  }
  const stored = await storage.get(key);
  if (!stored) throw new MediaNotFoundError();
  const ext = key.slice(key.lastIndexOf(".") + 1);
  const format = ext === "png" ? "png" : ext === "gif" ? "gif" : "jpeg";
  return { body: stored.body, contentType: IMAGE_FORMATS[format].mime, visibility };
}

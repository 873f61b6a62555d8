/**
 * Images inserted into stored content (blog posts, support topics and the other rich-text fields) and posts'
 * featured images: upload by an administrator, and reading them back for `/media/content_images/…`.
 *
 * - **Checked and re-encoded** exactly like profile images (server/domain/images): PNG, JPEG or GIF by content,
 *   within the size limit, decoded and written afresh with sharp (metadata and appended payloads dropped,
 *   orientation applied), bounded to 1600×1600 without cropping or enlarging.
 * - **Stored** under `content_images/{userId}/{random}.{ext}`: a fresh random name per upload, so a name never
 *   changes content (cached for ever) and the names of images in unpublished drafts cannot be guessed.
 * - **Public**: content images appear on public pages, so anyone may read one by its URL; only keys of this
 *   shape are served, nothing else of the storage.
 * - Only administrators upload (they are the only authors of stored content). An upload is audited.
 */
import { randomUUID } from "node:crypto";
import { UPLOAD_MESSAGES } from "#kernel/schemas/profile.ts";
import type { DbOrTx } from "#server/db/client.ts";
import { assertStorageKey, type ObjectStorage } from "#server/integrations/storage/storage.ts";
import { type Actor, assertAdmin } from "../actor.ts";
import { recordAudit } from "../audit/audit.ts";
import { ForbiddenError, NotFoundError } from "../errors.ts";
import { UploadError } from "../images/errors.ts";
import {
  checkUpload,
  IMAGE_FORMATS,
  type ImageFormat,
  loadSharp,
  MAX_INPUT_PIXELS,
  mediaUrl,
} from "../images/images.ts";

export const CONTENT_IMAGE_AREA = "content_images";
/** The largest stored content image: whole, never cropped or enlarged. */
export const CONTENT_IMAGE_MAX = { width: 1600, height: 1600 };

export type UploadedFile = { name: string; size: number; bytes: () => Promise<Uint8Array> };

const CONTENT_KEY = /^content_images\/([A-Za-z0-9_-]+)\/([0-9a-f-]{36})\.(png|jpg|gif)$/;

/** Decodes and re-encodes the image in its own format, oriented, within 1600×1600 and without metadata. */
export async function reencodeContentImage(bytes: Uint8Array, format: ImageFormat): Promise<Uint8Array> {
  const sharp = await loadSharp();
  try {
    const meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_INPUT_PIXELS) {
      throw new UploadError("too_many_pixels", UPLOAD_MESSAGES.tooManyPixels, 413);
    }
    const animated = format === "gif" && (meta.pages ?? 1) > 1;
    let pipeline = sharp(bytes, { animated, limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" });
    if (!animated) pipeline = pipeline.rotate();
    pipeline = pipeline.resize({ ...CONTENT_IMAGE_MAX, fit: "inside", withoutEnlargement: true });
    const out =
      format === "png"
        ? pipeline.png({ compressionLevel: 9 })
        : format === "jpeg"
          ? pipeline.flatten({ background: "#ffffff" }).jpeg({ quality: 86, mozjpeg: true })
          : pipeline.gif();
    return new Uint8Array(await out.toBuffer());
  } catch (err) {
    if (err instanceof UploadError) throw err;
    const message = String((err as Error)?.message ?? "");
    if (message.includes("pixel limit")) throw new UploadError("too_many_pixels", UPLOAD_MESSAGES.tooManyPixels, 413);
    throw new UploadError("unreadable_image", UPLOAD_MESSAGES.unreadable, 422, err);
  }
}

/** Checks, re-encodes and stores an administrator's image; answers its /media/… URL. */
export async function uploadContentImage(
  db: DbOrTx,
  storage: ObjectStorage,
  actor: Actor,
  file: UploadedFile | null,
  opts: { maxBytes: number },
): Promise<{ url: string; key: string }> {
  assertAdmin(actor);
  if (!actor.userId) throw new ForbiddenError();
  if (!file) throw new UploadError("no_file", UPLOAD_MESSAGES.noFile);
  const { format, bytes } = await checkUpload(file, opts.maxBytes);
  const body = await reencodeContentImage(bytes, format);
  const owner = actor.userId.replace(/[^A-Za-z0-9_-]/g, "") || "admin";
  const key = `${CONTENT_IMAGE_AREA}/${owner}/${randomUUID()}.${IMAGE_FORMATS[format].ext}`;
  assertStorageKey(key);
  try {
    await storage.put(key, body, IMAGE_FORMATS[format].mime);
  } catch (err) {
    throw new UploadError("store_failed", UPLOAD_MESSAGES.storeFailed, 503, err);
  }
  try {
    await recordAudit(db, actor, {
      action: "content_image.upload",
      entityType: "content_image",
      entityId: key,
      details: { bytes: body.byteLength, format, name: file.name.slice(0, 200) },
    });
  } catch (err) {
    // Nothing names an unaudited image: it goes again.
    await storage.delete(key).catch(() => {});
    throw err;
  }
  return { url: mediaUrl(key), key };
}

export class ContentImageNotFoundError extends NotFoundError {
  override name = "ContentImageNotFoundError";
  constructor() {
    super("media_not_found", "Not Found", "This image does not exist.");
  }
}

/** The stored content image behind `/media/content_images/{owner}/{file}`; 404 for any other key. */
export async function readContentImage(
  storage: ObjectStorage,
  owner: string,
  file: string,
): Promise<{ body: Uint8Array; contentType: string }> {
  const key = `${CONTENT_IMAGE_AREA}/${owner}/${file}`;
  const m = CONTENT_KEY.exec(key);
  if (!m) throw new ContentImageNotFoundError();
  const stored = await storage.get(key);
  if (!stored) throw new ContentImageNotFoundError();
  const ext = m[3]!;
  return { body: stored.body, contentType: ext === "png" ? "image/png" : ext === "gif" ? "image/gif" : "image/jpeg" };
}

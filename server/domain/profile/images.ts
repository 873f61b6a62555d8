/**
 * A licensee's avatar and company logo: upload, removal, and who may read them.
 *
 * Storage and database are kept in step without a live URL ever naming a missing object:
 * - upload: check and re-encode → store the new object under a new name → one transaction points the licensee row
 *   at it (with the audit row) → delete the object it replaced. If the transaction fails, the new object is
 *   deleted again, so a failed write leaves nothing behind.
 * - removal: one transaction clears the URL (with the audit row) → delete the object. The object goes only after
 *   no row names it; if that delete fails, the object is unreachable (see below) and only logged.
 *
 * Who may read (served by the `/media/*` resource route):
 * - **Company logos are public**: a logo is shown on the licensee's public landing page, to anyone, so it is
 *   served to anyone, with `Cache-Control: public`, while it is the current logo of an active licensee.
 * - **Avatars are owner-only**: served to the member it belongs to (and to administrators), `private`.
 * - Only an image some licensee row currently names is served. A replaced or removed image, another member's
 *   avatar, or a key the domain never made all answer 404, the same answer as a missing one, so nothing tells
 *   an outsider which keys exist.
 */
import { eq } from "drizzle-orm";
import { PROFILE_IMAGE_AREAS, type ProfileImageKind, UPLOAD_MESSAGES } from "#kernel/schemas/profile.ts";
import type { DbOrTx } from "#server/db/client.ts";
import { licensees } from "#server/db/schema/index.ts";
import { CHANGE, recordChange } from "#server/domain/changes.ts";
import type { ObjectStorage } from "#server/integrations/storage/storage.ts";
import { type Actor, isAdmin } from "../actor.ts";
import { recordAudit } from "../audit/audit.ts";
import { NotFoundError } from "../errors.ts";
import { DeletionError, UploadError } from "../images/errors.ts";
import {
  checkUpload,
  IMAGE_FORMATS,
  imageKey,
  keyOfMediaUrl,
  mediaUrl,
  parseImageKey,
  reencodeImage,
} from "../images/images.ts";

export type UploadedFile = { name: string; size: number; bytes: () => Promise<Uint8Array> };

export type ImageOptions = {
  maxBytes: number;
  now?: Date;
  /** Told about an object that could not be cleaned up (it is unreachable, but takes space). */
  onCleanupError?: (key: string, err: unknown) => void;
};

const column = (kind: ProfileImageKind) => (kind === "avatar" ? "avatarUrl" : "lawFirmLogoUrl");

function ownerOf(actor: Actor, refuse: () => Error): string {
  if (!actor.userId) throw refuse();
  return actor.userId;
}

async function removeQuietly(storage: ObjectStorage, key: string, opts: ImageOptions) {
  try {
    await storage.delete(key);
  } catch (err) {
    opts.onCleanupError?.(key, err);
  }
}

/** Replaces the member's avatar or logo with the uploaded image. Answers the new URL. */
export async function setProfileImage(
  db: DbOrTx,
  storage: ObjectStorage,
  actor: Actor,
  input: { kind: ProfileImageKind; file: UploadedFile | null },
  opts: ImageOptions,
): Promise<{ url: string }> {
  const noLicensee = () => new UploadError("no_licensee", UPLOAD_MESSAGES.noLicensee, 409);
  const userId = ownerOf(actor, noLicensee);
  const [lic] = await db.select({ id: licensees.id }).from(licensees).where(eq(licensees.userId, userId));
  if (!lic) throw noLicensee();
  if (!input.file) throw new UploadError("no_file", UPLOAD_MESSAGES.noFile);

  const { format, bytes } = await checkUpload(input.file, opts.maxBytes);
  const body = await reencodeImage(bytes, format, input.kind);
  const key = imageKey(input.kind, userId, format, opts.now ?? new Date());
  const url = mediaUrl(key);
  try {
    await storage.put(key, body, IMAGE_FORMATS[format].mime);
  } catch (err) {
    throw new UploadError("store_failed", UPLOAD_MESSAGES.storeFailed, 503, err);
  }

  let previous: string | null;
  try {
    previous = await db.transaction(async (tx) => {
      recordChange(tx, CHANGE.landingPages);
      const [row] = await tx.select().from(licensees).where(eq(licensees.userId, userId)).for("update");
      if (!row) throw noLicensee();
      const before = row[column(input.kind)];
      await tx
        .update(licensees)
        .set({ [column(input.kind)]: url, updatedAt: new Date() })
        .where(eq(licensees.id, row.id));
      await recordAudit(tx, actor, {
        action: `licensee.${input.kind}.set`,
        entityType: "licensee",
        entityId: row.id,
        details: { before, after: url, bytes: body.byteLength, format },
      });
      return before;
    });
  } catch (err) {
    await removeQuietly(storage, key, opts);
    throw err;
  }
  const old = keyOfMediaUrl(previous, input.kind);
  if (old && old !== key) await removeQuietly(storage, old, opts);
  return { url };
}

/** Clears the member's avatar or logo and deletes the stored image. */
export async function removeProfileImage(
  db: DbOrTx,
  storage: ObjectStorage,
  actor: Actor,
  kind: ProfileImageKind,
  opts: Pick<ImageOptions, "onCleanupError"> = {},
): Promise<void> {
  const noLicensee = () => new DeletionError("no_licensee", UPLOAD_MESSAGES.noLicensee, 409);
  const userId = ownerOf(actor, noLicensee);
  const previous = await db.transaction(async (tx) => {
    recordChange(tx, CHANGE.landingPages);
    const [row] = await tx.select().from(licensees).where(eq(licensees.userId, userId)).for("update");
    if (!row) throw noLicensee();
    const before = row[column(kind)];
    if (!before) throw new DeletionError("nothing_to_remove", UPLOAD_MESSAGES.nothingToRemove(kind), 404);
    await tx
      .update(licensees)
      .set({ [column(kind)]: null, updatedAt: new Date() })
      .where(eq(licensees.id, row.id));
    await recordAudit(tx, actor, {
      action: `licensee.${kind}.remove`,
      entityType: "licensee",
      entityId: row.id,
      details: { before },
    });
    return before;
  });
  const key = keyOfMediaUrl(previous, kind);
  if (key) await removeQuietly(storage, key, { maxBytes: 0, ...opts });
}

export class MediaNotFoundError extends NotFoundError {
  override name = "MediaNotFoundError";
  constructor() {
    super("media_not_found", "Not Found", "This image does not exist.");
  }
}

export type MediaAnswer = { body: Uint8Array; contentType: string; visibility: "public" | "private" };

/** The stored image behind `/media/{key}`, if the caller may see it (see the module's header); 404 otherwise. */
export async function readProfileMedia(
  db: DbOrTx,
  storage: ObjectStorage,
  actor: Actor,
  key: string,
): Promise<MediaAnswer> {
  const parsed = parseImageKey(key);
  if (!parsed) throw new MediaNotFoundError();
  const kind: ProfileImageKind = parsed.area === PROFILE_IMAGE_AREAS.avatar ? "avatar" : "logo";
  const [row] = await db
    .select({ avatarUrl: licensees.avatarUrl, logoUrl: licensees.lawFirmLogoUrl, status: licensees.status })
    .from(licensees)
    .where(eq(licensees.userId, parsed.userId));
  if (!row) throw new MediaNotFoundError();
  const current = kind === "avatar" ? row.avatarUrl : row.logoUrl;
  if (current !== mediaUrl(key)) throw new MediaNotFoundError();
  const owner = actor.userId === parsed.userId || isAdmin(actor);
  const isPublic = kind === "logo" && row.status === "active";
  if (!isPublic && !owner) throw new MediaNotFoundError();
  const stored = await storage.get(key);
  if (!stored) throw new MediaNotFoundError();
  return {
    body: stored.body,
    contentType: IMAGE_FORMATS[parseFormat(key)].mime,
    visibility: isPublic ? "public" : "private",
  };
}

function parseFormat(key: string): keyof typeof IMAGE_FORMATS {
  const ext = key.slice(key.lastIndexOf(".") + 1);
  return ext === "png" ? "png" : ext === "gif" ? "gif" : "jpeg";
}

/**
 * Uploaded images (avatars and company logos): what is accepted, how it is re-encoded, and where it is stored.
 *
 * - **Accepted**: PNG, JPEG and GIF, decided by the file's content (its magic bytes, read by `file-type`), never by
 *   its name or the type the browser declared. A file whose name claims another type than its content (a PNG
 *   renamed .gif, an image named .html) is refused too: a mistake or a trick either way. Empty files and files over the
 *   configured limit are refused before any decoding.
 * - **Re-encoded** with sharp into the same format: the pixels are decoded and written afresh, so nothing but the
 *   image survives (EXIF, GPS, comments and any payload appended to the file are dropped), orientation is applied,
 *   and the size is bounded (avatars at most 512×512, cropped to fill; logos at most 1200×600, whole). Decoding is
 *   capped at 40 megapixels against decompression bombs.
 * - **Stored** under `{area}/{userId}/{userId}-{timestamp}.{ext}` (area `profile_images` or `company_logos`, as
 *   the spec names the buckets, or `page_logos` for the logo a firm gives one of its landing pages). A new upload gets a new name, so a name never changes content and can be cached
 *   for ever; the URL kept in the licensee row is `/media/{key}`.
 */
import { fileTypeFromBuffer } from "file-type";
import {
  PROFILE_IMAGE_AREAS,
  type ProfileImageArea,
  type ProfileImageKind,
  UPLOAD_MESSAGES,
} from "#kernel/schemas/profile.ts";
import { assertStorageKey } from "#server/integrations/storage/storage.ts";
import { UploadError } from "./errors.ts";

export type ImageFormat = "png" | "jpeg" | "gif";

export const IMAGE_FORMATS: Record<ImageFormat, { mime: string; ext: string; label: string; names: string[] }> = {
  png: { mime: "image/png", ext: "png", label: "PNG", names: ["png"] },
  jpeg: { mime: "image/jpeg", ext: "jpg", label: "JPEG", names: ["jpg", "jpeg", "jpe", "jfif"] },
  gif: { mime: "image/gif", ext: "gif", label: "GIF", names: ["gif"] },
};

/** What reads as a file-type extension ("png", "html", "jpeg"); "45" of "10.30.45" does not. */
const TYPE_EXTENSION = /^[a-z][a-z0-9]{1,4}$/;

export const MAX_INPUT_PIXELS = 40_000_000;

/** What an uploaded image is for: a member's avatar or company logo, or the logo of one of their landing pages. */
export type ImageKind = ProfileImageKind | "pageLogo";
/** The storage area of each kind (the profile's as the spec names them). */
export const IMAGE_AREAS = { ...PROFILE_IMAGE_AREAS, pageLogo: "page_logos" } as const;
export type ImageArea = ProfileImageArea | typeof IMAGE_AREAS.pageLogo;

const SIZES: Record<ImageKind, { width: number; height: number; fit: "cover" | "inside" }> = {
  avatar: { width: 512, height: 512, fit: "cover" },
  logo: { width: 1200, height: 600, fit: "inside" },
  pageLogo: { width: 1200, height: 600, fit: "inside" },
};

/** The format of these bytes by their content, or null when they are not a PNG, JPEG or GIF. */
export async function detectImageFormat(bytes: Uint8Array): Promise<ImageFormat | null> {
  const found = await fileTypeFromBuffer(bytes);
  switch (found?.mime) {
    case "image/png":
      return "png";
    case "image/jpeg":
      return "jpeg";
    case "image/gif":
      return "gif";
    default:
      return null;
  }
}

function extensionOf(name: string): string | null {
  const base = name.split(/[\\/]/).pop() ?? "";
  const dot = base.lastIndexOf(".");
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : null;
}

/**
 * Checks an upload before anything is stored: present, not empty, within `maxBytes`, a PNG, JPEG or GIF by
 * content, and not named as another image type. Answers the format the content has.
 */
export async function checkUpload(
  file: { name: string; size: number; bytes: () => Promise<Uint8Array> },
  maxBytes: number,
): Promise<{ format: ImageFormat; bytes: Uint8Array }> {
  if (file.size === 0) throw new UploadError("empty_file", UPLOAD_MESSAGES.empty);
  if (file.size > maxBytes) throw new UploadError("file_too_large", UPLOAD_MESSAGES.tooLarge(maxBytes), 413);
  const bytes = await file.bytes();
  if (bytes.byteLength === 0) throw new UploadError("empty_file", UPLOAD_MESSAGES.empty);
  if (bytes.byteLength > maxBytes) throw new UploadError("file_too_large", UPLOAD_MESSAGES.tooLarge(maxBytes), 413);
  const format = await detectImageFormat(bytes);
  if (!format) throw new UploadError("unsupported_type", UPLOAD_MESSAGES.notImage, 415);
  const ext = extensionOf(file.name);
  if (ext && TYPE_EXTENSION.test(ext) && !IMAGE_FORMATS[format].names.includes(ext)) {
    throw new UploadError("name_mismatch", UPLOAD_MESSAGES.nameMismatch(ext, IMAGE_FORMATS[format].label), 415);
  }
  return { format, bytes };
}

let sharpModule: Promise<typeof import("sharp")> | undefined;
/**
 * sharp, loaded by the first image a process decodes rather than with the server: libvips is a native library of
 * megabytes that most processes never need between uploads (ADR 031).
 */
export async function loadSharp(): Promise<typeof import("sharp")["default"]> {
  sharpModule ??= import("sharp");
  return (await sharpModule).default;
}

/** Decodes and re-encodes the image in its own format, oriented, bounded in size and without metadata. */
export async function reencodeImage(bytes: Uint8Array, format: ImageFormat, kind: ImageKind): Promise<Uint8Array> {
  const size = SIZES[kind];
  const sharp = await loadSharp();
  try {
    const meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_INPUT_PIXELS) {
      throw new UploadError("too_many_pixels", UPLOAD_MESSAGES.tooManyPixels, 413);
    }
    const animated = format === "gif" && (meta.pages ?? 1) > 1;
    let pipeline = sharp(bytes, { animated, limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" });
    if (!animated) pipeline = pipeline.rotate();
    pipeline = pipeline.resize({
      width: size.width,
      height: size.height,
      fit: size.fit,
      withoutEnlargement: true,
    });
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

/** `profile_images/{userId}/{userId}-{timestamp}.png`: the spec's path, the area of the image's kind. */
export function imageKey(kind: ImageKind, userId: string, format: ImageFormat, now: Date): string {
  const key = `${IMAGE_AREAS[kind]}/${userId}/${userId}-${now.getTime()}.${IMAGE_FORMATS[format].ext}`;
  assertStorageKey(key);
  return key;
}

export const MEDIA_PREFIX = "/media/";

/** The URL an image is served at (kept in the licensee row). */
export function mediaUrl(key: string): string {
  return `${MEDIA_PREFIX}${key}`;
}

/** The storage key behind a media URL of this kind, or null for anything else (an outside URL, another area). */
export function keyOfMediaUrl(url: string | null | undefined, kind: ImageKind): string | null {
  if (!url?.startsWith(MEDIA_PREFIX)) return null;
  const key = url.slice(MEDIA_PREFIX.length);
  const parsed = parseImageKey(key);
  return parsed && parsed.area === IMAGE_AREAS[kind] ? key : null;
}

const IMAGE_KEY = /^(profile_images|company_logos|page_logos)\/([A-Za-z0-9_-]+)\/\2-(\d{1,16})\.(png|jpg|gif)$/;

/** The parts of an image key the domain made, or null for any other string. */
export function parseImageKey(key: string): { area: ImageArea; userId: string; file: string } | null {
  const m = IMAGE_KEY.exec(key);
  if (!m) return null;
  return { area: m[1] as ImageArea, userId: m[2]!, file: key.slice(key.lastIndexOf("/") + 1) };
}

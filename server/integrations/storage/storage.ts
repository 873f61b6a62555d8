/**
 * Object storage for uploaded images and signed documents. Keys look like `profile_images/{userId}/{file}`: the
 * first segment is the bucket-like area, the rest is the object's name. Local disk under DATA_DIR by default;
 * an S3-compatible adapter when `S3_*` is configured.
 */
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";

export type StoredObject = { body: Uint8Array; contentType: string };

export interface ObjectStorage {
  readonly kind: "local" | "s3";
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  /** Null when the object does not exist. */
  get(key: string): Promise<StoredObject | null>;
  /** Deleting a missing object is not an error. */
  delete(key: string): Promise<void>;
}

const KEY = /^[a-z_]+\/[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_.-]+)+$/;

/** Keys are built by the domain, never taken from a request as they are; this refuses anything path-like. */
export function assertStorageKey(key: string): void {
  if (!KEY.test(key) || key.includes("..")) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
}

const TYPES: Record<string, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  pdf: "application/pdf",
};

/** The content type of a stored object, from the extension the domain gave its key. */
export function contentTypeOfKey(key: string): string {
  const ext = key.slice(key.lastIndexOf(".") + 1).toLowerCase();
  return TYPES[ext] ?? "application/octet-stream";
}

/** Files under `{root}/{key}`; the content type follows from the key's extension. */
export function localStorage(root: string): ObjectStorage {
  const fileOf = (key: string) => {
    assertStorageKey(key);
    return path.join(root, ...key.split("/"));
  };
  return {
    kind: "local",
    async put(key, body) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, body);
    },
    async get(key) {
      try {
        const body = await readFile(fileOf(key));
        return { body: new Uint8Array(body), contentType: contentTypeOfKey(key) };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw err;
      }
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}

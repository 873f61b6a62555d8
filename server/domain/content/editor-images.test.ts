/**
 * Images for stored content on both databases: an administrator's upload is checked by content, re-encoded within
 * 1600×1600 without metadata, stored under a random name, audited and answered with its /media/… URL; anything
 * but a PNG, JPEG or GIF, and anyone but an administrator, is refused with nothing stored; only keys of the
 * domain's shape are read back.
 */
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, user } from "#server/db/schema/index.ts";
import { createTestDb, type TestDb } from "#server/db/test-utils.ts";
import { localStorage, type ObjectStorage } from "#server/integrations/storage/storage.ts";
import type { Actor } from "../actor.ts";
import { DomainError, ForbiddenError } from "../errors.ts";
import { fileOf, HTML_BYTES, jpegWithExif, pngBytes, uploaded } from "../profile/test-fixtures.ts";
import { ContentImageNotFoundError, readContentImage, uploadContentImage } from "./editor-images.ts";

let t: TestDb;
let root: string;
let storage: ObjectStorage;
const ADMIN: Actor = { userId: "admin_editor_1", role: "admin", ip: "203.0.113.9" };
const MEMBER: Actor = { userId: "member_1", role: "user", ip: "203.0.113.10" };
const MAX = 900 * 1024;

beforeAll(async () => {
  t = await createTestDb();
  await t.db
    .insert(user)
    .values({ id: ADMIN.userId!, name: "Avery Stone", email: "avery@example.com", emailVerified: true, role: "admin" });
  root = await mkdtemp(path.join(tmpdir(), "content-images-"));
  storage = localStorage(root);
});
afterAll(async () => {
  await t.close();
  await rm(root, { recursive: true, force: true });
});

async function refusal(p: Promise<unknown>): Promise<DomainError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(DomainError);
  return err as DomainError;
}

async function storedFiles(): Promise<string[]> {
  return (await readdir(root, { recursive: true })).filter((f) => /\.(png|jpg|gif)$/.test(String(f))).map(String);
}

describe("uploading a content image", () => {
  it("re-encodes a large JPEG within 1600×1600 without its metadata, stores it and audits the upload", async () => {
    const big = await sharp({ create: { width: 3200, height: 1000, channels: 3, background: "#0b1f3a" } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: "secret-camera-owner" } } })
      .toBuffer();
    const { url, key } = await uploadContentImage(
      t.db,
      storage,
      ADMIN,
      uploaded(fileOf(new Uint8Array(big), "header.jpg", "image/jpeg")),
      { maxBytes: MAX },
    );
    expect(url).toMatch(/^\/media\/content_images\/admin_editor_1\/[0-9a-f-]{36}\.jpg$/);
    const [owner, file] = key.split("/").slice(1);
    const read = await readContentImage(storage, owner!, file!);
    expect(read.contentType).toBe("image/jpeg");
    const meta = await sharp(read.body).metadata();
    expect([meta.width, meta.height]).toEqual([1600, 500]);
    expect(meta.exif).toBeUndefined();
    expect(Buffer.from(read.body).includes("secret-camera-owner")).toBe(false);
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.entityId, key));
    expect(audits.map((a) => a.action)).toEqual(["content_image.upload"]);
  });

  it("gives every upload a new name, and keeps small images at their size", async () => {
    const a = await uploadContentImage(t.db, storage, ADMIN, uploaded(fileOf(await pngBytes(), "a.png")), {
      maxBytes: MAX,
    });
    const b = await uploadContentImage(t.db, storage, ADMIN, uploaded(fileOf(await pngBytes(), "a.png")), {
      maxBytes: MAX,
    });
    expect(a.url).not.toBe(b.url);
    const [owner, file] = a.key.split("/").slice(1);
    const meta = await sharp((await readContentImage(storage, owner!, file!)).body).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 64, 48]);
  });

  it("refuses anything but a PNG, JPEG or GIF, a missing file and a file over the limit, storing nothing", async () => {
    const before = await storedFiles();
    const html = await refusal(
      uploadContentImage(t.db, storage, ADMIN, uploaded(fileOf(HTML_BYTES, "x.png", "image/png")), { maxBytes: MAX }),
    );
    expect(html).toMatchObject({ title: "Upload Failed", message: "Only PNG, JPEG and GIF images can be uploaded." });
    expect((await refusal(uploadContentImage(t.db, storage, ADMIN, null, { maxBytes: MAX }))).message).toBe(
      "Please choose an image to upload.",
    );
    const big = await refusal(
      uploadContentImage(t.db, storage, ADMIN, uploaded(fileOf(await jpegWithExif(), "a.jpg", "image/jpeg")), {
        maxBytes: 100,
      }),
    );
    expect(big.status).toBe(413);
    expect(await storedFiles()).toEqual(before);
  });

  it("refuses anyone but an administrator", async () => {
    const before = await storedFiles();
    for (const actor of [MEMBER, { userId: null } as Actor]) {
      const err = await refusal(
        uploadContentImage(t.db, storage, actor, uploaded(fileOf(await pngBytes(), "a.png")), { maxBytes: MAX }),
      );
      expect(err).toBeInstanceOf(ForbiddenError);
    }
    expect(await storedFiles()).toEqual(before);
  });
});

describe("reading a content image", () => {
  it("serves only keys of the domain's shape", async () => {
    for (const [owner, file] of [
      ["admin_editor_1", "../../etc/passwd"],
      ["admin_editor_1", "not-a-uuid.png"],
      ["..", "0b6a3c1e-8e1f-4a8e-9d7e-1c2b3a4d5e6f.png"],
      ["admin_editor_1", "0b6a3c1e-8e1f-4a8e-9d7e-1c2b3a4d5e6f.svg"],
      ["admin_editor_1", "0b6a3c1e-8e1f-4a8e-9d7e-1c2b3a4d5e6f.png"],
    ] as const) {
      await expect(readContentImage(storage, owner, file)).rejects.toBeInstanceOf(ContentImageNotFoundError);
    }
  });
});

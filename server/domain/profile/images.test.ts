/**
 * Avatar and logo flows on both storage adapters: local disk, and S3 through the official SDK against a real
 * S3-protocol server on loopback. Every refused upload stores nothing and leaves the row as it was.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, licensees } from "#server/db/schema/index.ts";
import { createTestDb, type TestDb } from "#server/db/test-utils.ts";
import { s3Storage } from "#server/integrations/storage/s3.ts";
import { localStorage, type ObjectStorage } from "#server/integrations/storage/storage.ts";
import { startS3Server, type TestS3Server } from "#tests/support/s3-test-server.ts";
import { isDomainError } from "../errors.ts";
import { readProfileMedia, removeProfileImage, setProfileImage } from "./images.ts";
import {
  fileOf,
  gifBytes,
  HTML_BYTES,
  jpegWithExif,
  pngBytes,
  SVG_BYTES,
  seedMember,
  uploaded,
} from "./test-fixtures.ts";

let t: TestDb;
let s3: TestS3Server;
beforeAll(async () => {
  t = await createTestDb();
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3?.stop();
  await t.close();
});

const MAX = 256 * 1024;
let clock = 1_767_225_600_000;
const tick = () => new Date(++clock);

async function refused(p: Promise<unknown>) {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  if (!isDomainError(err)) throw new Error(`expected a refusal, got ${String(err)}`);
  return err;
}

async function rowOf(userId: string) {
  const [row] = await t.db.select().from(licensees).where(eq(licensees.userId, userId));
  return row!;
}

const keyOf = (url: string | null) => url!.slice("/media/".length);

describe.each([
  ["local disk", () => localStorage(mkdtempSync(path.join(tmpdir(), "pc-img-")))],
  ["S3", () => s3Storage(s3.config)],
] as [string, () => ObjectStorage][])("images on %s storage", (_name, makeStorage) => {
  let storage: ObjectStorage;
  beforeAll(() => {
    storage = makeStorage();
  });
  const upload = (userId: string, kind: "avatar" | "logo", file: File, now = tick()) =>
    setProfileImage(t.db, storage, { userId }, { kind, file: uploaded(file) }, { maxBytes: MAX, now });

  it("stores a re-encoded avatar at {userId}/{userId}-{timestamp}.png and points the row at it", async () => {
    const m = await seedMember(t.db);
    const now = tick();
    const { url } = await upload(m.userId, "avatar", fileOf(await pngBytes(900, 600), "Me.png"), now);
    expect(url).toBe(`/media/profile_images/${m.userId}/${m.userId}-${now.getTime()}.png`);
    expect((await rowOf(m.userId)).avatarUrl).toBe(url);
    const stored = await storage.get(keyOf(url));
    expect(stored?.contentType).toBe("image/png");
    expect((await sharp(stored!.body).metadata()).height).toBe(512);
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.entityId, m.licenseeId!));
    expect(audits.map((a) => a.action)).toEqual(["licensee.avatar.set"]);
  });

  it("replaces a logo and deletes the one it replaced", async () => {
    const m = await seedMember(t.db);
    const first = await upload(m.userId, "logo", fileOf(await jpegWithExif(), "logo.jpg", "image/jpeg"));
    expect(first.url).toMatch(/^\/media\/company_logos\/.+\.jpg$/);
    const second = await upload(m.userId, "logo", fileOf(await gifBytes(), "logo.gif", "image/gif"));
    expect((await rowOf(m.userId)).lawFirmLogoUrl).toBe(second.url);
    expect(await storage.get(keyOf(first.url))).toBeNull();
    expect(await storage.get(keyOf(second.url))).not.toBeNull();
  });

  it.each([
    ["a PNG renamed .gif", async () => fileOf(await pngBytes(), "photo.gif", "image/gif"), "name_mismatch"],
    ["an SVG", async () => fileOf(SVG_BYTES, "logo.svg", "image/svg+xml"), "unsupported_type"],
    ["an HTML file named .png", async () => fileOf(HTML_BYTES, "avatar.png", "image/png"), "unsupported_type"],
    ["a 0-byte file", async () => fileOf(new Uint8Array(0), "empty.png"), "empty_file"],
    ["a file over the limit", async () => fileOf(new Uint8Array(MAX + 1).fill(7), "big.png"), "file_too_large"],
  ])("refuses %s with a clear message and stores nothing", async (_label, make, code) => {
    const m = await seedMember(t.db);
    const kept = await upload(m.userId, "avatar", fileOf(await pngBytes(), "kept.png"));
    const now = tick();
    const err = await refused(upload(m.userId, "avatar", await make(), now));
    expect(err).toMatchObject({ code, title: "Upload Failed" });
    expect(err.message.length).toBeGreaterThan(10);
    expect((await rowOf(m.userId)).avatarUrl).toBe(kept.url);
    expect(await storage.get(keyOf(kept.url))).not.toBeNull();
    for (const ext of ["png", "jpg", "gif"]) {
      expect(await storage.get(`profile_images/${m.userId}/${m.userId}-${now.getTime()}.${ext}`)).toBeNull();
    }
  });

  it("refuses a member without a licensee record, before reading the file", async () => {
    const m = await seedMember(t.db, { licensee: false });
    const err = await refused(upload(m.userId, "avatar", fileOf(await pngBytes(), "a.png")));
    expect(err).toMatchObject({ code: "no_licensee", title: "Upload Failed" });
  });

  it("leaves no object behind when the database write fails", async () => {
    const m = await seedMember(t.db);
    const now = tick();
    const failing = new Proxy(t.db, {
      get(target, prop, receiver) {
        if (prop === "transaction") return () => Promise.reject(new Error("database went away"));
        return Reflect.get(target, prop, receiver);
      },
    });
    await expect(
      setProfileImage(
        failing,
        storage,
        { userId: m.userId },
        { kind: "logo", file: uploaded(fileOf(await pngBytes(), "l.png")) },
        { maxBytes: MAX, now },
      ),
    ).rejects.toThrow("database went away");
    expect(await storage.get(`company_logos/${m.userId}/${m.userId}-${now.getTime()}.png`)).toBeNull();
    expect((await rowOf(m.userId)).lawFirmLogoUrl).toBeNull();
  });

  it("refuses with 'Upload Failed' when the storage cannot take the object, and changes nothing", async () => {
    const m = await seedMember(t.db);
    const broken: ObjectStorage = { ...storage, put: () => Promise.reject(new Error("503 Slow Down")) };
    const err = await refused(
      setProfileImage(
        t.db,
        broken,
        { userId: m.userId },
        { kind: "avatar", file: uploaded(fileOf(await pngBytes(), "a.png")) },
        { maxBytes: MAX, now: tick() },
      ),
    );
    expect(err).toMatchObject({ code: "store_failed", status: 503, title: "Upload Failed" });
    expect((await rowOf(m.userId)).avatarUrl).toBeNull();
  });

  it("removes: clears the URL first, then deletes the object; nothing to remove is 'Deletion Failed'", async () => {
    const m = await seedMember(t.db);
    const { url } = await upload(m.userId, "avatar", fileOf(await pngBytes(), "a.png"));
    await removeProfileImage(t.db, storage, { userId: m.userId }, "avatar");
    expect((await rowOf(m.userId)).avatarUrl).toBeNull();
    expect(await storage.get(keyOf(url))).toBeNull();
    const err = await refused(removeProfileImage(t.db, storage, { userId: m.userId }, "avatar"));
    expect(err).toMatchObject({ code: "nothing_to_remove", status: 404, title: "Deletion Failed" });
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.entityId, m.licenseeId!));
    expect(audits.map((a) => a.action).sort()).toEqual(["licensee.avatar.remove", "licensee.avatar.set"]);
  });

  it("keeps the row cleared even when the object cannot be deleted, and reports the leftover", async () => {
    const m = await seedMember(t.db);
    const { url } = await upload(m.userId, "logo", fileOf(await pngBytes(), "l.png"));
    const left: string[] = [];
    const stuck: ObjectStorage = { ...storage, delete: () => Promise.reject(new Error("timeout")) };
    await removeProfileImage(t.db, stuck, { userId: m.userId }, "logo", { onCleanupError: (k) => left.push(k) });
    expect((await rowOf(m.userId)).lawFirmLogoUrl).toBeNull();
    expect(left).toEqual([keyOf(url)]);
    // the leftover object is unreachable: no row names it
    await expect(readProfileMedia(t.db, storage, { userId: null }, keyOf(url))).rejects.toMatchObject({ status: 404 });
  });

  describe("who may read", () => {
    it("serves a logo to anyone (it is on the public landing page), an avatar only to its owner and admins", async () => {
      const owner = await seedMember(t.db);
      const other = await seedMember(t.db);
      const admin = await seedMember(t.db, { role: "admin", licensee: false });
      const avatar = keyOf((await upload(owner.userId, "avatar", fileOf(await pngBytes(), "a.png"))).url);
      const logo = keyOf((await upload(owner.userId, "logo", fileOf(await gifBytes(), "l.gif"))).url);

      const mine = await readProfileMedia(t.db, storage, { userId: owner.userId }, avatar);
      expect(mine).toMatchObject({ contentType: "image/png", visibility: "private" });
      expect(mine.body.byteLength).toBeGreaterThan(0);
      await expect(readProfileMedia(t.db, storage, { userId: other.userId }, avatar)).rejects.toMatchObject({
        status: 404,
      });
      await expect(readProfileMedia(t.db, storage, { userId: null }, avatar)).rejects.toMatchObject({ status: 404 });
      expect((await readProfileMedia(t.db, storage, { userId: admin.userId, role: "admin" }, avatar)).visibility).toBe(
        "private",
      );

      for (const actor of [{ userId: null }, { userId: other.userId }]) {
        expect(await readProfileMedia(t.db, storage, actor, logo)).toMatchObject({
          contentType: "image/gif",
          visibility: "public",
        });
      }
    });

    it("answers 404 for a replaced image, a made-up key, and a logo of an inactive licensee (except to its owner)", async () => {
      const owner = await seedMember(t.db);
      const old = keyOf((await upload(owner.userId, "logo", fileOf(await pngBytes(), "l.png"))).url);
      const current = keyOf((await upload(owner.userId, "logo", fileOf(await pngBytes(), "l.png"))).url);
      for (const key of [old, `company_logos/${owner.userId}/${owner.userId}-1.png`, "company_logos/../x.png"]) {
        await expect(readProfileMedia(t.db, storage, { userId: owner.userId }, key)).rejects.toMatchObject({
          status: 404,
        });
      }
      await t.db.update(licensees).set({ status: "inactive" }).where(eq(licensees.userId, owner.userId));
      await expect(readProfileMedia(t.db, storage, { userId: null }, current)).rejects.toMatchObject({ status: 404 });
      expect((await readProfileMedia(t.db, storage, { userId: owner.userId }, current)).visibility).toBe("private");
    });

    it("cannot remove another member's image: removal acts on the caller's own record only", async () => {
      const owner = await seedMember(t.db);
      const other = await seedMember(t.db);
      const { url } = await upload(owner.userId, "avatar", fileOf(await pngBytes(), "a.png"));
      const err = await refused(removeProfileImage(t.db, storage, { userId: other.userId }, "avatar"));
      expect(err.status).toBe(404);
      expect((await rowOf(owner.userId)).avatarUrl).toBe(url);
      expect(await storage.get(keyOf(url))).not.toBeNull();
    });
  });
});

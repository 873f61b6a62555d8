/**
 * One contract, both adapters: local disk, and S3 through the official SDK against a real S3-protocol server on
 * loopback. Put, get (type and bytes), overwrite, delete (idempotent), a missing object, and refused keys.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startS3Server, type TestS3Server } from "#tests/support/s3-test-server.ts";
import { s3Storage } from "./s3.ts";
import { assertStorageKey, contentTypeOfKey, localStorage, type ObjectStorage } from "./storage.ts";

let s3: TestS3Server;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(() => s3?.stop());

const adapters: [string, () => ObjectStorage][] = [
  ["local disk", () => localStorage(mkdtempSync(path.join(tmpdir(), "pc-store-")))],
  ["S3", () => s3Storage(s3.config)],
];

const bytes = (...n: number[]) => new Uint8Array(n);

describe.each(adapters)("%s storage", (_name, make) => {
  it("stores, reads back bytes and type, overwrites and deletes", async () => {
    const store = make();
    const key = "profile_images/user_1/user_1-1767225600000.png";
    expect(await store.get(key)).toBeNull();
    await store.put(key, bytes(1, 2, 3), "image/png");
    expect(await store.get(key)).toEqual({ body: bytes(1, 2, 3), contentType: "image/png" });
    await store.put(key, bytes(9), "image/png");
    expect((await store.get(key))?.body).toEqual(bytes(9));
    await store.delete(key);
    expect(await store.get(key)).toBeNull();
    await expect(store.delete(key)).resolves.toBeUndefined();
  });

  it("keeps objects of different areas and owners apart", async () => {
    const store = make();
    await store.put("company_logos/owner_a/owner_a-1.gif", bytes(1), "image/gif");
    await store.put("company_logos/owner_b/owner_b-1.gif", bytes(2), "image/gif");
    expect((await store.get("company_logos/owner_a/owner_a-1.gif"))?.body).toEqual(bytes(1));
    expect((await store.get("company_logos/owner_b/owner_b-1.gif"))?.body).toEqual(bytes(2));
    expect(await store.get("profile_images/owner_a/owner_a-1.gif")).toBeNull();
  });

  it.each([
    "../etc/passwd",
    "profile_images/../../x.png",
    "profile_images/a/../b.png",
    "/profile_images/a/b.png",
    "profile_images/a",
    "Profile_Images/a/b.png",
    "profile_images/a b/c.png",
  ])("refuses the key %j", async (key) => {
    const store = make();
    await expect(store.put(key, bytes(1), "image/png")).rejects.toThrow(/Invalid storage key/);
    await expect(store.get(key)).rejects.toThrow(/Invalid storage key/);
    await expect(store.delete(key)).rejects.toThrow(/Invalid storage key/);
  });
});

describe("S3 adapter errors", () => {
  it("lets a failure of the service surface (wrong bucket) rather than pretend", async () => {
    const store = s3Storage({ ...s3.config, bucket: "no-such-bucket-here" });
    await expect(store.put("profile_images/u/u-1.png", bytes(1), "image/png")).rejects.toThrow();
  });
});

describe("keys and types", () => {
  it("accepts the domain's keys and names the type by extension", () => {
    expect(() => assertStorageKey("profile_images/abc_DEF-1/abc_DEF-1-1767225600000.jpg")).not.toThrow();
    expect(contentTypeOfKey("company_logos/u/u-1.gif")).toBe("image/gif");
    expect(contentTypeOfKey("company_logos/u/u-1.svg")).toBe("application/octet-stream");
  });
});

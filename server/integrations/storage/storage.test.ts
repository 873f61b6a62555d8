/**
 * One contract, both adapters: local disk, and S3 through the official SDK against a real S3-protocol server on
 * loopback. Put, get (type and bytes), overwrite, delete (idempotent), a missing object, and refused keys; and
 * on S3, that objects are written private (no ACL or grant, every request signed, no presigned URLs).
 */
import { mkdtempSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
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

describe("S3 object privacy", () => {
  /** Every request the adapter puts on the wire, recorded by a proxy in front of the S3 server. */
  async function recordingProxy() {
    const seen: { method: string; url: string; headers: http.IncomingHttpHeaders }[] = [];
    const target = new URL(s3.config.endpoint!);
    const proxy = http.createServer((req, res) => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers });
      const out = http.request(
        { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode!, answer.headers);
          answer.pipe(res);
        },
      );
      req.pipe(out);
    });
    await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
    const { port } = proxy.address() as AddressInfo;
    return { seen, endpoint: `http://127.0.0.1:${port}`, close: () => new Promise((r) => proxy.close(r)) };
  }

  it("writes every area's objects with no ACL or grant, so the private bucket's default holds", async () => {
    const proxy = await recordingProxy();
    try {
      const store = s3Storage({ ...s3.config, endpoint: proxy.endpoint });
      // One key of each area the product writes: avatars and logos, landing-page logos, editor images, signed
      // agreements and their originals, share cards.
      const keys = [
        "profile_images/u1/u1-1.png",
        "company_logos/u1/u1-1.png",
        "page_logos/u1/u1-1.png",
        "content_images/u1/0b9f6c1e-3d8b-4f3a-9a55-7f3f1b1c2d3e.png",
        "agreements/lic1/a1-signed-1.pdf",
        "agreements/lic1/a1-original-1.pdf",
        "share_images/cards/abc123.png",
      ];
      for (const key of keys) {
        await store.put(key, bytes(1, 2, 3), contentTypeOfKey(key));
        expect((await store.get(key))?.body).toEqual(bytes(1, 2, 3));
      }
      const puts = proxy.seen.filter((r) => r.method === "PUT");
      expect(puts.map((r) => new URL(r.url, proxy.endpoint).pathname.split("/").slice(2).join("/")).sort()).toEqual(
        [...keys].sort(),
      );
      for (const r of proxy.seen) {
        const names = Object.keys(r.headers);
        expect(
          names.filter((h) => h === "x-amz-acl" || h.startsWith("x-amz-grant-")),
          r.url,
        ).toEqual([]);
        // Every request is signed: the adapter never reads or writes the bucket anonymously.
        expect(r.headers.authorization, r.url).toMatch(/^AWS4-HMAC-SHA256 Credential=S3RVER\//);
        // And never asks for a URL a browser could use: no presigned query strings.
        expect(r.url, r.url).not.toMatch(/X-Amz-Signature|X-Amz-Credential/i);
      }
    } finally {
      await proxy.close();
    }
  });

  it("offers no way to hand out a bucket URL: the app serves every object itself", () => {
    const store = s3Storage(s3.config);
    // The storage contract is put, get and delete; media reach browsers through /media and the agreement
    // routes, which apply the domain's read rules.
    expect(Object.keys(store).sort()).toEqual(["client", "delete", "get", "kind", "put"]);
  });
});

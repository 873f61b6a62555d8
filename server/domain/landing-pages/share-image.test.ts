import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dynamicPages } from "#server/db/schema/index.ts";
import { createTestDb, type TestDb } from "#server/db/test-utils.ts";
import { localStorage } from "#server/integrations/storage/storage.ts";
import { LandingPageNotFoundError } from "./errors.ts";
import { getLandingPage } from "./landing-pages.ts";
import { landingShareImage, shareImageVersion } from "./share-image.ts";
import { seedLandingPage } from "./test-fixtures.ts";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.close());

describe("landingShareImage", () => {
  it("draws a 1200×630 PNG once, keeps it, and draws a new one when what it shows changes", async () => {
    const storage = localStorage(mkdtempSync(join(tmpdir(), "share-")));
    const { page } = await seedLandingPage(t.db, { territoryName: "Share Alpha" });
    const url = { poundCode: "4law", territorySlug: "share-alpha" };

    const first = await landingShareImage(t.db, storage, url);
    const meta = await sharp(first.body).metadata();
    expect(meta).toMatchObject({ format: "png", width: 1200, height: 630 });
    expect(first.version).toBe(shareImageVersion(await getLandingPage(t.db, url)));
    const stored = await storage.get(`share_images/cards/${first.version}.png`);
    expect(stored?.body).toEqual(first.body);

    // Served from storage: the stored bytes come back even if drawing would now differ.
    await storage.put(`share_images/cards/${first.version}.png`, new Uint8Array([1, 2, 3]), "image/png");
    expect((await landingShareImage(t.db, storage, url)).body).toEqual(new Uint8Array([1, 2, 3]));

    await t.db.update(dynamicPages).set({ accent: "violet" }).where(eq(dynamicPages.id, page.id));
    const changed = await landingShareImage(t.db, storage, url);
    expect(changed.version).not.toBe(first.version);
    expect((await sharp(changed.body).metadata()).format).toBe("png");
  });

  it("has no image for a page that is not public", async () => {
    const storage = localStorage(mkdtempSync(join(tmpdir(), "share-")));
    await seedLandingPage(t.db, { territoryName: "Share Beta", page: { companyDescription: null } });
    await expect(
      landingShareImage(t.db, storage, { poundCode: "4law", territorySlug: "share-beta" }),
    ).rejects.toBeInstanceOf(LandingPageNotFoundError);
  });
});

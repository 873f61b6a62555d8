import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { fileOf, gifBytes, HTML_BYTES, jpegWithExif, pngBytes, SVG_BYTES, uploaded } from "../profile/test-fixtures.ts";
import { UploadError } from "./errors.ts";
import { checkUpload, detectImageFormat, imageKey, keyOfMediaUrl, parseImageKey, reencodeImage } from "./images.ts";

const MAX = 200 * 1024;

async function refusal(p: Promise<unknown>): Promise<UploadError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(UploadError);
  return err as UploadError;
}

describe("checkUpload: decided by content", () => {
  it("accepts PNG, JPEG and GIF by their bytes, whatever type the browser declared", async () => {
    const png = await checkUpload(uploaded(fileOf(await pngBytes(), "me.png", "application/x-evil")), MAX);
    expect(png.format).toBe("png");
    expect((await checkUpload(uploaded(fileOf(await jpegWithExif(), "me.JPEG")), MAX)).format).toBe("jpeg");
    expect((await checkUpload(uploaded(fileOf(await jpegWithExif(), "me.jpg")), MAX)).format).toBe("jpeg");
    expect((await checkUpload(uploaded(fileOf(await gifBytes(), "me.gif", "text/html")), MAX)).format).toBe("gif");
    expect((await checkUpload(uploaded(fileOf(await pngBytes(), "no-extension")), MAX)).format).toBe("png");
  });

  it("refuses a PNG renamed .gif", async () => {
    const err = await refusal(checkUpload(uploaded(fileOf(await pngBytes(), "logo.gif", "image/gif")), MAX));
    expect(err).toMatchObject({ code: "name_mismatch", title: "Upload Failed", status: 415 });
    expect(err.message).toBe("The file is named .gif but contains a PNG image. Please upload the original file.");
  });

  it("refuses an SVG, even declared as an image", async () => {
    const err = await refusal(checkUpload(uploaded(fileOf(SVG_BYTES, "logo.svg", "image/svg+xml")), MAX));
    expect(err).toMatchObject({ code: "unsupported_type", message: "Only PNG, JPEG and GIF images can be uploaded." });
  });

  it("refuses an HTML file named .png and declared image/png", async () => {
    const err = await refusal(checkUpload(uploaded(fileOf(HTML_BYTES, "avatar.png", "image/png")), MAX));
    expect(err.code).toBe("unsupported_type");
  });

  it("refuses image bytes under a non-image name (.html)", async () => {
    const err = await refusal(checkUpload(uploaded(fileOf(await pngBytes(), "page.html")), MAX));
    expect(err.code).toBe("name_mismatch");
  });

  it("refuses an empty file and one over the limit, before decoding", async () => {
    const empty = await refusal(checkUpload(uploaded(fileOf(new Uint8Array(0), "a.png")), MAX));
    expect(empty).toMatchObject({
      code: "empty_file",
      message: "The file is empty. Please choose a PNG, JPEG or GIF image.",
    });
    let read = false;
    const big = await refusal(
      checkUpload(
        {
          name: "big.png",
          size: MAX + 1,
          bytes: async () => {
            read = true;
            return new Uint8Array(MAX + 1);
          },
        },
        MAX,
      ),
    );
    expect(big).toMatchObject({ code: "file_too_large", status: 413 });
    expect(big.message).toBe("The file is too large. Images can be at most 200 KB.");
    expect(read).toBe(false);
  });

  it("knows the formats by magic bytes only", async () => {
    expect(await detectImageFormat(await pngBytes())).toBe("png");
    expect(await detectImageFormat(SVG_BYTES)).toBeNull();
    expect(await detectImageFormat(new Uint8Array([0x89, 0x50]))).toBeNull();
  });
});

describe("reencodeImage", () => {
  it("drops metadata, keeps the format and bounds the size", async () => {
    const input = await jpegWithExif(2000, 1000);
    expect((await sharp(input).metadata()).exif).toBeDefined();
    const out = await reencodeImage(input, "jpeg", "avatar");
    const meta = await sharp(out).metadata();
    expect(meta.format).toBe("jpeg");
    expect(meta.exif).toBeUndefined();
    expect([meta.width, meta.height]).toEqual([512, 512]);
    expect(Buffer.from(out).includes("LeakyCam")).toBe(false);
  });

  it("keeps a logo whole within 1200×600 and never enlarges", async () => {
    const wide = await sharp(await reencodeImage(await pngBytes(3000, 1000), "png", "logo")).metadata();
    expect([wide.format, wide.width, wide.height]).toEqual(["png", 1200, 400]);
    const small = await sharp(await reencodeImage(await pngBytes(40, 20), "png", "logo")).metadata();
    expect([small.width, small.height]).toEqual([40, 20]);
  });

  it("drops bytes appended after the image", async () => {
    const png = await pngBytes();
    const tail = new TextEncoder().encode("<script>alert(1)</script>");
    const out = await reencodeImage(new Uint8Array([...png, ...tail]), "png", "avatar");
    expect(Buffer.from(out).includes("<script>")).toBe(false);
  });

  it("re-encodes GIFs as GIFs", async () => {
    expect((await sharp(await reencodeImage(await gifBytes(), "gif", "avatar")).metadata()).format).toBe("gif");
  });

  it("refuses a damaged image with a clear message", async () => {
    const png = await pngBytes(400, 400);
    const err = await refusal(reencodeImage(png.slice(0, 120), "png", "avatar"));
    expect(err).toMatchObject({ code: "unreadable_image", title: "Upload Failed" });
  });
});

describe("keys", () => {
  const now = new Date(1_767_225_600_000);
  it("stores as {area}/{userId}/{userId}-{timestamp}.{ext}", () => {
    expect(imageKey("avatar", "u1", "png", now)).toBe("profile_images/u1/u1-1767225600000.png");
    expect(imageKey("logo", "u1", "jpeg", now)).toBe("company_logos/u1/u1-1767225600000.jpg");
  });

  it("reads back only keys the domain made, of the right kind", () => {
    expect(parseImageKey("company_logos/u1/u1-1.gif")).toEqual({
      area: "company_logos",
      userId: "u1",
      file: "u1-1.gif",
    });
    for (const bad of [
      "company_logos/u1/u2-1.gif",
      "company_logos/u1/u1-1.svg",
      "agreements/u1/u1-1.png",
      "company_logos/u1/../u1-1.png",
      "company_logos/u1/u1-1.png/x",
    ]) {
      expect(parseImageKey(bad)).toBeNull();
    }
    expect(keyOfMediaUrl("/media/profile_images/u1/u1-5.png", "avatar")).toBe("profile_images/u1/u1-5.png");
    expect(keyOfMediaUrl("/media/profile_images/u1/u1-5.png", "logo")).toBeNull();
    expect(keyOfMediaUrl("https://cdn.example.com/logo.png", "logo")).toBeNull();
    expect(keyOfMediaUrl(null, "logo")).toBeNull();
  });
});

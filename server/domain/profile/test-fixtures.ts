/** Tests only: accounts, licensee records and image files for the profile and image tests. */
import { randomUUID } from "node:crypto";
import sharp from "sharp";
import type { DbOrTx } from "#server/db/client.ts";
import { licensees, user } from "#server/db/schema/index.ts";

/** An account (user row) and, unless `licensee: false`, its licensee record. */
export async function seedMember(
  db: DbOrTx,
  opts: { name?: string; companyName?: string | null; licensee?: boolean; role?: "admin" | "user" } = {},
): Promise<{ userId: string; email: string; licenseeId: string | null }> {
  const userId = randomUUID().replaceAll("-", "");
  const email = `${userId}@example.com`;
  await db.insert(user).values({
    id: userId,
    name: opts.name ?? "Morgan Ellis",
    email,
    emailVerified: true,
    companyName: opts.companyName ?? null,
    role: opts.role ?? "user",
  });
  if (opts.licensee === false) return { userId, email, licenseeId: null };
  const [row] = await db
    .insert(licensees)
    .values({ userId, email, contactName: opts.name ?? "Morgan Ellis", companyName: opts.companyName ?? null })
    .returning({ id: licensees.id });
  return { userId, email, licenseeId: row!.id };
}

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 16, g: 42, b: 94 } } });

export async function pngBytes(width = 64, height = 48): Promise<Uint8Array> {
  return new Uint8Array(await solid(width, height).png().toBuffer());
}

/** A JPEG carrying EXIF (camera, comment) that re-encoding must drop. */
export async function jpegWithExif(width = 64, height = 48): Promise<Uint8Array> {
  return new Uint8Array(
    await solid(width, height)
      .jpeg()
      .withExif({ IFD0: { Make: "LeakyCam", ImageDescription: "home address 12 Elm St" } })
      .toBuffer(),
  );
}

export async function gifBytes(width = 32, height = 32): Promise<Uint8Array> {
  return new Uint8Array(await solid(width, height).gif().toBuffer());
}

export const SVG_BYTES = new TextEncoder().encode(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
);
export const HTML_BYTES = new TextEncoder().encode(
  "<!doctype html><html><body><script>alert(1)</script></body></html>",
);

/** What a route or the domain receives from a multipart form. */
export function fileOf(bytes: Uint8Array, name: string, type = "image/png"): File {
  return new File([bytes as Uint8Array<ArrayBuffer>], name, { type });
}

export function uploaded(file: File) {
  return { name: file.name, size: file.size, bytes: async () => new Uint8Array(await file.arrayBuffer()) };
}

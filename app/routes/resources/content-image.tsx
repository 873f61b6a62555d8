/**
 * `/media/content_images/{owner}/{file}`: images inside stored content (posts, topics and other rich text), read
 * from storage (local disk or S3). They appear on public pages, so anyone may read them; only keys of the shape
 * the domain makes are served (server/domain/content/editor-images.ts), anything else is 404.
 *
 * Every upload gets a new random name, so an answer never changes: cached for a year as immutable. The type comes
 * from the domain's own key, and `nosniff` plus a sandboxing policy keep a browser from treating the bytes as
 * anything else.
 */
import { readContentImage } from "#server/domain/content/editor-images.ts";
import { isDomainError } from "#server/domain/errors.ts";
import { services } from "#server/web/route-kit.ts";
import type { Route } from "./+types/content-image";

const YEAR = 365 * 24 * 60 * 60;

export async function loader({ context, params }: Route.LoaderArgs) {
  try {
    const image = await readContentImage(services(context).storage, params.owner, params.file);
    return new Response(image.body as Uint8Array<ArrayBuffer>, {
      headers: {
        "Content-Type": image.contentType,
        "Content-Length": String(image.body.byteLength),
        "Cache-Control": `public, max-age=${YEAR}, immutable`,
        "X-Content-Type-Options": "nosniff",
        "Content-Security-Policy": "default-src 'none'; sandbox",
        "Cross-Origin-Resource-Policy": "same-origin",
      },
    });
  } catch (err) {
    if (!isDomainError(err)) throw err;
    return new Response("Not Found", {
      status: 404,
      headers: {
        "Content-Type": "text/plain; charset=utf-8",
        "Cache-Control": "no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  }
}

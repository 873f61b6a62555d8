/**
 * /p/{code}/{territory}/share.png: the landing page's share image (og:image), drawn once per content and stored
 * (server/domain/landing-pages/share-image.ts). The page names it with `?v={version}`; an answer for the current
 * version is immutable, any other is short-lived. A page that is not public has no image (its own status, as text).
 */
import { isDomainError } from "#server/domain/errors.ts";
import { landingShareImage } from "#server/domain/landing-pages/share-image.ts";
import { services } from "#server/web/route-kit.ts";
import type { Route } from "./+types/landing-share-image";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const s = services(context);
  try {
    const { body, version } = await landingShareImage(s.db, s.storage, {
      poundCode: params.poundCode,
      territorySlug: params.territorySlug,
    });
    const current = new URL(request.url).searchParams.get("v") === version;
    return new Response(body as Uint8Array<ArrayBuffer>, {
      headers: {
        "Content-Type": "image/png",
        "Content-Length": String(body.byteLength),
        "Cache-Control": current ? "public, max-age=31536000, immutable" : "public, max-age=300",
        ETag: `"${version}"`,
        "X-Content-Type-Options": "nosniff",
      },
    });
  } catch (err) {
    if (!isDomainError(err)) throw err;
    return new Response(err.message, {
      status: err.status,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
}

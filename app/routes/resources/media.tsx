/**
 * `/media/{area}/{owner}/{file}`: stored profile images and landing-page logos, streamed from storage (local disk or
 * S3). A landing page's own logo follows server/domain/landing-pages/page-logos.ts.
 *
 * Who may read is the domain's rule (`server/domain/profile/images.ts`): a company logo is public while it is the
 * current logo of an active licensee (it is shown on their public landing page); an avatar only to its owner and
 * administrators; anything else, including a replaced image or another member's avatar, is 404, the same answer
 * as a key that never existed.
 *
 * Names are new for every upload ({userId}-{timestamp}), so an answer never changes: it is cached for a year as
 * immutable, `public` for logos and `private` for avatars. The type comes from the domain's own key, never from
 * the upload, and `nosniff` plus a sandboxing policy keep a browser from treating the bytes as anything else.
 */
import { getUser } from "#server/auth/guards.ts";
import { isDomainError } from "#server/domain/errors.ts";
import { IMAGE_AREAS } from "#server/domain/images/images.ts";
import { readPageLogo } from "#server/domain/landing-pages/page-logos.ts";
import { readProfileMedia } from "#server/domain/profile/images.ts";
import { actorFor, services } from "#server/web/route-kit.ts";
import type { Route } from "./+types/media";

const YEAR = 365 * 24 * 60 * 60;

const notFound = () =>
  new Response("Not Found", {
    status: 404,
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const s = services(context);
  const user = await getUser(context, request);
  try {
    const key = `${params.area}/${params.owner}/${params.file}`;
    const read = params.area === IMAGE_AREAS.pageLogo ? readPageLogo : readProfileMedia;
    const media = await read(s.db, s.storage, actorFor(user, context), key);
    return new Response(media.body as Uint8Array<ArrayBuffer>, {
      headers: {
        "Content-Type": media.contentType,
        "Content-Length": String(media.body.byteLength),
        "Cache-Control": `${media.visibility}, max-age=${YEAR}, immutable`,
        "X-Content-Type-Options": "nosniff",
        "Content-Security-Policy": "default-src 'none'; sandbox",
        "Cross-Origin-Resource-Policy": "same-origin",
      },
    });
  } catch (err) {
    if (isDomainError(err)) return notFound();
    throw err;
  }
}

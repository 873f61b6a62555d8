/**
 * The agreement's PDF behind a short-lived signed link (`server/domain/agreements/links.ts`).
 *
 * Both must hold: a valid, unexpired link, and the signed-in session of the user it was minted for, who must own
 * the agreement or be an administrator. A tampered link, a missing or other session, and someone else's agreement
 * all answer the same 404; an expired link answers 410. GET only; it changes nothing.
 */
import { DOCUMENT_LINK_EXPIRED } from "#kernel/schemas/agreements.ts";
import { getUser } from "#server/auth/guards.ts";
import { agreementDocument } from "#server/domain/agreements/agreements.ts";
import { verifyDocumentLink } from "#server/domain/agreements/links.ts";
import { isDomainError } from "#server/domain/errors.ts";
import { actorFor, services } from "#server/web/route-kit.ts";
import type { Route } from "./+types/agreement-document";

const NO_STORE = { "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff" };
const notFound = () =>
  new Response("Not Found", { status: 404, headers: { ...NO_STORE, "Content-Type": "text/plain" } });

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const s = services(context);
  const check = verifyDocumentLink(s.config.authSecret, params.agreementId, new URL(request.url).searchParams);
  if (!check.ok && check.reason === "invalid") return notFound();
  if (!check.ok) {
    return new Response(DOCUMENT_LINK_EXPIRED, {
      status: 410,
      headers: { ...NO_STORE, "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const user = await getUser(context, request);
  if (!user || user.id !== check.userId) return notFound();
  try {
    const doc = await agreementDocument(s.db, actorFor(user, context), params.agreementId, { storage: s.storage });
    return new Response(new Uint8Array(doc.bytes), {
      headers: {
        ...NO_STORE,
        "Content-Type": "application/pdf",
        "Content-Length": String(doc.bytes.byteLength),
        "Content-Disposition": `${check.download ? "attachment" : "inline"}; filename="${doc.fileName}"`,
        "X-Document-SHA256": doc.sha256,
      },
    });
  } catch (err) {
    if (isDomainError(err) && err.status === 404) return notFound();
    throw err;
  }
}

/**
 * POST /resources/editor-image: an administrator's image for stored content (the rich-text editor's image button, a
 * post's featured image). The file is checked, re-encoded and stored by the domain (server/domain/content/
 * editor-images.ts); the answer is JSON: `{ ok: true, url }` with its /media/… URL, or a refusal, `{ ok: false,
 * code, title, message }` in the product's words (kernel/answers.ts). Anyone but an administrator is refused (403).
 * A GET goes to the blog admin.
 */
import { redirect } from "react-router";
import type { Refusal } from "#kernel/answers.ts";
import { getUser } from "#server/auth/guards.ts";
import { uploadContentImage } from "#server/domain/content/editor-images.ts";
import { isDomainError } from "#server/domain/errors.ts";
import { readForm } from "#server/web/forms.ts";
import { actorFor, services } from "#server/web/route-kit.ts";
import type { Route } from "./+types/editor-image";

export async function action({ request, context }: Route.ActionArgs) {
  const s = services(context);
  const user = await getUser(context, request);
  const form = await readForm(request);
  const file = form.get("file");
  try {
    const { url } = await uploadContentImage(
      s.db,
      s.storage,
      actorFor(user, context),
      file instanceof File && file.size > 0 ? file : null,
      { maxBytes: s.config.uploadMaxBytes },
    );
    return Response.json({ ok: true, url }, { headers: { "Cache-Control": "no-store" } });
  } catch (err) {
    if (!isDomainError(err)) throw err;
    return Response.json({ ok: false, code: err.code, title: err.title, message: err.message } satisfies Refusal, {
      status: err.status,
      headers: { "Cache-Control": "no-store" },
    });
  }
}

export function loader() {
  return redirect("/admin/blog");
}

/**
 * POST /admin/pricing-upload/run: the pricing upload for the page's script (an XMLHttpRequest, so the page can show
 * the upload's progress). Answers JSON: `{ ok: true, summary }` or a refusal, `{ ok: false, code, title, message }`
 * (kernel/answers.ts). The page's own action does the same for browsers without JavaScript. Admins only (the admin
 * layout's guard runs first).
 */
import { handlePricingUpload } from "#server/web/pricing-upload.ts";
import type { Route } from "./+types/pricing-upload-run";

/** Only posts: the page is at /admin/pricing-upload. */
export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST", "Cache-Control": "no-store" } });
}

export async function action(args: Route.ActionArgs) {
  const { status, body } = await handlePricingUpload(args);
  return Response.json(body, { status, headers: { "Cache-Control": "no-store" } });
}

/**
 * POST /admin/pricing-upload/run: the pricing upload for the page's script (an XMLHttpRequest, so the page can show
 * the upload's progress). Answers JSON: `{ ok: true, summary }` or `{ ok: false, title, message }`. The page's own
 * action does the same for browsers without JavaScript. Admins only (the admin layout's guard runs first).
 */
import {
  PRICING_UPLOAD_KINDS,
  PRICING_UPLOAD_MODES,
  PRICING_UPLOAD_TEXT,
  type PricingUploadKind,
  type PricingUploadMode,
  type PricingUploadSummary,
} from "#kernel/schemas/pricing-upload.ts";
import { areaUser } from "#server/auth/guards.ts";
import { invalidatePublic, PUBLIC_TAGS } from "#server/context.ts";
import { isDomainError } from "#server/domain/errors.ts";
import { runPricingUpload } from "#server/domain/pricing-import/import.ts";
import { actorFor, type RouteArgs, services } from "#server/web/route-kit.ts";
import type { Route } from "./+types/pricing-upload-run";

export type PricingUploadAnswer =
  | { ok: true; summary: PricingUploadSummary }
  | { ok: false; title: string; message: string };

const pick = <T extends string>(allowed: readonly T[], value: FormDataEntryValue | null, fallback: T): T =>
  typeof value === "string" && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;

/** Reads the upload form, runs the import and says what happened; never throws for bad input. */
export async function handlePricingUpload({
  request,
  context,
}: RouteArgs): Promise<{ status: number; body: PricingUploadAnswer }> {
  const s = services(context);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return {
      status: 400,
      body: { ok: false, title: PRICING_UPLOAD_TEXT.emptyOrInvalid, message: PRICING_UPLOAD_TEXT.emptyOrInvalid },
    };
  }
  const file = form.get("file");
  if (!(file instanceof File) || (file.size === 0 && file.name === "")) {
    return { status: 400, body: { ok: false, title: PRICING_UPLOAD_TEXT.noFile, message: PRICING_UPLOAD_TEXT.noFile } };
  }
  const kind: PricingUploadKind = pick(PRICING_UPLOAD_KINDS, form.get("kind"), "territories");
  const mode: PricingUploadMode = pick(PRICING_UPLOAD_MODES, form.get("mode"), "all_or_nothing");
  try {
    const summary = await runPricingUpload(s.db, actorFor(areaUser(context), context), {
      kind,
      mode,
      dryRun: form.get("intent") !== "import",
      fileName: file.name,
      bytes: new Uint8Array(await file.arrayBuffer()),
    });
    if (summary.applied) invalidatePublic(context, [PUBLIC_TAGS.catalogue]);
    return { status: 200, body: { ok: true, summary } };
  } catch (err) {
    if (!isDomainError(err)) {
      s.logger.error({ err }, "pricing upload failed");
      return {
        status: 500,
        body: { ok: false, title: PRICING_UPLOAD_TEXT.processingError, message: PRICING_UPLOAD_TEXT.processingError },
      };
    }
    return { status: err.status, body: { ok: false, title: err.title, message: err.message } };
  }
}

/** Only posts: the page is at /admin/pricing-upload. */
export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST", "Cache-Control": "no-store" } });
}

export async function action(args: Route.ActionArgs) {
  const { status, body } = await handlePricingUpload(args);
  return Response.json(body, { status, headers: { "Cache-Control": "no-store" } });
}

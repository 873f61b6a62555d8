/**
 * The pricing upload's form handling, shared by the page's own action (browsers without JavaScript) and
 * POST /admin/pricing-upload/run (the page's script, which shows the upload's progress). Server only: a route
 * module's other exports reach the browser bundle, so this lives here rather than in the route.
 */
import type { Refusal } from "#kernel/answers.ts";
import {
  PRICING_UPLOAD_KINDS,
  PRICING_UPLOAD_MODES,
  PRICING_UPLOAD_TEXT,
  type PricingUploadAnswer,
  type PricingUploadKind,
  type PricingUploadMode,
} from "#kernel/schemas/pricing-upload.ts";
import { areaUser } from "#server/auth/guards.ts";
import { isDomainError } from "#server/domain/errors.ts";
import { runPricingUpload } from "#server/domain/pricing-import/import.ts";
import { actorFor, type RouteArgs, services } from "./route-kit.ts";

const pick = <T extends string>(allowed: readonly T[], value: FormDataEntryValue | null, fallback: T): T =>
  typeof value === "string" && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;

const refused = (code: string, title: string, message: string): Refusal => ({ ok: false, code, title, message });

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
      body: refused("invalid_input", PRICING_UPLOAD_TEXT.emptyOrInvalid, PRICING_UPLOAD_TEXT.emptyOrInvalid),
    };
  }
  const file = form.get("file");
  if (!(file instanceof File) || (file.size === 0 && file.name === "")) {
    return { status: 400, body: refused("no_file", PRICING_UPLOAD_TEXT.noFile, PRICING_UPLOAD_TEXT.noFile) };
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
    return { status: 200, body: { ok: true, summary } };
  } catch (err) {
    if (!isDomainError(err)) {
      s.logger.error({ err }, "pricing upload failed");
      return {
        status: 500,
        body: refused("processing_error", PRICING_UPLOAD_TEXT.processingError, PRICING_UPLOAD_TEXT.processingError),
      };
    }
    return { status: err.status, body: refused(err.code, err.title, err.message) };
  }
}

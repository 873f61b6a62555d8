/**
 * The guard every public form passes before its domain call: a honeypot field that people leave empty, and a
 * per-address rate limit kept in the database. Refusals are domain errors, answered like any other.
 */
import { HONEYPOT_FIELD } from "#kernel/forms.ts";
import type { AppServices } from "#server/context.ts";
import { DomainError, RateLimitedError } from "#server/domain/errors.ts";
import { hitRateLimit, RATE_RULES } from "#server/domain/ratelimit/ratelimit.ts";

/** A bot filled in the hidden field. */
export class HoneypotError extends DomainError {
  override name = "HoneypotError";
  constructor() {
    super({
      code: "honeypot",
      status: 400,
      title: "Submission Failed",
      message: "Your request could not be accepted. Please try again.",
    });
  }
}

/** @throws HoneypotError when the hidden field is filled, RateLimitedError past the per-address limit */
export async function guardPublicForm(s: AppServices, ip: string, form: FormData, formName: string): Promise<void> {
  const trap = form.get(HONEYPOT_FIELD);
  if (typeof trap === "string" && trap.trim() !== "") throw new HoneypotError();
  if (!s.config.rateLimit) return;
  const r = await hitRateLimit(s.db, `${formName}:${ip}`, RATE_RULES.publicForm);
  if (!r.allowed) {
    const minutes = Math.ceil(r.retryAfterSeconds / 60);
    throw new RateLimitedError(
      r.retryAfterSeconds,
      `You have sent several requests in a short time. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
    );
  }
}

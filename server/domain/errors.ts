/**
 * The one error type of the domain layer. A domain function that refuses throws a DomainError carrying
 * everything a route needs to answer: a stable `code`, the HTTP `status`, the user-facing `title` and `message`
 * (the product's own strings), and `fieldErrors` keyed by form field when the refusal is about input.
 * `server/web/respond.ts` is the one place that turns it into a response; nothing else maps errors to statuses.
 */
import type { z } from "zod";

export type FieldErrors = Record<string, string[]>;

export type DomainErrorInit = {
  code: string;
  status: number;
  title: string;
  message: string;
  fieldErrors?: FieldErrors;
  /** For 429 answers: seconds until the caller may try again (sent as Retry-After). */
  retryAfterSeconds?: number;
  cause?: unknown;
};

export class DomainError extends Error {
  override name = "DomainError";
  readonly code: string;
  readonly status: number;
  readonly title: string;
  readonly fieldErrors: FieldErrors | undefined;
  readonly retryAfterSeconds: number | undefined;
  constructor(init: DomainErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.code = init.code;
    this.status = init.status;
    this.title = init.title;
    this.fieldErrors = init.fieldErrors;
    this.retryAfterSeconds = init.retryAfterSeconds;
  }
}

export function isDomainError(err: unknown): err is DomainError {
  return err instanceof DomainError;
}

/** Field errors from a zod error, keyed by dotted path ("form" for errors about the whole input). */
export function fieldErrorsFromZod(error: z.ZodError): FieldErrors {
  const fieldErrors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join(".") : "form";
    const list = fieldErrors[key] ?? [];
    list.push(issue.message);
    fieldErrors[key] = list;
  }
  return fieldErrors;
}

/** Input that fails validation: 400 with field errors; the first message doubles as the summary. */
export class ValidationError extends DomainError {
  override name = "ValidationError";
  constructor(fieldErrors: FieldErrors, title = "Please check the form") {
    const first = Object.values(fieldErrors).flat()[0] ?? "Please check the form and try again.";
    super({ code: "invalid_input", status: 400, title, message: first, fieldErrors });
  }

  static fromZod(error: z.ZodError): ValidationError {
    return new ValidationError(fieldErrorsFromZod(error));
  }
}

/** Something the caller named does not exist (or is not theirs to see): 404. */
export class NotFoundError extends DomainError {
  override name = "NotFoundError";
  constructor(code: string, title: string, message: string) {
    super({ code, status: 404, title, message });
  }
}

/** The caller may not do this: 403. */
export class ForbiddenError extends DomainError {
  override name = "ForbiddenError";
  constructor(message = "You do not have permission to do that.", code = "forbidden") {
    super({ code, status: 403, title: "Not Allowed", message });
  }
}

/** Too many attempts in a window: 429 with Retry-After. */
export class RateLimitedError extends DomainError {
  override name = "RateLimitedError";
  constructor(retryAfterSeconds: number, message?: string) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super({
      code: "rate_limited",
      status: 429,
      title: "Too Many Requests",
      message: message ?? `Too many attempts. Please wait ${minutes} minute(s) and try again.`,
      retryAfterSeconds,
    });
  }
}

/** SQLSTATE of a database error; drizzle may wrap the driver's error in `cause`. */
export function sqlState(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | null | undefined;
  const code = e?.code ?? e?.cause?.code;
  return typeof code === "string" ? code : undefined;
}

/** True for a unique violation (23505), optionally only of the named constraint or index. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  if (sqlState(err) !== "23505") return false;
  if (!constraint) return true;
  const e = err as { constraint?: unknown; cause?: { constraint?: unknown } };
  const name = e?.constraint ?? e?.cause?.constraint;
  // Some drivers leave `constraint` empty; then the message names it.
  if (typeof name === "string" && name) return name === constraint;
  const msg =
    String((err as { message?: unknown })?.message ?? "") +
    String(e?.cause ? (e.cause as { message?: unknown }).message : "");
  return msg.includes(constraint);
}

/**
 * A unique violation as the refusal the domain gives for it: `refusals` names, per unique index, the DomainError
 * of a taken value (a slug, a name), the same one the check before the write gives, so that two saves racing past
 * that check are refused alike. Any other error comes back as it was. Use as `throw uniqueRefusal(err, {…})`.
 */
export function uniqueRefusal(err: unknown, refusals: Record<string, () => DomainError>): unknown {
  for (const [index, refusal] of Object.entries(refusals)) {
    if (isUniqueViolation(err, index)) return refusal();
  }
  return err;
}

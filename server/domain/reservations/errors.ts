/**
 * Typed errors of the reservation and waitlist domain. Each carries the spec's toast title and message
 * (`title`, `message`) and a stable `code`; routes turn them into responses, never the other way round.
 */
import type { z } from "zod";
import {
  SELECT_CATEGORY,
  TERRITORY_NOT_AVAILABLE,
  WAITLIST_NOT_NEEDED,
  WAITLIST_TARGET_NOT_FOUND,
} from "#kernel/schemas/reservation.ts";

export type ReservationErrorCode =
  | "select_category"
  | "territory_not_available"
  | "invalid_input"
  | "waitlist_not_needed"
  | "waitlist_target_not_found"
  | "reservation_limit";

export class ReservationDomainError extends Error {
  override name = "ReservationDomainError";
  readonly code: ReservationErrorCode;
  /** Toast title; `message` is the toast description. */
  readonly title: string;
  constructor(code: ReservationErrorCode, title: string, message: string) {
    super(message);
    this.code = code;
    this.title = title;
  }
}

/** 'Select Category' / 'Please choose a category first.' — no (or an unknown) category. */
export class SelectCategoryError extends ReservationDomainError {
  override name = "SelectCategoryError";
  constructor() {
    super("select_category", SELECT_CATEGORY.title, SELECT_CATEGORY.message);
  }
}

/**
 * 'Territory Not Available' / 'This territory is not currently available for reservation.' — the territory is
 * missing or inactive, or the territory × category is in negotiations, licensed, reserved, or was just taken.
 */
export class TerritoryNotAvailableError extends ReservationDomainError {
  override name = "TerritoryNotAvailableError";
  constructor() {
    super("territory_not_available", TERRITORY_NOT_AVAILABLE.title, TERRITORY_NOT_AVAILABLE.message);
  }
}

/** Field errors from the shared zod schema, keyed by field name (ready for Conform's `reply({ fieldErrors })`). */
export class ReservationValidationError extends ReservationDomainError {
  override name = "ReservationValidationError";
  readonly fieldErrors: Record<string, string[]>;
  constructor(fieldErrors: Record<string, string[]>) {
    const first = Object.values(fieldErrors).flat()[0] ?? "Please check the form and try again.";
    super("invalid_input", "Please check the form", first);
    this.fieldErrors = fieldErrors;
  }

  static fromZod(error: z.ZodError): ReservationValidationError {
    const fieldErrors: Record<string, string[]> = {};
    for (const issue of error.issues) {
      const key = issue.path.length ? issue.path.map(String).join(".") : "form";
      const list = fieldErrors[key] ?? [];
      list.push(issue.message);
      fieldErrors[key] = list;
    }
    return new ReservationValidationError(fieldErrors);
  }
}

/** Waitlist asked for a territory × category that is free: reserve it instead. */
export class WaitlistNotNeededError extends ReservationDomainError {
  override name = "WaitlistNotNeededError";
  constructor() {
    super("waitlist_not_needed", WAITLIST_NOT_NEEDED.title, WAITLIST_NOT_NEEDED.message);
  }
}

/** Waitlist asked for a territory (or category) that does not exist or is withdrawn. */
export class WaitlistTargetNotFoundError extends ReservationDomainError {
  override name = "WaitlistTargetNotFoundError";
  constructor() {
    super("waitlist_target_not_found", WAITLIST_TARGET_NOT_FOUND.title, WAITLIST_TARGET_NOT_FOUND.message);
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

/** One email address already holds the maximum number of active reservations. */
export class ReservationLimitError extends ReservationDomainError {
  override name = "ReservationLimitError";
  constructor(max: number) {
    super(
      "reservation_limit",
      "Reservation Limit Reached",
      `You already hold ${max} territories on reservation. Our licensing team will contact you about them; please finish those before reserving more.`,
    );
  }
}

/**
 * Refusals of the reservation and waitlist domain, as {@link DomainError}s carrying the product's toast title and
 * message (kept in the kernel so the dialogs and the server say the same thing).
 */
import {
  RESERVATION_LIMIT,
  SELECT_CATEGORY,
  TERRITORY_NOT_AVAILABLE,
  WAITLIST_NOT_NEEDED,
  WAITLIST_TARGET_NOT_FOUND,
} from "#kernel/schemas/reservation.ts";
import { DomainError } from "../errors.ts";

/** 'Select Category' / 'Please choose a category first.': no (or an unknown) category. */
export class SelectCategoryError extends DomainError {
  override name = "SelectCategoryError";
  constructor() {
    super({ code: "select_category", status: 400, ...SELECT_CATEGORY });
  }
}

/**
 * 'Territory Not Available': the territory is missing or withdrawn, or the territory × category is held (in
 * negotiations, licensed, reserved) or was just taken by a concurrent request.
 */
export class TerritoryNotAvailableError extends DomainError {
  override name = "TerritoryNotAvailableError";
  constructor() {
    super({ code: "territory_not_available", status: 409, ...TERRITORY_NOT_AVAILABLE });
  }
}

/** Waitlist asked for a territory × category that is free: reserve it instead. */
export class WaitlistNotNeededError extends DomainError {
  override name = "WaitlistNotNeededError";
  constructor() {
    super({ code: "waitlist_not_needed", status: 409, ...WAITLIST_NOT_NEEDED });
  }
}

/** Waitlist asked for a territory (or category) that does not exist or is withdrawn. */
export class WaitlistTargetNotFoundError extends DomainError {
  override name = "WaitlistTargetNotFoundError";
  constructor() {
    super({ code: "waitlist_target_not_found", status: 404, ...WAITLIST_TARGET_NOT_FOUND });
  }
}

/** One requester already holds the maximum number of active reservations. */
export class ReservationLimitError extends DomainError {
  override name = "ReservationLimitError";
  constructor(max: number) {
    super({
      code: "reservation_limit",
      status: 409,
      title: RESERVATION_LIMIT.title,
      message: RESERVATION_LIMIT.message(max),
    });
  }
}

/** One client address placed the most holds allowed in a day. */
export class AddressReservationLimitError extends DomainError {
  override name = "AddressReservationLimitError";
  constructor(max: number) {
    super({
      code: "address_reservation_limit",
      status: 429,
      title: RESERVATION_LIMIT.title,
      message: `Your network has placed ${max} reservations today. Please try again tomorrow, or call us at (800) 580-1500 and we will hold the territory for you.`,
    });
  }
}

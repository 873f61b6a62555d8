/** Refusals of the admin reservation and licence steps, with the product's words from the kernel. */
import {
  LICENCE_NOT_ACTIVE,
  LICENCE_NOT_FOUND,
  PAIR_ALREADY_LICENSED,
  RESERVATION_LAPSED,
  RESERVATION_NOT_ACTIVE,
  RESERVATION_NOT_FOUND,
} from "#kernel/schemas/reservations-admin.ts";
import { DomainError, NotFoundError } from "../errors.ts";

export class ReservationNotFoundError extends NotFoundError {
  override name = "ReservationNotFoundError";
  constructor() {
    super("reservation_not_found", RESERVATION_NOT_FOUND.title, RESERVATION_NOT_FOUND.message);
  }
}

/** Approve, release or extend of a reservation that is converted, cancelled or expired: 409. */
export class ReservationNotActiveError extends DomainError {
  override name = "ReservationNotActiveError";
  constructor(status: string) {
    super({
      code: "reservation_not_active",
      status: 409,
      title: RESERVATION_NOT_ACTIVE.title,
      message: RESERVATION_NOT_ACTIVE.message(status),
    });
  }
}

/** Approving a hold whose time ran out (the expiry job has not got to it yet): 409. */
export class ReservationLapsedError extends DomainError {
  override name = "ReservationLapsedError";
  constructor() {
    super({ code: "reservation_lapsed", status: 409, ...RESERVATION_LAPSED });
  }
}

/** The pair is licensed (or its status row says so): 409. */
export class PairAlreadyLicensedError extends DomainError {
  override name = "PairAlreadyLicensedError";
  constructor() {
    super({ code: "pair_already_licensed", status: 409, ...PAIR_ALREADY_LICENSED });
  }
}

export class LicenceNotFoundError extends NotFoundError {
  override name = "LicenceNotFoundError";
  constructor() {
    super("licence_not_found", LICENCE_NOT_FOUND.title, LICENCE_NOT_FOUND.message);
  }
}

export class LicenceNotActiveError extends DomainError {
  override name = "LicenceNotActiveError";
  constructor() {
    super({ code: "licence_not_active", status: 409, ...LICENCE_NOT_ACTIVE });
  }
}

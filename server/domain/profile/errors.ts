/** Refusals of the profile screen, in the product's words. */
import {
  ACCESS_DENIED_TITLE,
  NO_LICENSEE_PROFILE,
  PROFILE_LOGIN_MESSAGE,
  PROFILE_SAVE_FAILED_TITLE,
} from "#kernel/schemas/profile.ts";
import { DomainError } from "../errors.ts";

/** No signed-in account behind the call. */
export class SignedOutError extends DomainError {
  override name = "SignedOutError";
  constructor() {
    super({ code: "signed_out", status: 401, title: ACCESS_DENIED_TITLE, message: PROFILE_LOGIN_MESSAGE });
  }
}

/** The account has no licensee record to edit ('No Licensee Profile'). */
export class NoLicenseeError extends DomainError {
  override name = "NoLicenseeError";
  constructor() {
    super({ code: "no_licensee", status: 409, title: NO_LICENSEE_PROFILE.title, message: NO_LICENSEE_PROFILE.message });
  }
}

/** A second record for an account that already has one (two tabs, a double post). */
export class LicenseeExistsError extends DomainError {
  override name = "LicenseeExistsError";
  constructor() {
    super({
      code: "licensee_exists",
      status: 409,
      title: PROFILE_SAVE_FAILED_TITLE,
      message: "Your licensee profile already exists. Reload the page to edit it.",
    });
  }
}

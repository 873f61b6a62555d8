/** Refusals of the agreements domain, carrying the product's titles and messages from the kernel. */
import {
  AGREEMENT_ALREADY_SIGNED,
  AGREEMENT_DOCUMENT_CHANGED,
  AGREEMENT_LOCKED,
  AGREEMENT_NOT_FOUND,
  AGREEMENT_NOT_PENDING,
} from "#kernel/schemas/agreements.ts";
import { DomainError, NotFoundError } from "../errors.ts";

/** Missing, or not the caller's: the same 404 either way, so ids reveal nothing. */
export class AgreementNotFoundError extends NotFoundError {
  override name = "AgreementNotFoundError";
  constructor() {
    super("agreement_not_found", AGREEMENT_NOT_FOUND.title, AGREEMENT_NOT_FOUND.message);
  }
}

export class AgreementAlreadySignedError extends DomainError {
  override name = "AgreementAlreadySignedError";
  constructor() {
    super({ code: "agreement_already_signed", status: 409, ...AGREEMENT_ALREADY_SIGNED });
  }
}

/** Expired or terminated agreements are not open for signature. */
export class AgreementNotPendingError extends DomainError {
  override name = "AgreementNotPendingError";
  constructor() {
    super({ code: "agreement_not_pending", status: 409, ...AGREEMENT_NOT_PENDING });
  }
}

/** The document the signer was shown is not the current one. */
export class AgreementDocumentChangedError extends DomainError {
  override name = "AgreementDocumentChangedError";
  constructor() {
    super({ code: "agreement_document_changed", status: 409, ...AGREEMENT_DOCUMENT_CHANGED });
  }
}

/** A signed (or no longer pending) agreement cannot be changed. */
export class AgreementLockedError extends DomainError {
  override name = "AgreementLockedError";
  constructor() {
    super({ code: "agreement_locked", status: 409, ...AGREEMENT_LOCKED });
  }
}

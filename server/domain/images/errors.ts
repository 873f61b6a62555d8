/** Refusals of image uploads and removals, under the product's 'Upload Failed' and 'Deletion Failed' titles. */
import { DELETION_FAILED_TITLE, UPLOAD_FAILED_TITLE } from "#kernel/schemas/profile.ts";
import { DomainError } from "../errors.ts";

/** An upload that is refused (bad file) or could not be stored: nothing is kept. */
export class UploadError extends DomainError {
  override name = "UploadError";
  constructor(code: string, message: string, status = 400, cause?: unknown) {
    super({ code, status, title: UPLOAD_FAILED_TITLE, message, cause });
  }
}

/** A removal that is refused (nothing to remove) or could not be done. */
export class DeletionError extends DomainError {
  override name = "DeletionError";
  constructor(code: string, message: string, status = 400, cause?: unknown) {
    super({ code, status, title: DELETION_FAILED_TITLE, message, cause });
  }
}

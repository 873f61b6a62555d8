/**
 * How the reservation and waitlist actions answer a domain error: field errors go back into the form
 * (Conform reply, 400); a refusal becomes the spec's toast title and message (409). Anything else is re-thrown.
 */
import type { SubmissionResult } from "@conform-to/react";
import { data } from "react-router";
import { ReservationDomainError, ReservationValidationError } from "../domain/reservations/errors.ts";

type Replyable = { reply: (opts: { fieldErrors: Record<string, string[]> }) => SubmissionResult<string[]> };

export function reservationErrorResponse(err: unknown, submission: Replyable) {
  if (err instanceof ReservationValidationError) {
    return data({ ok: false as const, result: submission.reply({ fieldErrors: err.fieldErrors }) }, { status: 400 });
  }
  if (err instanceof ReservationDomainError) {
    return data({ ok: false as const, title: err.title, message: err.message, code: err.code }, { status: 409 });
  }
  throw err;
}

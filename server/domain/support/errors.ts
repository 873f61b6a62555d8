/** Refusals of the support-ticket verbs, with the product's strings from kernel/schemas/support.ts. */
import { TICKET_TEXT } from "#kernel/schemas/support.ts";
import { NotFoundError } from "../errors.ts";

/**
 * The ticket does not exist, or it is not the caller's: both answer 404 with the same words, so a licensee
 * cannot learn that someone else's ticket id exists.
 */
export class TicketNotFoundError extends NotFoundError {
  override name = "TicketNotFoundError";
  constructor() {
    super("ticket_not_found", TICKET_TEXT.notFound.title, TICKET_TEXT.notFound.message);
  }
}

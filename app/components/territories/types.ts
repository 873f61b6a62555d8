import type { Answer, Success } from "#kernel/answers.ts";

/**
 * What the reservation action (props.action of ReservationDialog, e.g. "/resources/reserve") answers.
 * - ok: the reservation is recorded; the territory × category is now in negotiations. `confirmed` is true for a
 *   signed-in, verified user (held 5 business days at once) and false for a visitor (held 24 hours unless
 *   confirmed from the email).
 * - not ok: `title`/`message` are toasted (e.g. 'Territory Not Available', 'Select Category'); `result` is
 *   Conform's `submission.reply(...)` carrying field errors, shown under the fields.
 */
export type ReserveResponse = Answer<
  Success<{
    status: "negotiations";
    territoryId: string;
    /** The reserved category's id; "" when a vanity number was reserved. */
    categoryId: string;
    /** The reserved vanity number's id; "" when a category was reserved. */
    vanityNumberId: string;
    reservationId: string;
    confirmed: boolean;
  }>
>;

/** A reservation the action accepted, as the page records it; `categoryId` is the offering's id (category or vanity). */
export type Reserved = { territoryId: string; categoryId: string; confirmed: boolean };

/** What the waitlist action (props.action of WaitlistDialog) answers. */
export type WaitlistResponse = Answer;

/** Who the reservation or waitlist form is for: a territory × category, or (`category.kind` "vanity") × vanity number. */
export type FormTarget = {
  territory: { id: string; name: string };
  category: { id: string; name: string; kind?: "category" | "vanity" };
};

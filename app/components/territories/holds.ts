/**
 * Reservations the visitor made on this page: the card then says the territory is held for them, with what happens
 * next, rather than offering the waitlist everyone else sees. Browser-safe, no React.
 */
import { RESERVATION_SUCCESS } from "#kernel/schemas/reservation-strings.ts";

export type Hold = {
  territoryId: string;
  /** The offering's id: a category, or a vanity number. */
  categoryId: string;
  /** The offering's name: "#4LAW", or "1-800-LAW-HELP". */
  categoryName: string;
  /**
   * What the reserve action answered: true for a signed-in, verified user (held 5 business days at once), false for
   * a visitor (held 24 hours unless confirmed from the email).
   */
  confirmed: boolean;
};

export const HELD_FOR_YOU = "Held for you";

/** The visitor's hold on a territory for the category in view (any of their holds there when none is in view). */
export function holdFor(holds: readonly Hold[], territoryId: string, categoryId: string | null): Hold | null {
  const here = holds.filter((h) => h.territoryId === territoryId);
  const match = categoryId === null ? here.at(-1) : here.findLast((h) => h.categoryId === categoryId);
  return match ?? null;
}

/** What the card says about a hold: what it is, then what happens next, in order. */
export function holdSteps(hold: Hold, territoryName: string): { summary: string; steps: string[] } {
  const summary = `${hold.categoryName} in ${territoryName} is reserved for you.`;
  if (hold.confirmed) {
    return {
      summary,
      steps: [
        "Your hold lasts 5 business days; the details are in your inbox.",
        "Next: you sign the license agreement and pay online; our licensing team is here if you have questions.",
      ],
    };
  }
  return {
    summary,
    steps: [
      RESERVATION_SUCCESS.unconfirmedMessage,
      "Once you confirm, you sign the license agreement and pay online; our licensing team is here if you have questions.",
    ],
  };
}

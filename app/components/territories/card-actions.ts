/**
 * What the detail card offers and what pressing its action does: open the reservation or waitlist dialog when
 * the category is known, otherwise ask for a category in the category section first. Browser-safe, no React.
 */
import type { NumberContext } from "#kernel/catalogue.ts";
import {
  CATEGORY_SELECTION_NOT_AVAILABLE,
  chooseCategoryPrompt,
  type OfferingKind,
  vanityNumberLabel,
} from "#kernel/schemas/reservation-strings.ts";
import type { CardAction } from "#kernel/territory-status.ts";

export const ACTION_LABELS: Readonly<Record<CardAction, string>> = {
  reserve: "Select Category & Reserve",
  waitlist: "Join Waitlist",
  inquire: "Inquire",
};

/** The link a taken territory offers beside 'Join Waitlist'. */
export const ASK_A_QUESTION = "Ask a question";

/** Id of the category section the reserve action scrolls to. */
export const CATEGORY_SECTION_ID = "category-section";

/**
 * What a reservation or waitlist entry is for: a category (#Code), or (`kind: "vanity"`) a vanity number, licensed
 * per territory like a #Code. `name` is what the dialogs show: "#4LAW", "1-800-LAW-HELP".
 */
export type CategoryRef = { id: string; name: string; kind?: OfferingKind };

/**
 * What a reservation is for: the page's #Code, the page's vanity number, or (all-numbers page) the #Code the
 * visitor chose.
 */
export function categoryForReservation(
  context: NumberContext,
  categories: readonly { id: string; name: string }[],
  chosenCategoryId: string | null,
): CategoryRef | null {
  if (context.kind === "poundcode") return { id: context.categoryId, name: context.name };
  if (context.kind === "vanity") return { id: context.id, name: vanityNumberLabel(context.numberText), kind: "vanity" };
  if (!chosenCategoryId) return null;
  const c = categories.find((x) => x.id === chosenCategoryId);
  return c ? { id: c.id, name: c.name } : null;
}

export type ActionPlan =
  | { kind: "none" }
  | { kind: "open"; dialog: "reserve" | "waitlist"; category: CategoryRef }
  /** Scroll to the category section and say `message`. */
  | { kind: "choose-category"; message: string }
  /** No category section on the page: say `message` ('Category selection not available.'). */
  | { kind: "no-section"; message: string };

/** Joining a waitlist also needs a category; the wording follows the reserve prompt. */
export function chooseCategoryForWaitlistPrompt(territoryName: string): string {
  return `Please choose a category below for ${territoryName} before joining the waitlist.`;
}

/**
 * What pressing the card's action does: 'Inquire' nothing; reserve or waitlist open their dialog for the known
 * category, else ask for a category in the category section, or say that category selection is not available
 * when the page has no such section.
 */
export function planAction(input: {
  action: CardAction;
  territoryName: string;
  category: CategoryRef | null;
  hasCategorySection: boolean;
}): ActionPlan {
  if (input.action === "inquire") return { kind: "none" };
  const dialog = input.action === "reserve" ? "reserve" : "waitlist";
  if (input.category) return { kind: "open", dialog, category: input.category };
  if (!input.hasCategorySection) return { kind: "no-section", message: CATEGORY_SELECTION_NOT_AVAILABLE };
  return {
    kind: "choose-category",
    message:
      dialog === "reserve"
        ? chooseCategoryPrompt(input.territoryName)
        : chooseCategoryForWaitlistPrompt(input.territoryName),
  };
}

/** 'Ask a question' link of a taken territory. */
export function askQuestionHref(territoryName: string): string {
  return `/contact?subject=${encodeURIComponent(`Question about ${territoryName}`)}`;
}

/**
 * Pure helpers of the territory explorer: card status → label, badge and action (spec 1 §4), what a click on
 * the action does (spec 1 §5), the optimistic update after a reservation, and small formatting helpers.
 * Browser-safe, no React.
 */
import type { MapTerritory } from "#app/components/territory-map/index.ts";
import type { BadgeVariant } from "#app/components/ui/badge.tsx";
import type { NumberContext, PriceLine, TerritoryCategory, TerritoryPopup, TerritoryView } from "#kernel/catalogue.ts";
import { CATEGORY_SELECTION_NOT_AVAILABLE, chooseCategoryPrompt } from "#kernel/schemas/reservation.ts";

/** What the detail card offers for a status. */
export type CardAction = "reserve" | "waitlist" | "inquire";

export type CardStatusKey = "available" | "licensed" | "negotiations" | "partial" | "unknown";

export type CardStatus = {
  key: CardStatusKey;
  label: string;
  badge: BadgeVariant;
  action: CardAction;
};

/** List labels (spec 1 §4); 'Partially Licensed' as on the map legend. */
export const CARD_STATUS_LABELS: Readonly<Record<CardStatusKey, string>> = {
  available: "Available",
  licensed: "Licensed",
  negotiations: "In Negotiations",
  partial: "Partially Licensed",
  unknown: "Unknown",
};

export const ACTION_LABELS: Readonly<Record<CardAction, string>> = {
  reserve: "Select Category & Reserve",
  waitlist: "Join Waitlist",
  inquire: "Inquire",
};

export const ASK_A_QUESTION = "Ask a question";

/** Id of the category section the reserve action scrolls to (spec 1 §2, §5). */
export const CATEGORY_SECTION_ID = "category-section";

/** List cards enter 20 ms apart (spec 1 §2). */
export const CARD_STAGGER_MS = 20;

/** The form's territory is cleared about 300 ms after the dialog closes (spec 1 §4). */
export const FORM_CLEAR_DELAY_MS = 300;

/** The home popup lists at most 5 #Codes and 5 vanity numbers (spec 1 §9). */
export const POPUP_MAX_ITEMS = 5;

export const LIST_TITLE = "Available States & Portions";
export const LIST_LOADING = "Loading Available Territories...";
export const LIST_EMPTY = "No territories available at this time.";
export const PANEL_TITLE = "Territory Details";
export const PANEL_HINT = "Hover over or select a territory on the map or list to see details.";
export const MONTHLY_NOTE = "(All categories, based on population)";
export const CATEGORY_SECTION_TITLE = "Choose a #Code category";

/**
 * Status of the detail card (spec 1 §4): 'available' and 'unlicensed' are available ('Select Category &
 * Reserve'); 'licensed' and 'negotiations' are taken ('Join Waitlist' plus 'Ask a question'); anything else is
 * 'Unknown' with a disabled 'Inquire'.
 *
 * Two values beyond the spec's four, both known to the rest of the app: 'partial' (some categories licensed,
 * others free: the visitor reserves a free category) and 'reserved' (a category held by a reservation, shown
 * like negotiations, as on the map).
 */
export function cardStatus(status: string | null | undefined): CardStatus {
  const v = typeof status === "string" ? status.trim().toLowerCase() : "";
  switch (v) {
    case "available":
    case "unlicensed":
      return { key: "available", label: CARD_STATUS_LABELS.available, badge: "available", action: "reserve" };
    case "partial":
      return { key: "partial", label: CARD_STATUS_LABELS.partial, badge: "partial", action: "reserve" };
    case "negotiations":
    case "reserved":
      return {
        key: "negotiations",
        label: CARD_STATUS_LABELS.negotiations,
        badge: "negotiations",
        action: "waitlist",
      };
    case "licensed":
      return { key: "licensed", label: CARD_STATUS_LABELS.licensed, badge: "licensed", action: "waitlist" };
    default:
      return { key: "unknown", label: CARD_STATUS_LABELS.unknown, badge: "outline", action: "inquire" };
  }
}

export function statusLabel(status: string | null | undefined): string {
  return cardStatus(status).label;
}

/** A category's status in a territory; a missing row means available (spec 1 §4). */
export function categoryStatusIn(
  territory: Pick<TerritoryView, "categories">,
  categoryId: string,
): TerritoryCategory["status"] {
  return territory.categories.find((c) => c.categoryId === categoryId)?.status ?? "available";
}

/**
 * The status the detail card shows. On a #Code page the loader's listStatus is already that category's
 * status. On vanity / all-numbers pages a chosen category overrides it (spec 1 §4: a category-specific status
 * overrides the default).
 */
export function effectiveStatus(
  territory: Pick<TerritoryView, "listStatus" | "categories">,
  context: NumberContext,
  chosenCategoryId: string | null,
): string {
  if (context.kind !== "poundcode" && chosenCategoryId) return categoryStatusIn(territory, chosenCategoryId);
  return territory.listStatus;
}

export type CategoryRef = { id: string; name: string };

/** The category a reservation is for: the page's #Code, or the one the visitor chose. */
export function categoryForReservation(
  context: NumberContext,
  categories: readonly { id: string; name: string }[],
  chosenCategoryId: string | null,
): CategoryRef | null {
  if (context.kind === "poundcode") return { id: context.categoryId, name: context.name };
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

/** Joining a waitlist also needs a category; the wording follows the spec's reserve prompt. */
export function chooseCategoryForWaitlistPrompt(territoryName: string): string {
  return `Please choose a category below for ${territoryName} before joining the waitlist.`;
}

/** What pressing the card's action does (spec 1 §5). */
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

/**
 * After a successful reservation the territory turns to negotiations at once (spec 1 §4); the loader's
 * revalidation confirms it. The reserved category's status becomes negotiations too (a row is added when the
 * territory had none for it).
 */
export function applyReservation(
  territories: readonly TerritoryView[],
  territoryId: string,
  category: { id: string; name: string; slug?: string },
): TerritoryView[] {
  return territories.map((t) => {
    if (t.id !== territoryId) return t;
    const has = t.categories.some((c) => c.categoryId === category.id);
    const categories: TerritoryCategory[] = has
      ? t.categories.map((c) => (c.categoryId === category.id ? { ...c, status: "negotiations" } : c))
      : [
          ...t.categories,
          {
            categoryId: category.id,
            name: category.name,
            slug: category.slug ?? "",
            kind: "poundcode",
            status: "negotiations",
          },
        ];
    return { ...t, listStatus: "negotiations", mapStatus: "negotiations", categories };
  });
}

/** A stable key of the page's number context: when it changes, selection, category and form reset. */
export function contextKey(context: NumberContext): string {
  switch (context.kind) {
    case "poundcode":
      return `poundcode:${context.categoryId}`;
    case "vanity":
      return `vanity:${context.id}`;
    default:
      return "all";
  }
}

/** CSS animation-delay of the list card at `index`. */
export function staggerDelay(index: number): string {
  return `${Math.max(0, index) * CARD_STAGGER_MS}ms`;
}

/** The quote's lines in display order: monthly and adjustments, the total, the deposit, usage. */
export function groupQuoteLines(lines: readonly PriceLine[]): {
  monthly: PriceLine[];
  total: PriceLine[];
  oneOff: PriceLine[];
  usage: PriceLine[];
} {
  return {
    monthly: lines.filter((l) => l.kind === "monthly" || l.kind === "adjustment"),
    total: lines.filter((l) => l.kind === "total"),
    oneOff: lines.filter((l) => l.kind === "one_off"),
    usage: lines.filter((l) => l.kind === "usage"),
  };
}

const populationFormat = new Intl.NumberFormat("en-US");

export function formatPopulation(n: number | null | undefined): string {
  return typeof n === "number" && Number.isFinite(n) ? populationFormat.format(Math.round(n)) : "";
}

/** Link of a #Code or vanity number: /number/{slug}. */
export function numberHref(slug: string): string {
  return `/number/${slug}`;
}

/** Whether a loader's answer is a territory popup (anything else counts as a failed fetch). */
export function isTerritoryPopup(data: unknown): data is TerritoryPopup {
  if (!data || typeof data !== "object") return false;
  const d = data as Partial<TerritoryPopup>;
  return (
    typeof d.territoryId === "string" &&
    typeof d.name === "string" &&
    Array.isArray(d.poundCodes) &&
    Array.isArray(d.vanityNumbers)
  );
}

/** At most 5 #Codes and 5 vanity numbers. */
export function popupLists(popup: TerritoryPopup | null): {
  poundCodes: TerritoryPopup["poundCodes"];
  vanityNumbers: TerritoryPopup["vanityNumbers"];
} {
  return {
    poundCodes: (popup?.poundCodes ?? []).slice(0, POPUP_MAX_ITEMS),
    vanityNumbers: (popup?.vanityNumbers ?? []).slice(0, POPUP_MAX_ITEMS),
  };
}

/** What the map needs of a territory. */
export function toMapTerritory(t: TerritoryView): MapTerritory {
  return {
    key: t.key,
    name: t.name,
    status: t.mapStatus,
    areaCodes: t.areaCodes,
    baseMonthlyCents: t.pricing.baseMonthlyCents,
  };
}

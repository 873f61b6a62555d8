/**
 * Territories as the administrator edits them: the forms of /admin/territories and /admin/territories/{id}, the
 * Hide/Show rule and the product's strings (spec 2 §2, §3, §4, §8). Shared by the route actions (server), the
 * domain and the pages (browser). Browser-safe: zod only.
 *
 * Fee fields travel as the text the administrator typed (dollars such as 1250 or 1,250.50; multipliers such as
 * 1.25). The domain turns them into integer cents and multipliers with the pricing upload's cell readers, so the
 * CSV and this form accept exactly the same amounts.
 */
import { z } from "zod";
import { TERRITORY_CATEGORY_STATUSES, type TerritoryCategoryStatus, type TerritoryStatus } from "../enums.ts";

/** The product's strings (spec 2 §8), and the few this screen adds. */
export const TERRITORY_ADMIN_TEXT = {
  pageTitle: "Territories",
  subtitle: "Every territory with its #Codes, ordered by state. Hide a territory to take it off the public pages.",
  errorLoading: (message: string) => `Error loading territories: ${message}`,
  errorUpdatingStatus: "Error updating status",
  errorUpdatingFees: "Error updating fees",
  empty: "No territories yet. Upload a territory CSV to add them.",
  noMatch: "No territories found matching your search criteria.",
  hide: "Hide",
  show: "Show",
  hidden: (name: string) => ({ title: "Territory hidden", message: `${name} is no longer shown on the public pages.` }),
  shown: (name: string) => ({ title: "Territory shown", message: `${name} is shown on the public pages again.` }),
  feesSaved: (name: string) => ({ title: "Fees saved", message: `The fees of ${name} have been saved.` }),
  feesUnchanged: (name: string) => ({ title: "Nothing to save", message: `The fees of ${name} are unchanged.` }),
  categoryStatusSaved: (category: string, territory: string, status: string) => ({
    title: "Status updated",
    message: `${category} in ${territory} is now ${status}.`,
  }),
  notFound: "This territory no longer exists. It may have been removed by a pricing upload.",
  categoryNotFound: "This category no longer exists. It may have been deleted by someone else.",
  heldByLicence: (category: string, territory: string, status: string) =>
    `${category} in ${territory} has an active license, so it stays licensed and cannot be set to ${status}. End the license first.`,
  heldByReservation: (category: string, territory: string, status: string) =>
    `${category} in ${territory} is reserved by an active hold, so it stays in negotiations and cannot be set to ${status}. Let the hold expire or cancel it first.`,
  previewTitle: "Price preview",
  previewHint: "Prices as the public pages would quote them with the fees above, before you save.",
  previewInvalid: "Correct the highlighted fees to see the preview.",
} as const;

/** How a category status reads on this screen. */
export const CATEGORY_STATUS_LABELS: Record<TerritoryCategoryStatus, string> = {
  available: "available",
  negotiations: "in negotiations",
  licensed: "licensed",
};

/** How many held categories a territory's row names; the others are counted. */
export const HELD_NAMED_ON_ROW = 6;

/** A territory's categories as its row in the list shows them: the first held ones (licensed or in negotiations) by
 * name, the rest counted, so a row stays short whether the catalog has ten #Codes or five hundred, and the page
 * carries no more than it shows (the territory's own page lists them all). */
export type CategorySummary = {
  held: { name: string; status: Exclude<TerritoryCategoryStatus, "available"> }[];
  /** Held categories beyond those named. */
  moreHeld: number;
  available: number;
};

/** Categories a territory's page lists at a time. */
export const CATEGORY_STATUS_PAGE_SIZE = 25;

/** One page of a territory's category statuses, narrowed by name (`?category=`), `?page=` of them. */
export type CategoryStatusPage<T> = { rows: T[]; q: string; page: number; pageCount: number; total: number };

/**
 * The page of `rows` a territory's page shows: those whose name contains `q` (case-insensitive; the '#' may be left
 * out), {@link CATEGORY_STATUS_PAGE_SIZE} at a time; a page out of range reads as the nearest. With ten #Codes the
 * list is one page; with five hundred it stays a page long.
 */
export function categoryStatusPage<T extends { name: string }>(
  rows: readonly T[],
  query: { q?: string | null; page?: number | null },
): CategoryStatusPage<T> {
  const q = (query.q ?? "").trim().slice(0, 64);
  const needle = q.toLowerCase().replace(/^#/, "");
  const matching = needle ? rows.filter((r) => r.name.toLowerCase().includes(needle)) : [...rows];
  const pageCount = Math.max(1, Math.ceil(matching.length / CATEGORY_STATUS_PAGE_SIZE));
  const asked = Number.isFinite(query.page) ? Math.floor(query.page ?? 1) : 1;
  const page = Math.min(pageCount, Math.max(1, asked));
  const start = (page - 1) * CATEGORY_STATUS_PAGE_SIZE;
  return {
    rows: matching.slice(start, start + CATEGORY_STATUS_PAGE_SIZE),
    q,
    page,
    pageCount,
    total: matching.length,
  };
}

/** Whether the public pages show a territory in `status`: every status but inactive (the one Hide sets). */
export function isTerritoryShown(status: TerritoryStatus): boolean {
  return status !== "inactive";
}

/**
 * The spec's Hide/Show toggle (2 §4): a shown territory becomes inactive (button Hide); a hidden one becomes active
 * (Show). The spec names active as the shown status; available, licensed, negotiations and partial territories are
 * shown too, so they are hidden by the same button.
 */
export function toggledTerritoryStatus(status: TerritoryStatus): TerritoryStatus {
  return isTerritoryShown(status) ? "inactive" : "active";
}

/** The toggle's button text for a territory in `status`: Hide while it is shown, Show while it is hidden. */
export function toggleLabel(status: TerritoryStatus): string {
  return isTerritoryShown(status) ? TERRITORY_ADMIN_TEXT.hide : TERRITORY_ADMIN_TEXT.show;
}

export type FeeFieldKind = "money" | "multiplier";

export type FeeField = {
  name: TerritoryFeeName;
  label: string;
  kind: FeeFieldKind;
  /** Blank is allowed and stored as "not set" (null). */
  optional?: boolean;
  /** Blank stores this text's value instead (the minimum monthly fee's default, $95). */
  blankMeans?: string;
  hint?: string;
};

export const TERRITORY_FEE_NAMES = [
  "baseMonthlyFee",
  "baseSetupFee",
  "fullStateMonthlyFee",
  "fullStateSetupFee",
  "minimumMonthlyFee",
  "poundHelpMonthlyFee",
  "poundLawMonthlyFee",
  "poundEasyMonthlyFee",
  "poundSsdiMonthlyFee",
  "minutesMultiplier",
  "smsMultiplier",
  "webFormLeadMultiplier",
  "clickToCallLeadMultiplier",
  "clickToMessageLeadMultiplier",
] as const;
export type TerritoryFeeName = (typeof TERRITORY_FEE_NAMES)[number];

/** Every fee field of a territory (spec 2 §3), in the order the form shows them. */
export const TERRITORY_FEE_FIELDS: readonly FeeField[] = [
  { name: "baseMonthlyFee", label: "Base monthly fee", kind: "money" },
  { name: "baseSetupFee", label: "Base setup fee", kind: "money" },
  {
    name: "fullStateMonthlyFee",
    label: "Full-state monthly fee",
    kind: "money",
    optional: true,
    hint: "Blank: the base monthly fee.",
  },
  {
    name: "fullStateSetupFee",
    label: "Full-state setup fee",
    kind: "money",
    optional: true,
    hint: "Blank: the base setup fee.",
  },
  {
    name: "minimumMonthlyFee",
    label: "Minimum monthly fee",
    kind: "money",
    blankMeans: "95",
    hint: "No price goes below it. Blank: $95.00.",
  },
  {
    name: "poundHelpMonthlyFee",
    label: "#HELP monthly fee",
    kind: "money",
    optional: true,
    hint: "Blank: priced from the base.",
  },
  {
    name: "poundLawMonthlyFee",
    label: "#4LAW monthly fee",
    kind: "money",
    optional: true,
    hint: "Blank: priced from the base.",
  },
  {
    name: "poundEasyMonthlyFee",
    label: "#EASY monthly fee",
    kind: "money",
    optional: true,
    hint: "Blank: priced from the base.",
  },
  {
    name: "poundSsdiMonthlyFee",
    label: "#SSDI monthly fee",
    kind: "money",
    optional: true,
    hint: "Blank: priced from the base.",
  },
  { name: "minutesMultiplier", label: "Minutes multiplier", kind: "multiplier" },
  { name: "smsMultiplier", label: "SMS multiplier", kind: "multiplier" },
  { name: "webFormLeadMultiplier", label: "Web-form lead multiplier", kind: "multiplier" },
  { name: "clickToCallLeadMultiplier", label: "Click-to-call lead multiplier", kind: "multiplier" },
  { name: "clickToMessageLeadMultiplier", label: "Click-to-message lead multiplier", kind: "multiplier" },
];

export const FEE_TEXT_MAX = 32;

const feeText = (label: string) =>
  z
    .string()
    .trim()
    .max(FEE_TEXT_MAX, `${label} is too long.`)
    .optional()
    .transform((v) => v ?? "");

const idField = (message: string) => z.uuid(message);

/** The fees as typed: the domain reads them into cents (money) and numbers (multipliers). */
export const territoryFeesShape = Object.fromEntries(
  TERRITORY_FEE_FIELDS.map((f) => [f.name, feeText(f.label)]),
) as Record<TerritoryFeeName, ReturnType<typeof feeText>>;

export const territoryFeesSchema = z.object({ intent: z.literal("save-fees"), ...territoryFeesShape });
export const territoryPreviewSchema = z.object({ intent: z.literal("preview"), ...territoryFeesShape });
export type TerritoryFeesInput = Record<TerritoryFeeName, string>;

/** Hide/Show from the list (the territory's id travels with the button). */
export const toggleTerritorySchema = z.object({
  intent: z.literal("toggle"),
  territoryId: idField("Choose a territory."),
});

/** One category's status in one territory. */
export const categoryStatusSchema = z.object({
  intent: z.literal("set-category-status"),
  categoryId: idField("Choose a category."),
  status: z.enum(TERRITORY_CATEGORY_STATUSES, { error: "Choose available, negotiations or licensed." }),
});

/** The territory page's action: one intent per write. */
export const territoryActionSchema = z.discriminatedUnion("intent", [
  territoryFeesSchema,
  categoryStatusSchema,
  z.object({ intent: z.literal("toggle") }),
]);

/** One line of the price preview: a figure the public pages would quote. */
export type PreviewRow = {
  key: string;
  label: string;
  finalMonthlyCents: number;
  /** How the monthly figure was reached, e.g. "Base monthly fee (#4LAW territory rate)". */
  basis: string;
};

export type TerritoryPricePreview = {
  /** The territory alone and the full state, then every category, as the public pages quote them. */
  rows: PreviewRow[];
  setupCents: number;
  fullStateSetupCents: number;
  perMinuteCents: number;
  perSmsCents: number;
  perWebFormLeadCents: number;
};

/** A stored amount as the form shows it: 125000 → "1250.00"; null (not set) → "". */
export function centsToInput(cents: number | null): string {
  return cents === null ? "" : `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}

import { cn } from "#app/lib/utils.ts";
import type { TerritoryView } from "#kernel/catalogue.ts";
import type { CardStatus } from "#kernel/territory-status.ts";
import type { Hold } from "./holds.ts";
import { PanelHint } from "./panel-hint.tsx";
import { TerritoryDetails } from "./territory-details.tsx";

const PANEL_TITLE = "Territory Details";

export type TerritoryPanelProps = {
  /** The hovered territory, or else the selected one; null shows the hint. */
  territory: TerritoryView | null;
  status: CardStatus | null;
  /** Whether `territory` is the selected one (not only hovered). */
  selected: boolean;
  onAction: () => void;
  /** The #Code chosen on vanity and all-numbers pages: the card prices it. */
  categoryId?: string | null;
  /** The visitor's own hold on the territory, made on this page. */
  hold?: Hold | null;
  /** Reserve room for a quote (pages about one #Code or one vanity number). */
  expectQuote?: boolean;
  /** The page is about a vanity number: the card prices that number. */
  vanity?: boolean;
  titleId: string;
  className?: string;
};

/** The sticky 'Territory Details' card: status, area codes, pricing and the action. */
export function TerritoryPanel({
  territory,
  status,
  selected,
  onAction,
  categoryId = null,
  hold = null,
  expectQuote = false,
  vanity = false,
  titleId,
  className,
}: TerritoryPanelProps) {
  return (
    <div
      className={cn(
        "relative flex flex-col overflow-hidden rounded-2xl border border-border bg-card text-card-foreground shadow-card",
        // Room for the tallest content, so hovering or selecting does not move the page.
        // Room for the tallest territory (measured on the demo catalogue at 390 and 1440 px, with the hover hint).
        // On phones the hint card stays compact: the panel only grows on the first tap.
        territory
          ? expectQuote
            ? "min-h-[49rem]"
            : "min-h-[40rem]"
          : expectQuote
            ? "lg:min-h-[49rem]"
            : "lg:min-h-[40rem]",
        className,
      )}
    >
      <div aria-hidden="true" className="h-1 bg-gradient-to-r from-gold-300 via-gold-500 to-gold-300" />
      <div className="flex flex-1 flex-col p-6 sm:p-7">
        <h2 id={titleId} className="text-xs font-semibold tracking-[0.16em] text-accent-text uppercase">
          {PANEL_TITLE}
        </h2>
        {territory && status ? (
          <TerritoryDetails
            territory={territory}
            status={status}
            selected={selected}
            onAction={onAction}
            categoryId={categoryId}
            hold={hold}
            vanity={vanity}
          />
        ) : (
          <PanelHint />
        )}
      </div>
    </div>
  );
}

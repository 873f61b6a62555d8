import { Badge } from "#app/components/ui/badge.tsx";
import { MapPin } from "#app/components/ui/icons.tsx";
import { cn } from "#app/lib/utils.ts";
import type { TerritoryView } from "#kernel/catalogue.ts";
import type { CardStatus } from "#kernel/territory-status.ts";
import { HELD_FOR_YOU, type Hold } from "./holds.ts";
import { PanelActions } from "./panel-actions.tsx";
import { PanelHeld } from "./panel-held.tsx";
import { PanelPricing } from "./panel-pricing.tsx";

const MAX_AREA_CODES = 10;

/**
 * The detail panel's content for one territory: name and status, area codes, pricing and the action, or, once the
 * visitor reserved it here, that it is held for them.
 */
export function TerritoryDetails({
  territory,
  status,
  selected,
  onAction,
  categoryId,
  hold,
  vanity = false,
}: {
  territory: TerritoryView;
  status: CardStatus;
  selected: boolean;
  onAction: () => void;
  /** The #Code chosen on vanity and all-numbers pages: the card prices it. */
  categoryId: string | null;
  hold: Hold | null;
  /** The page is about a vanity number: the card prices that number. */
  vanity?: boolean;
}) {
  const codes = territory.areaCodes.slice(0, MAX_AREA_CODES);
  const moreCodes = territory.areaCodes.length - codes.length;

  return (
    <div className="flex flex-1 flex-col">
      <div className="mt-3 flex items-start justify-between gap-3">
        <h3 className="text-2xl leading-tight font-bold tracking-tight text-foreground">{territory.name}</h3>
        <Badge variant={hold ? "gold" : status.badge} className="mt-1">
          {hold ? HELD_FOR_YOU : status.label}
        </Badge>
      </div>
      {/* Always laid out, shown only while previewing, so selecting does not move anything. */}
      <p
        aria-hidden={selected || undefined}
        className={cn("mt-1 text-xs text-muted-foreground", selected && "invisible")}
      >
        Click or press Enter to select this territory.
      </p>

      <div className="mt-5">
        <p className="flex items-center gap-1.5 text-xs font-medium tracking-wide text-muted-foreground uppercase">
          <MapPin className="size-3.5" aria-hidden="true" />
          Area codes
        </p>
        {codes.length > 0 ? (
          <ul className="mt-2 flex flex-wrap gap-1.5" aria-label={`Area codes of ${territory.name}`}>
            {codes.map((c) => (
              <li
                key={c}
                className="rounded-md border border-border bg-subtle px-2 py-0.5 text-xs tabular-nums font-semibold text-foreground"
              >
                {c}
              </li>
            ))}
            {moreCodes > 0 ? <li className="px-1 py-0.5 text-xs text-muted-foreground">+{moreCodes} more</li> : null}
          </ul>
        ) : (
          <p className="mt-2 text-sm text-muted-foreground">Available on request.</p>
        )}
      </div>

      <PanelPricing territory={territory} categoryId={categoryId} vanity={vanity} />

      {hold ? (
        <PanelHeld hold={hold} territoryName={territory.name} />
      ) : (
        <PanelActions action={status.action} territoryName={territory.name} onAction={onAction} />
      )}
    </div>
  );
}

import { useId, useMemo, useState } from "react";
import { TerritoryMap } from "#app/components/territory-map/index.ts";
import { toast } from "#app/components/ui/toast.ts";
import { cn } from "#app/lib/utils.ts";
import type { CodePickerPage, NumberContext, TerritoryView } from "#kernel/catalogue.ts";
import { cardStatus } from "#kernel/territory-status.ts";
import { categoryForReservation, planAction } from "./card-actions.ts";
import { CategorySection } from "./category-section.tsx";
import { hasCategorySection, showCategorySection } from "./category-section-focus.ts";
import { chosenCodeUrl, isNumberTerritories, withChosenCode } from "./code-picker.ts";
import { ExplorerDialogs } from "./explorer-dialogs.tsx";
import { ExplorerToolbar } from "./explorer-toolbar.tsx";
import { holdFor } from "./holds.ts";
import { TerritoryList } from "./territory-list.tsx";
import { TerritoryPanel } from "./territory-panel.tsx";
import { contextKey, reservedCategory } from "./territory-views.ts";
import type { Reserved } from "./types.ts";
import { useCategoryChoice } from "./use-category-choice.ts";
import { useExplorerDialog } from "./use-explorer-dialog.ts";
import { useExplorerSelection } from "./use-explorer-selection.ts";
import { useHolds } from "./use-holds.ts";
import { useResource } from "./use-resource.ts";
import { useShownTerritories } from "./use-shown-territories.ts";
import type { ExplorerView } from "./view-toggle.tsx";

export type TerritoryExplorerProps = {
  territories: TerritoryView[];
  context: NumberContext;
  /** The first page of #Codes a visitor can pick on an all-numbers page (the category section); null elsewhere. */
  codePicker: CodePickerPage | null;
  /** Territory to select first, e.g. from /number/{code}/{territory-slug}. */
  initialSelectedId?: string | null;
  /** POST URL of the reservation action, e.g. "/resources/reserve". */
  reserveAction: string;
  /** POST URL of the waitlist action, e.g. "/resources/waitlist". */
  waitlistAction: string;
  /** Shows 'Loading Available Territories...' in the list. */
  loading?: boolean;
  /**
   * Preload the map's geometry with the page (default). A page whose map is below the first screen passes false: the
   * geometry then loads with the map's code instead of competing with what the first screen needs.
   */
  preloadMap?: boolean;
  className?: string;
};

/**
 * Territory browsing for the number pages and /all-numbers: a map or a list, a sticky detail panel with the
 * action, the category section (all-numbers page), and the reservation and waitlist dialogs. A #Code's page
 * reserves that #Code and a vanity number's page that number, territory by territory.
 * A new page or number context starts over: selection, category and form.
 */
export function TerritoryExplorer({
  territories: loaded,
  context,
  codePicker,
  initialSelectedId = null,
  reserveAction,
  waitlistAction,
  loading = false,
  preloadMap = true,
  className,
}: TerritoryExplorerProps) {
  const uid = useId();
  const panelTitleId = `${uid}-panel`;
  const listTitleId = `${uid}-list`;
  const withCategorySection = context.kind === "all" && codePicker !== null && codePicker.total > 0;
  const resetKey = contextKey(context);

  const [view, setView] = useState<ExplorerView>("map");
  const category = useCategoryChoice(resetKey);
  // The chosen #Code's status and price in every territory, asked for when it is chosen and again when the page's
  // data is fresh (after a reservation). Until it arrives the page shows each territory's overall status.
  const chosen = category.chosen;
  const chosenCode = useResource(chosen ? chosenCodeUrl(chosen) : null, isNumberTerritories, loaded);
  const chosenAnswer = chosen && chosenCode.dataUrl === chosenCodeUrl(chosen) ? chosenCode.data : null;
  const withChosen = useMemo(
    () => (chosen && chosenAnswer ? withChosenCode(loaded, chosen, chosenAnswer) : loaded),
    [loaded, chosen, chosenAnswer],
  );
  const shown = useShownTerritories({
    loaded: withChosen,
    context,
    categoryId: chosenAnswer ? category.categoryId : null,
    resetKey,
  });
  const selection = useExplorerSelection({ initialSelectedId, resetKey, byId: shown.byId });
  const dialogs = useExplorerDialog(resetKey);
  const holds = useHolds(resetKey);

  const { selectedId, hoveredId } = selection;
  const selected = selectedId ? (shown.byId.get(selectedId) ?? null) : null;
  const previewed = (hoveredId ? shown.byId.get(hoveredId) : undefined) ?? selected;
  const previewedStatus = previewed ? cardStatus(previewed.listStatus) : null;
  // What the card is about: the page's #Code or vanity number, or the #Code chosen in the category section.
  const chosenCategoryId = context.kind === "all" ? category.categoryId : null;
  const categoryInView =
    context.kind === "poundcode" ? context.categoryId : context.kind === "vanity" ? context.id : category.categoryId;
  const previewedHold = previewed ? holdFor(holds.holds, previewed.id, categoryInView) : null;

  const select = (id: string | null) => {
    selection.select(id);
    category.setPrompt(null);
  };

  const changeView = (v: ExplorerView) => {
    setView(v);
    selection.setHoveredId(null);
  };

  const onAction = () => {
    const t = previewed;
    if (!t || !previewedStatus) return;
    if (t.id !== selectedId) select(t.id);
    const plan = planAction({
      action: previewedStatus.action,
      territoryName: t.name,
      category: categoryForReservation(context, chosen ? [chosen] : [], category.categoryId),
      hasCategorySection: hasCategorySection(),
    });
    if (plan.kind === "open") {
      dialogs.open(plan.dialog, t, plan.category);
    } else if (plan.kind === "choose-category") {
      showCategorySection();
      // Said inline in the section (a live region), where the focus now is.
      category.setPrompt(plan.message);
    } else if (plan.kind === "no-section") {
      toast.error(plan.message);
    }
  };

  const onReserved = ({ territoryId, categoryId, confirmed }: Reserved) => {
    const fallbackName = dialogs.dialog?.target.category.name ?? "";
    const reserved = reservedCategory(categoryId, chosen ? [chosen] : [], context, fallbackName);
    shown.addReserved({ territoryId, category: reserved });
    holds.add({ territoryId, categoryId, categoryName: reserved.name, confirmed });
  };

  return (
    <div
      className={cn(
        "grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-10 xl:grid-cols-[minmax(0,1fr)_24rem]",
        className,
      )}
    >
      <div className="flex min-w-0 flex-col gap-6 lg:col-start-1 lg:row-start-1">
        <ExplorerToolbar
          view={view}
          onViewChange={changeView}
          selectedName={selected?.name ?? null}
          onClear={() => select(null)}
        />

        {view === "map" ? (
          <div className="rounded-2xl border border-border bg-card p-3 shadow-card sm:p-6">
            <TerritoryMap
              territories={shown.mapTerritories}
              preloadData={preloadMap}
              selectedKey={selected?.key ?? null}
              onSelect={(k) => {
                const id = shown.idByKey.get(k);
                if (id) select(id);
              }}
              onHover={(k) => selection.setHoveredId(k ? (shown.idByKey.get(k) ?? null) : null)}
            />
          </div>
        ) : (
          <TerritoryList
            territories={shown.territories}
            context={context}
            selectedId={selectedId}
            onSelect={select}
            onHover={selection.setHoveredId}
            categoryId={chosenCategoryId}
            loading={loading}
            titleId={listTitleId}
          />
        )}
      </div>

      <aside
        aria-labelledby={panelTitleId}
        className="lg:sticky lg:top-24 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:self-start"
      >
        <TerritoryPanel
          territory={previewed}
          status={previewedStatus}
          selected={previewed !== null && previewed.id === selectedId}
          onAction={onAction}
          categoryId={chosenCategoryId}
          hold={previewedHold}
          expectQuote={context.kind !== "all"}
          vanity={context.kind === "vanity"}
          titleId={panelTitleId}
        />
      </aside>

      {withCategorySection ? (
        <CategorySection
          className="lg:col-start-1 lg:row-start-2"
          initial={codePicker}
          chosen={chosen}
          onChange={category.choose}
          territory={selected}
          prompt={category.prompt}
          version={loaded}
        />
      ) : null}

      <p aria-live="polite" className="sr-only">
        {selection.announcement}
      </p>

      <ExplorerDialogs
        dialog={dialogs.dialog}
        onOpenChange={dialogs.onOpenChange}
        reserveAction={reserveAction}
        waitlistAction={waitlistAction}
        onReserved={onReserved}
      />
    </div>
  );
}

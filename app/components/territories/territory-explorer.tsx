import { X } from "lucide-react";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { toast } from "sonner";
import { TerritoryMap } from "#app/components/territory-map/index.ts";
import type { NumberContext, TerritoryView } from "#kernel/catalogue.ts";
import { formatCentsShort } from "#kernel/format.ts";
import { statusForCategory } from "#kernel/territory-status.ts";
import { cn } from "#app/lib/utils.ts";
import {
  applyReservation,
  CATEGORY_SECTION_ID,
  cardStatus,
  categoryForReservation,
  contextKey,
  effectiveStatus,
  FORM_CLEAR_DELAY_MS,
  planAction,
  toMapTerritory,
} from "./actions";
import { CategorySection } from "./category-section";
import { ReservationDialog } from "./reservation-dialog";
import { TerritoryList } from "./territory-list";
import { TerritoryPanel } from "./territory-panel";
import type { CategoryOption, FormTarget } from "./types";
import { type ExplorerView, ViewToggle } from "./view-toggle";
import { WaitlistDialog } from "./waitlist-dialog";

export type TerritoryExplorerProps = {
  territories: TerritoryView[];
  context: NumberContext;
  /** The #Codes a visitor can pick on vanity / all-numbers pages (the category section). */
  categories: CategoryOption[];
  /** Territory to select first, e.g. from /number/{code}/{territory-slug}. */
  initialSelectedId?: string | null;
  /** POST URL of the reservation action, e.g. "/resources/reserve". */
  reserveAction: string;
  /** POST URL of the waitlist action, e.g. "/resources/waitlist". */
  waitlistAction: string;
  /** Shows 'Loading Available Territories...' in the list. */
  loading?: boolean;
  className?: string;
};

type DialogState = {
  type: "reserve" | "waitlist";
  open: boolean;
  target: FormTarget;
  statusLabel: string;
  details: { label: string; value: string }[];
};

type Reserved = { territoryId: string; category: { id: string; name: string; slug: string } };

/** Monthly fee and deposit for the dialog: the category's quote when the page has one, else the base fee. */
function reservationDetails(t: TerritoryView): { label: string; value: string }[] {
  const quote = t.pricing.categoryQuote;
  const deposit = quote?.lines.find((l) => l.kind === "one_off")?.cents ?? t.pricing.setupCents;
  return [
    quote
      ? { label: "Monthly", value: `${formatCentsShort(quote.finalMonthlyCents)}/mo` }
      : { label: "Base monthly", value: `${formatCentsShort(t.pricing.baseMonthlyCents)}/mo` },
    { label: "Deposit", value: formatCentsShort(deposit) },
  ];
}

function prefersReducedMotion(): boolean {
  return typeof window !== "undefined" && window.matchMedia?.("(prefers-reduced-motion: reduce)").matches === true;
}

/**
 * Territory browsing for the number pages and /all-numbers (spec 1 §2, §4, §5): a map or a list, a sticky detail
 * panel with the action, the category section (vanity and all-numbers pages), and the reservation and waitlist
 * dialogs.
 */
export function TerritoryExplorer({
  territories: loaded,
  context,
  categories,
  initialSelectedId = null,
  reserveAction,
  waitlistAction,
  loading = false,
  className,
}: TerritoryExplorerProps) {
  const uid = useId();
  const panelTitleId = `${uid}-panel`;
  const listTitleId = `${uid}-list`;
  const withCategorySection = context.kind !== "poundcode" && categories.length > 0;

  const [view, setView] = useState<ExplorerView>("map");
  const [selectedId, setSelectedId] = useState<string | null>(initialSelectedId);
  const [hoveredId, setHoveredId] = useState<string | null>(null);
  const [categoryId, setCategoryId] = useState<string | null>(null);
  const [prompt, setPrompt] = useState<string | null>(null);
  const [dialog, setDialog] = useState<DialogState | null>(null);
  const [reserved, setReserved] = useState<Reserved[]>([]);
  const [announcement, setAnnouncement] = useState("");

  // A new page or number context starts over: selection, category and form (spec 1 §4).
  const key = contextKey(context);
  const [prevKey, setPrevKey] = useState(key);
  if (key !== prevKey) {
    setPrevKey(key);
    setSelectedId(initialSelectedId);
    setHoveredId(null);
    setCategoryId(null);
    setPrompt(null);
    setDialog(null);
    setReserved([]);
  }
  // The route selected another territory (e.g. a card link, back/forward).
  const [prevInitial, setPrevInitial] = useState(initialSelectedId);
  if (initialSelectedId !== prevInitial) {
    setPrevInitial(initialSelectedId);
    if (initialSelectedId) setSelectedId(initialSelectedId);
  }
  // Fresh loader data supersedes the optimistic updates.
  const [prevLoaded, setPrevLoaded] = useState(loaded);
  if (loaded !== prevLoaded) {
    setPrevLoaded(loaded);
    setReserved([]);
  }

  // Loader data + optimistic reservations, then (vanity / all pages) seen through the chosen category.
  const territories = useMemo(() => {
    let list: TerritoryView[] = loaded;
    for (const r of reserved) list = applyReservation(list, r.territoryId, r.category);
    if (context.kind === "poundcode" || !categoryId) return list;
    return list.map((t) => {
      const s = effectiveStatus(t, context, categoryId);
      return { ...t, listStatus: s, mapStatus: statusForCategory(s) };
    });
  }, [loaded, reserved, context, categoryId]);

  const byId = useMemo(() => new Map(territories.map((t) => [t.id, t])), [territories]);
  const idByKey = useMemo(() => new Map(territories.map((t) => [t.key, t.id])), [territories]);
  const mapTerritories = useMemo(() => territories.map(toMapTerritory), [territories]);

  const selected = selectedId ? (byId.get(selectedId) ?? null) : null;
  const shown = (hoveredId ? byId.get(hoveredId) : undefined) ?? selected;
  const shownStatus = shown ? cardStatus(shown.listStatus) : null;

  const clearTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (clearTimer.current) clearTimeout(clearTimer.current);
    },
    [],
  );

  const select = (id: string | null) => {
    setSelectedId(id);
    setPrompt(null);
    const t = id ? byId.get(id) : undefined;
    setAnnouncement(t ? `${t.name} selected. ${cardStatus(t.listStatus).label}.` : "Selection cleared.");
  };

  const changeView = (v: ExplorerView) => {
    setView(v);
    setHoveredId(null);
  };

  const chooseCategory = (id: string) => {
    setCategoryId(id);
    setPrompt(null);
  };

  const openDialog = (type: DialogState["type"], t: TerritoryView, category: { id: string; name: string }) => {
    if (clearTimer.current) clearTimeout(clearTimer.current);
    setDialog({
      type,
      open: true,
      target: { territory: { id: t.id, name: t.name }, category },
      statusLabel: cardStatus(t.listStatus).label,
      details: reservationDetails(t),
    });
  };

  const onDialogOpenChange = (open: boolean) => {
    if (open) return;
    setDialog((d) => (d ? { ...d, open: false } : d));
    // The form's territory is cleared about 300 ms after closing (spec 1 §4), once the dialog is gone.
    if (clearTimer.current) clearTimeout(clearTimer.current);
    clearTimer.current = setTimeout(() => setDialog((d) => (d && !d.open ? null : d)), FORM_CLEAR_DELAY_MS);
  };

  const onAction = () => {
    const t = shown;
    if (!t || !shownStatus) return;
    if (t.id !== selectedId) select(t.id);
    const plan = planAction({
      action: shownStatus.action,
      territoryName: t.name,
      category: categoryForReservation(context, categories, categoryId),
      hasCategorySection: document.getElementById(CATEGORY_SECTION_ID) !== null,
    });
    switch (plan.kind) {
      case "open":
        openDialog(plan.dialog, t, plan.category);
        return;
      case "choose-category": {
        const section = document.getElementById(CATEGORY_SECTION_ID);
        section?.scrollIntoView({ behavior: prefersReducedMotion() ? "auto" : "smooth", block: "start" });
        const radio =
          section?.querySelector<HTMLInputElement>('input[type="radio"]:checked') ??
          section?.querySelector<HTMLInputElement>('input[type="radio"]');
        radio?.focus({ preventScroll: true });
        // Said inline in the section (a live region), where the focus now is.
        setPrompt(plan.message);
        return;
      }
      case "no-section":
        toast.error(plan.message);
        return;
      default:
        return;
    }
  };

  const onReserved = (territoryId: string, reservedCategoryId: string) => {
    const c =
      categories.find((x) => x.id === reservedCategoryId) ??
      (context.kind === "poundcode" && context.categoryId === reservedCategoryId
        ? { id: context.categoryId, name: context.name, slug: context.slug }
        : { id: reservedCategoryId, name: dialog?.target.category.name ?? "", slug: "" });
    setReserved((r) => [...r, { territoryId, category: c }]);
  };

  return (
    <div
      className={cn(
        "grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-10 xl:grid-cols-[minmax(0,1fr)_24rem]",
        className,
      )}
    >
      <div className="flex min-w-0 flex-col gap-6 lg:col-start-1 lg:row-start-1">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <ViewToggle value={view} onChange={changeView} />
          {/* Always one line high, so selecting never moves the map or list. */}
          <div className="flex h-9 w-full min-w-0 items-center gap-2 text-sm sm:w-auto">
            {selected ? (
              <>
                <span className="min-w-0 truncate text-muted-foreground">
                  Selected: <span className="font-semibold text-foreground">{selected.name}</span>
                </span>
                <button
                  type="button"
                  onClick={() => select(null)}
                  className="inline-flex size-8 shrink-0 items-center justify-center rounded-md text-muted-foreground transition-colors hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
                >
                  <X className="size-4" aria-hidden="true" />
                  <span className="sr-only">Clear selection</span>
                </button>
              </>
            ) : (
              <span className="truncate text-muted-foreground">
                {view === "map" ? "Hover to preview, click to select." : "Select a territory to see its details."}
              </span>
            )}
          </div>
        </div>

        {view === "map" ? (
          <div className="rounded-2xl border border-border bg-card p-3 shadow-card sm:p-6">
            <TerritoryMap
              territories={mapTerritories}
              selectedKey={selected?.key ?? null}
              onSelect={(k) => {
                const id = idByKey.get(k);
                if (id) select(id);
              }}
              onHover={(k) => setHoveredId(k ? (idByKey.get(k) ?? null) : null)}
            />
          </div>
        ) : (
          <TerritoryList
            territories={territories}
            context={context}
            selectedId={selectedId}
            onSelect={select}
            onHover={setHoveredId}
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
          territory={shown}
          status={shownStatus}
          selected={shown !== null && shown.id === selectedId}
          onAction={onAction}
          expectQuote={context.kind === "poundcode"}
          titleId={panelTitleId}
        />
      </aside>

      {withCategorySection ? (
        <CategorySection
          className="lg:col-start-1 lg:row-start-2"
          categories={categories}
          value={categoryId}
          onChange={chooseCategory}
          territory={selected}
          prompt={prompt}
        />
      ) : null}

      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>

      <ReservationDialog
        open={dialog?.type === "reserve" && dialog.open}
        onOpenChange={onDialogOpenChange}
        target={dialog?.type === "reserve" ? dialog.target : null}
        details={dialog?.type === "reserve" ? dialog.details : undefined}
        action={reserveAction}
        onReserved={onReserved}
      />
      <WaitlistDialog
        open={dialog?.type === "waitlist" && dialog.open}
        onOpenChange={onDialogOpenChange}
        target={dialog?.type === "waitlist" ? dialog.target : null}
        statusLabel={dialog?.type === "waitlist" ? dialog.statusLabel : undefined}
        action={waitlistAction}
      />
    </div>
  );
}

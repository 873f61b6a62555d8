import { useEffect, useId, useState } from "react";
import { Button } from "#app/components/ui/button.tsx";
import { Check, ChevronLeft, ChevronRight, Info, Search } from "#app/components/ui/icons.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { cn } from "#app/lib/utils.ts";
import type { CategoryOption, CodePickerPage, TerritoryView } from "#kernel/catalogue.ts";
import { cardStatus, statusDotClass } from "#kernel/territory-status.ts";
import { CATEGORY_SECTION_ID } from "./card-actions.ts";
import { isCodePickerPage, pickerEmpty, pickerRange, pickerStatus, pickerUrl } from "./code-picker.ts";
import { useResource } from "./use-resource.ts";

const CATEGORY_SECTION_TITLE = "Choose a #Code category";

/** How long typing may pause before the picker asks the server. */
const SEARCH_PAUSE_MS = 250;

export type CategorySectionProps = {
  /** The picker's first page as the page was rendered (no search, no territory). */
  initial: CodePickerPage;
  chosen: CategoryOption | null;
  onChange: (category: CategoryOption) => void;
  /** The selected territory: each #Code shows its status there. */
  territory: TerritoryView | null;
  /** 'Please choose a category below for … before reserving.' */
  prompt: string | null;
  /** Changes when the page's data is fresh again (after a reservation): the statuses are read again. */
  version: unknown;
  className?: string;
};

/**
 * 'Choose a #Code category' (all-numbers pages): a radio group of one page of #Codes, searchable and paged on the
 * server; the chosen one is what a reservation is for. Once a territory is selected each card shows the #Code's
 * status there, and the visitor may keep only the ones available. The reserve action scrolls here (id
 * "category-section") when none is chosen.
 */
export function CategorySection({
  initial,
  chosen,
  onChange,
  territory,
  prompt,
  version,
  className,
}: CategorySectionProps) {
  const uid = useId();
  const titleId = `${uid}-title`;
  const descId = `${uid}-desc`;
  const searchId = `${uid}-search`;
  const onlyId = `${uid}-only`;
  const name = `${uid}-category`;

  const [typed, setTyped] = useState("");
  const [q, setQ] = useState("");
  const [page, setPage] = useState(1);
  const [onlyAvailable, setOnlyAvailable] = useState(false);
  const territorySlug = territory?.slug ?? null;

  useEffect(() => {
    const trimmed = typed.trim();
    if (trimmed === q) return;
    const timer = setTimeout(() => {
      setQ(trimmed);
      setPage(1);
    }, SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed, q]);

  const query = { q, page, territory: territorySlug, onlyAvailable };
  // The first page as rendered needs no request; anything else is asked for.
  const url = pickerUrl(query);
  const asked = url === pickerUrl({ q: "", page: 1, territory: null, onlyAvailable: false }) ? null : url;
  const resource = useResource(asked, isCodePickerPage, version);
  const shown: CodePickerPage = asked === null ? initial : (resource.data ?? initial);
  const loading = asked !== null && (resource.state === "loading" || resource.dataUrl !== asked);
  const filterApplies = territory !== null;

  const goTo = (next: number) => setPage(Math.max(1, Math.min(shown.pageCount, next)));

  return (
    <section
      id={CATEGORY_SECTION_ID}
      aria-labelledby={titleId}
      className={cn("scroll-mt-24 rounded-2xl border border-border bg-card p-6 shadow-card sm:p-8", className)}
    >
      <h2 id={titleId} className="text-xl font-bold tracking-tight text-foreground sm:text-2xl">
        {CATEGORY_SECTION_TITLE}
      </h2>
      <p id={descId} className="mt-2 max-w-2xl text-sm leading-relaxed text-muted-foreground sm:text-base">
        Each #Code is licensed separately. Select a territory and each card shows whether that #Code is available there.
      </p>

      <div aria-live="polite" className="min-h-0">
        {prompt ? (
          <p className="mt-4 flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-950 dark:border-amber-900 dark:bg-amber-950/40 dark:text-amber-100">
            <Info className="mt-0.5 size-4 shrink-0 text-amber-700 dark:text-amber-300" aria-hidden="true" />
            {prompt}
          </p>
        ) : null}
      </div>

      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="relative sm:w-72">
          <label htmlFor={searchId} className="sr-only">
            Search #Codes
          </label>
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            id={searchId}
            type="search"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            maxLength={64}
            placeholder="Search #Codes, e.g. LAW"
            className="pl-9"
            autoComplete="off"
          />
        </div>
        {filterApplies ? (
          <label htmlFor={onlyId} className="flex cursor-pointer items-center gap-2 text-sm text-foreground">
            <input
              id={onlyId}
              type="checkbox"
              checked={onlyAvailable}
              onChange={(e) => {
                setOnlyAvailable(e.target.checked);
                setPage(1);
              }}
              className="size-4 rounded border-input accent-navy-700 dark:accent-gold-400"
            />
            Only #Codes available in {territory.name}
          </label>
        ) : null}
      </div>

      <p className="mt-4 text-sm text-muted-foreground" aria-live="polite">
        {chosen ? (
          <>
            Chosen: <strong className="font-semibold text-foreground">{chosen.name}</strong>
            <span aria-hidden="true"> · </span>
          </>
        ) : null}
        {loading ? "Loading #Codes…" : resource.state === "failed" ? null : pickerRange(shown)}
      </p>

      {resource.state === "failed" ? (
        <p role="alert" className="mt-2 flex flex-wrap items-center gap-3 text-sm text-destructive">
          The #Codes could not be loaded.
          <Button type="button" variant="outline" size="sm" onClick={resource.retry}>
            Try again
          </Button>
        </p>
      ) : null}

      <fieldset aria-describedby={descId} aria-busy={loading} className="mt-4">
        <legend className="sr-only">#Code category</legend>
        {shown.items.length === 0 && !loading ? (
          <p className="rounded-xl border border-dashed border-border px-4 py-6 text-center text-sm text-muted-foreground">
            {pickerEmpty(shown)}
          </p>
        ) : (
          <div
            className={cn(
              "grid grid-cols-2 gap-3 transition-opacity sm:grid-cols-4",
              loading ? "opacity-60" : "opacity-100",
            )}
          >
            {shown.items.map((c) => {
              const checked = c.id === chosen?.id;
              const statusKey = pickerStatus(c, shown, territory);
              const status = statusKey ? cardStatus(statusKey) : null;
              return (
                <label
                  key={c.id}
                  className={cn(
                    "relative flex cursor-pointer flex-col gap-1.5 rounded-xl border bg-background px-4 py-3.5 transition-[border-color,box-shadow,background-color] duration-150 hover:border-navy-300 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring dark:bg-navy-950/30 dark:hover:border-navy-500",
                    checked
                      ? "border-gold-400 bg-gold-50/60 shadow-card ring-1 ring-gold-400 dark:border-gold-400 dark:bg-gold-900/15"
                      : "border-border",
                  )}
                >
                  <input
                    type="radio"
                    name={name}
                    value={c.id}
                    checked={checked}
                    onChange={() => onChange({ id: c.id, name: c.name, slug: c.slug })}
                    className="sr-only"
                  />
                  <span className="flex items-center justify-between gap-2">
                    <span className="truncate text-base font-bold tracking-tight text-foreground">{c.name}</span>
                    <span
                      aria-hidden="true"
                      className={cn(
                        "grid size-5 shrink-0 place-items-center rounded-full border",
                        checked ? "border-gold-500 bg-accent text-accent-foreground" : "border-input bg-background",
                      )}
                    >
                      {checked ? <Check className="size-3" strokeWidth={3} /> : null}
                    </span>
                  </span>
                  <span className="flex h-5 items-center gap-1.5 text-xs text-muted-foreground">
                    {status ? (
                      <>
                        <span aria-hidden="true" className={cn("size-2 rounded-full", statusDotClass(status.key))} />
                        <span>
                          <span className="sr-only">{territory?.name}: </span>
                          {status.label}
                        </span>
                      </>
                    ) : null}
                  </span>
                </label>
              );
            })}
          </div>
        )}
      </fieldset>

      {shown.pageCount > 1 ? (
        <nav aria-label="#Code pages" className="mt-5 flex items-center justify-between gap-3">
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => goTo(shown.page - 1)}
            disabled={shown.page <= 1}
          >
            <ChevronLeft aria-hidden="true" className="size-4" />
            Previous
          </Button>
          <span className="text-sm text-muted-foreground">
            Page {shown.page} of {shown.pageCount}
          </span>
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => goTo(shown.page + 1)}
            disabled={shown.page >= shown.pageCount}
          >
            Next
            <ChevronRight aria-hidden="true" className="size-4" />
          </Button>
        </nav>
      ) : null}
    </section>
  );
}

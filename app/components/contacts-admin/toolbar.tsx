import { useId } from "react";
import { Form, Link } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { Download, KanbanSquare, List, Search, X } from "#app/components/ui/icons.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { cn } from "#app/lib/utils.ts";
import { MAX_SEARCH_LENGTH } from "#kernel/list-query.ts";

export type ContactsView = "list" | "board";

/** List or board: two links (the search is kept), the current one marked. */
export function ContactsViewSwitch({
  view,
  listHref,
  boardHref,
}: {
  view: ContactsView;
  listHref: string;
  boardHref: string;
}) {
  const tab = (active: boolean) =>
    cn(
      "inline-flex items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium transition-colors",
      active ? "bg-background text-foreground shadow-xs" : "text-muted-foreground hover:text-foreground",
    );
  return (
    <nav aria-label="View" className="inline-flex w-fit gap-1 rounded-lg border border-border bg-muted p-1">
      <Link to={listHref} className={tab(view === "list")} aria-current={view === "list" ? "page" : undefined}>
        <List className="size-4" aria-hidden="true" /> List
      </Link>
      <Link to={boardHref} className={tab(view === "board")} aria-current={view === "board" ? "page" : undefined}>
        <KanbanSquare className="size-4" aria-hidden="true" /> Board
      </Link>
    </nav>
  );
}

/** The CSV download of what the list shows (a resource route: a plain link, so the browser saves the file). */
export function ExportCsvLink({ href }: { href: string }) {
  return (
    <Button asChild variant="outline">
      <a href={href} download>
        <Download aria-hidden="true" /> Export CSV
      </a>
    </Button>
  );
}

/**
 * The board's search: a GET form that keeps the board view (the columns are the statuses, so it has no status
 * filter). Works without JavaScript; with it, React Router navigates to the same URL.
 */
export function BoardSearch({ q, clearHref }: { q: string; clearHref: string }) {
  const id = useId();
  return (
    <search className="min-w-0">
      {/* Keyed by the search: a link elsewhere (Clear, back) shows its own text here. */}
      <Form key={q} method="get" preventScrollReset className="flex flex-wrap items-end gap-3">
        <input type="hidden" name="view" value="board" />
        <div className="grid w-full gap-1.5 sm:w-auto">
          <Label htmlFor={`${id}-q`}>Search</Label>
          <Input
            id={`${id}-q`}
            name="q"
            type="search"
            defaultValue={q}
            placeholder="Name, email or company"
            maxLength={MAX_SEARCH_LENGTH}
            className="w-full sm:w-72"
          />
        </div>
        <div className="flex items-center gap-2">
          <Button type="submit" variant="outline">
            <Search aria-hidden="true" /> Search
          </Button>
          {q ? (
            <Button asChild variant="ghost">
              <Link to={clearHref} preventScrollReset>
                <X aria-hidden="true" /> Clear
              </Link>
            </Button>
          ) : null}
        </div>
      </Form>
    </search>
  );
}

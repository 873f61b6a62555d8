/**
 * Each category's status in one territory, with a button per other status. The page's action sets it through the
 * availability module, which refuses a status that contradicts an active licence or hold (the refusal is a toast,
 * or the page's notice without JavaScript).
 */
import { Form, Link } from "react-router";
import { RowActionForm } from "#app/components/data-table/index.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Search } from "#app/components/ui/icons.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { TERRITORY_CATEGORY_STATUSES, type TerritoryCategoryStatus } from "#kernel/enums.ts";
import { pageRange } from "#kernel/list-query.ts";
import {
  CATEGORY_STATUS_LABELS,
  CATEGORY_STATUS_PAGE_SIZE,
  type CategoryStatusPage,
} from "#kernel/schemas/territories-admin.ts";
import { CategoryStatusBadge } from "./status.tsx";

export type CategoryStatusRow = {
  categoryId: string;
  name: string;
  kind: "poundcode" | "keyword_group";
  status: TerritoryCategoryStatus;
  heldBy: "license" | "reservation" | null;
};

const SET_LABEL: Record<TerritoryCategoryStatus, string> = {
  available: "Set available",
  negotiations: "Set negotiations",
  licensed: "Set licensed",
};

export function CategoryStatuses({ territory, rows }: { territory: string; rows: readonly CategoryStatusRow[] }) {
  if (!rows.length) return <p className="text-sm text-muted-foreground">No categories yet.</p>;
  return (
    <ul className="divide-y divide-border" aria-label={`Category statuses in ${territory}`}>
      {rows.map((r) => (
        <li
          key={r.categoryId}
          className="flex flex-wrap items-center justify-between gap-3 py-3"
          data-category={r.name}
        >
          <div className="grid gap-1">
            <span className="flex flex-wrap items-center gap-2">
              <span className="font-medium">{r.name}</span>
              <CategoryStatusBadge status={r.status} />
            </span>
            {r.heldBy ? (
              <span className="text-xs text-muted-foreground">
                {r.heldBy === "license" ? "Held by an active license" : "Held by an active reservation"}
              </span>
            ) : r.kind === "keyword_group" ? (
              <span className="text-xs text-muted-foreground">Keyword group</span>
            ) : null}
          </div>
          <div className="flex flex-wrap gap-2">
            {/* Keyed by place, not by status: the button pressed names the status the category then has, so it
                leaves the list. Keyed by status, its form would unmount with the reload that follows, before its
                answer's toast, and "Status updated" would be lost whenever both arrive in one render. */}
            {TERRITORY_CATEGORY_STATUSES.filter((s) => s !== r.status).map((s, place) => (
              <RowActionForm
                key={place}
                intent="set-category-status"
                values={{ categoryId: r.categoryId, status: s }}
                context={`for ${r.name} in ${territory}, now ${CATEGORY_STATUS_LABELS[r.status]}`}
                pendingLabel="Saving…"
              >
                {SET_LABEL[s]}
              </RowActionForm>
            ))}
          </div>
        </li>
      ))}
    </ul>
  );
}

/** `?category=…&page=…` of the territory's page, keeping what the other one says. */
function pageHref(q: string, page: number): string {
  const params = new URLSearchParams();
  if (q) params.set("category", q);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `?${query}` : "?";
}

/**
 * The territory's category statuses a page at a time, with a search by name: a GET form and links, so it works
 * without JavaScript and a status set from a page leaves the admin on that page.
 */
export function CategoryStatusBrowser({
  territory,
  page,
}: {
  territory: string;
  page: CategoryStatusPage<CategoryStatusRow>;
}) {
  const { from, to } = pageRange({ page: page.page, size: CATEGORY_STATUS_PAGE_SIZE }, page.total);
  return (
    <div className="grid gap-4">
      <Form method="get" role="search" className="flex flex-col gap-2 sm:flex-row sm:items-center" preventScrollReset>
        <label htmlFor="category-search" className="sr-only">
          Search categories
        </label>
        <Input
          id="category-search"
          name="category"
          type="search"
          defaultValue={page.q}
          maxLength={64}
          placeholder="Search categories, e.g. LAW"
          className="sm:max-w-xs"
        />
        <Button type="submit" variant="outline">
          <Search aria-hidden="true" className="size-4" />
          Search
        </Button>
        <p className="text-sm text-muted-foreground sm:ml-auto" role="status">
          {page.total === 0
            ? page.q
              ? `No categories match “${page.q}”.`
              : "No categories yet."
            : page.pageCount > 1
              ? `Showing ${from}–${to} of ${page.total} categories`
              : `${page.total} ${page.total === 1 ? "category" : "categories"}`}
        </p>
      </Form>
      {page.total > 0 ? <CategoryStatuses territory={territory} rows={page.rows} /> : null}
      {page.pageCount > 1 ? (
        <nav aria-label="Category pages" className="flex items-center justify-between gap-3 text-sm">
          {page.page > 1 ? (
            <Link to={pageHref(page.q, page.page - 1)} preventScrollReset className="font-medium underline">
              Previous
            </Link>
          ) : (
            <span aria-hidden="true" />
          )}
          <span className="text-muted-foreground">
            Page {page.page} of {page.pageCount}
          </span>
          {page.page < page.pageCount ? (
            <Link to={pageHref(page.q, page.page + 1)} preventScrollReset className="font-medium underline">
              Next
            </Link>
          ) : (
            <span aria-hidden="true" />
          )}
        </nav>
      ) : null}
    </div>
  );
}

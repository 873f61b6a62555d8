import type { ReactNode } from "react";
import { Link } from "react-router";
import { buttonVariants } from "#app/components/ui/button.tsx";
import { ChevronLeft, ChevronRight } from "#app/components/ui/icons.tsx";
import { cn } from "#app/lib/utils.ts";
import { type ListDefinition, type ListQuery, PAGE_SIZES, pageRange } from "#kernel/list-query.ts";
import { useListPath } from "./use-list-location.ts";

export type RowNoun = { one: string; other: string };

const count = (n: number) => n.toLocaleString("en-US");

/** "Showing 1–25 of 312 emails" (or "No emails"). */
export function showingText(query: Pick<ListQuery, "page" | "size">, total: number, noun?: RowNoun): string {
  const { from, to } = pageRange(query, total);
  const word = noun ? ` ${total === 1 ? noun.one : noun.other}` : "";
  if (total === 0) return noun ? `No ${noun.other}` : "Nothing to show";
  return `Showing ${count(from)}–${count(to)} of ${count(total)}${word}`;
}

/**
 * Under a list: what is shown ("Showing 26–50 of 312"), links to the previous and next pages, and links that set
 * the page size. All plain links: they work without JavaScript. An empty list has no pages: it says so ("No
 * revisions") and offers no paging ("Page 1 of 0").
 */
export function ListPagination<S extends string, V extends Record<string, unknown>>({
  list,
  query,
  total,
  pageCount,
  noun,
}: {
  list: ListDefinition<S, V>;
  query: ListQuery<S, V>;
  total: number;
  /** How many pages the list has: the total over the page size, rounded up. */
  pageCount: number;
  noun?: RowNoun;
}) {
  const path = useListPath();
  const sizes = [...new Set<number>([...PAGE_SIZES, list.pageSize, query.size])].sort((a, b) => a - b);
  const hasPrevious = query.page > 1;
  const hasNext = query.page < pageCount;
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-between gap-x-6 gap-y-3 text-sm">
      {/* Announced after a sort, search or page change (the page does not reload with JavaScript on). */}
      <p role="status" className="text-muted-foreground tabular-nums">
        {showingText(query, total, noun)}
      </p>
      {total > 0 ? (
        <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
          <div className="flex items-center gap-1">
            <span aria-hidden="true" className="mr-1 text-muted-foreground">
              Rows per page
            </span>
            {sizes.map((size) => (
              <Link
                key={size}
                to={path(list.href(query, { size }))}
                preventScrollReset
                aria-current={size === query.size ? "true" : undefined}
                aria-label={`${size} rows per page`}
                className={cn(
                  buttonVariants({ variant: size === query.size ? "secondary" : "ghost", size: "sm" }),
                  "h-8 min-w-9 px-2 tabular-nums",
                )}
              >
                {size}
              </Link>
            ))}
          </div>
          <div className="flex items-center gap-2">
            <PageLink to={hasPrevious ? path(list.href(query, { page: query.page - 1 })) : null} rel="prev">
              <ChevronLeft aria-hidden="true" />
              Previous
            </PageLink>
            <span className="px-1 text-muted-foreground tabular-nums">
              Page {count(query.page)} of {count(pageCount)}
            </span>
            <PageLink to={hasNext ? path(list.href(query, { page: query.page + 1 })) : null} rel="next">
              Next
              <ChevronRight aria-hidden="true" />
            </PageLink>
          </div>
        </div>
      ) : null}
    </nav>
  );
}

/** A previous/next link, or the same label shown as unavailable (not a link, so not focusable) at either end. */
function PageLink({ to, rel, children }: { to: string | null; rel: "prev" | "next"; children: ReactNode }) {
  const className = cn(buttonVariants({ variant: "outline", size: "sm" }), "gap-1");
  if (to === null) {
    return (
      <span aria-disabled="true" className={className}>
        {children}
      </span>
    );
  }
  return (
    <Link to={to} rel={rel} preventScrollReset className={className}>
      {children}
    </Link>
  );
}

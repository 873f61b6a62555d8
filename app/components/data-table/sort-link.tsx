import type { ReactNode } from "react";
import { Link } from "react-router";
import { ArrowDown, ArrowUp, ArrowUpDown } from "#app/components/ui/icons.tsx";
import { cn } from "#app/lib/utils.ts";

/** `aria-sort` of a column header sorted in `direction` (none when the list is sorted by another column). */
export function ariaSort(direction: false | "asc" | "desc"): "ascending" | "descending" | undefined {
  return direction === "asc" ? "ascending" : direction === "desc" ? "descending" : undefined;
}

/**
 * The link in a sortable column header: following it sorts the list by this column (or flips the direction when
 * it already does). The header cell carries `aria-sort`; the arrow shows the direction to sighted readers.
 */
export function SortLink({
  to,
  direction,
  className,
  children,
}: {
  to: string;
  direction: false | "asc" | "desc";
  className?: string;
  children: ReactNode;
}) {
  const Icon = direction === "asc" ? ArrowUp : direction === "desc" ? ArrowDown : ArrowUpDown;
  return (
    <Link
      to={to}
      preventScrollReset
      className={cn(
        "-mx-1.5 inline-flex items-center gap-1.5 rounded px-1.5 py-1 uppercase hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
        direction && "text-foreground",
        className,
      )}
    >
      {children}
      <Icon aria-hidden="true" className={cn("size-3.5 shrink-0", !direction && "opacity-50")} />
    </Link>
  );
}

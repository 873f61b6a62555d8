import { Link } from "react-router";
import { ChevronRight } from "#app/components/ui/icons.tsx";
import { cn } from "#app/lib/utils.ts";
import { formatDateTime } from "#kernel/format.ts";
import { TicketPriorityBadge, TicketStatusBadge } from "./ticket-badges.tsx";
import type { TicketListItem } from "./types.ts";

/** The licensee's tickets, most recently updated first; each is a link that opens its thread (`?ticket=`). */
export function TicketList({
  tickets,
  selectedId,
  hrefFor,
}: {
  tickets: TicketListItem[];
  selectedId: string | null;
  hrefFor: (id: string) => string;
}) {
  return (
    <ul className="grid gap-2">
      {tickets.map((t) => {
        const selected = t.id === selectedId;
        return (
          <li key={t.id}>
            <Link
              to={hrefFor(t.id)}
              preventScrollReset
              aria-current={selected ? "page" : undefined}
              className={cn(
                "group grid gap-2 rounded-lg border px-4 py-3 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
                selected
                  ? "border-gold-400 bg-gold-50 shadow-xs dark:border-gold-600 dark:bg-gold-900/20"
                  : "border-border bg-card hover:border-navy-300 hover:bg-muted/60 dark:hover:border-navy-500",
              )}
            >
              <span className="flex items-start justify-between gap-3">
                <span className="line-clamp-2 text-sm leading-snug font-semibold">{t.subject}</span>
                <ChevronRight
                  aria-hidden="true"
                  className="mt-0.5 size-4 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5"
                />
              </span>
              <span className="flex flex-wrap items-center gap-1.5">
                <TicketStatusBadge status={t.status} side="owner" />
                <TicketPriorityBadge priority={t.priority} />
              </span>
              <span className="text-xs text-muted-foreground">
                Updated <time dateTime={t.updatedAt}>{formatDateTime(t.updatedAt)}</time>
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

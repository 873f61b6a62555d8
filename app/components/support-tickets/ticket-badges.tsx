import { Badge } from "#app/components/ui/badge.tsx";
import { cn } from "#app/lib/utils.ts";
import type { TicketPriority, TicketStatus } from "#kernel/enums.ts";
import { OWNER_TICKET_STATUS_LABELS, TICKET_PRIORITY_LABELS, TICKET_STATUS_LABELS } from "#kernel/schemas/support.ts";

/**
 * Status badge (spec 2 §4): open blue, pending_admin yellow, pending_user orange, resolved green, closed gray. The
 * owner's side says it in the owner's words ('Awaiting our reply'), the desk's in the spec's ('Pending Admin').
 */
export function TicketStatusBadge({
  status,
  side = "admin",
  className,
}: {
  status: TicketStatus;
  side?: "owner" | "admin";
  className?: string;
}) {
  const labels = side === "owner" ? OWNER_TICKET_STATUS_LABELS : TICKET_STATUS_LABELS;
  return (
    <Badge variant={status} className={className} data-status={status}>
      {labels[status]}
    </Badge>
  );
}

/** Priority colours (spec 2 §4): low green, medium yellow, high orange, urgent red. */
const PRIORITY_CLASSES: Record<TicketPriority, string> = {
  low: "border-green-200 bg-green-50 text-green-800 dark:border-green-800 dark:bg-green-950/60 dark:text-green-300",
  medium:
    "border-yellow-200 bg-yellow-50 text-yellow-800 dark:border-yellow-800 dark:bg-yellow-950/60 dark:text-yellow-200",
  high: "border-orange-200 bg-orange-50 text-orange-800 dark:border-orange-800 dark:bg-orange-950/60 dark:text-orange-300",
  urgent: "border-red-200 bg-red-50 text-red-800 dark:border-red-800 dark:bg-red-950/60 dark:text-red-300",
};

export function TicketPriorityBadge({ priority, className }: { priority: TicketPriority; className?: string }) {
  return (
    <Badge variant="outline" className={cn(PRIORITY_CLASSES[priority], className)} data-priority={priority}>
      <span className="sr-only">Priority: </span>
      {TICKET_PRIORITY_LABELS[priority]}
    </Badge>
  );
}

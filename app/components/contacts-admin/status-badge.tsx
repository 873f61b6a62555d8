import { Badge } from "#app/components/ui/badge.tsx";
import { cn } from "#app/lib/utils.ts";
import type { ContactStatus } from "#kernel/enums.ts";
import { CONTACT_STATUS_LABELS } from "#kernel/schemas/contacts-admin.ts";

/**
 * The pipeline's colours: early stages cool (new blue, contacted sky, qualified indigo), the deal warm (proposal
 * amber, negotiation orange), the outcome plain (closed won green, closed lost red), on hold grey.
 */
export const CONTACT_STATUS_CLASSES: Record<ContactStatus, string> = {
  new: "border-blue-200 bg-blue-50 text-blue-800 dark:border-blue-800 dark:bg-blue-950/60 dark:text-blue-300",
  contacted: "border-sky-200 bg-sky-50 text-sky-800 dark:border-sky-800 dark:bg-sky-950/60 dark:text-sky-300",
  qualified:
    "border-indigo-200 bg-indigo-50 text-indigo-800 dark:border-indigo-800 dark:bg-indigo-950/60 dark:text-indigo-300",
  proposal:
    "border-amber-200 bg-amber-50 text-amber-800 dark:border-amber-800 dark:bg-amber-950/60 dark:text-amber-300",
  negotiation:
    "border-orange-200 bg-orange-50 text-orange-800 dark:border-orange-800 dark:bg-orange-950/60 dark:text-orange-300",
  closed_won:
    "border-green-200 bg-green-50 text-green-800 dark:border-green-800 dark:bg-green-950/60 dark:text-green-300",
  closed_lost: "border-red-200 bg-red-50 text-red-800 dark:border-red-800 dark:bg-red-950/60 dark:text-red-300",
  on_hold: "border-gray-200 bg-gray-100 text-gray-700 dark:border-gray-700 dark:bg-gray-800/60 dark:text-gray-300",
};

/** The dot of a board column's heading, in the status's colour. */
export const CONTACT_STATUS_DOTS: Record<ContactStatus, string> = {
  new: "bg-blue-500",
  contacted: "bg-sky-500",
  qualified: "bg-indigo-500",
  proposal: "bg-amber-500",
  negotiation: "bg-orange-500",
  closed_won: "bg-green-500",
  closed_lost: "bg-red-500",
  on_hold: "bg-gray-400",
};

export function ContactStatusBadge({ status, className }: { status: ContactStatus; className?: string }) {
  return (
    <Badge variant="outline" className={cn(CONTACT_STATUS_CLASSES[status], className)} data-status={status}>
      {CONTACT_STATUS_LABELS[status]}
    </Badge>
  );
}

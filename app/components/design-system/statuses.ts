import type { BadgeVariant } from "#app/components/ui/badge.tsx";

export type Status = { variant: BadgeVariant; label: string };

export const TERRITORY_STATUSES: Status[] = [
  { variant: "available", label: "Available" },
  { variant: "partial", label: "Partially Licensed" },
  { variant: "negotiations", label: "In Negotiations" },
  { variant: "licensed", label: "Fully Licensed" },
];

export const TICKET_STATUSES: Status[] = [
  { variant: "open", label: "Open" },
  { variant: "pending_admin", label: "Pending Admin" },
  { variant: "pending_user", label: "Pending User" },
  { variant: "resolved", label: "Resolved" },
  { variant: "closed", label: "Closed" },
];

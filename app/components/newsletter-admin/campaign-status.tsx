import { Badge } from "#app/components/ui/badge.tsx";

const LABEL = { draft: "Draft", sending: "Sending", sent: "Delivered" } as const;
const VARIANT = { draft: "outline", sending: "open", sent: "resolved" } as const;

/** A campaign's status: Draft, Sending (blue) or Delivered (green). */
export function CampaignStatusBadge({ status }: { status: "draft" | "sending" | "sent" }) {
  return <Badge variant={VARIANT[status]}>{LABEL[status]}</Badge>;
}

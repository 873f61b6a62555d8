import { Badge } from "#app/components/ui/badge.tsx";
import { AGREEMENT_STATUS_LABELS, agreementTone } from "#kernel/schemas/agreements.ts";

/** An agreement's status: 'active' green, anything else amber. */
export function AgreementStatusBadge({ status }: { status: string }) {
  return (
    <Badge variant={agreementTone(status) === "green" ? "available" : "negotiations"} data-tone={agreementTone(status)}>
      {AGREEMENT_STATUS_LABELS[status] ?? status}
    </Badge>
  );
}

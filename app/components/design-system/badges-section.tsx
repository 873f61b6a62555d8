import { Badge } from "#app/components/ui/badge.tsx";
import { ShowcaseSection } from "./showcase-section.tsx";
import { type Status, TERRITORY_STATUSES, TICKET_STATUSES } from "./statuses.ts";

function StatusBadges({ statuses }: { statuses: Status[] }) {
  return (
    <div className="flex flex-wrap gap-2">
      {statuses.map((status) => (
        <Badge key={status.variant} variant={status.variant}>
          {status.label}
        </Badge>
      ))}
    </div>
  );
}

export function BadgesSection() {
  return (
    <ShowcaseSection id="badges" title="Badges">
      <div className="grid gap-4">
        <div className="flex flex-wrap gap-2">
          <Badge>Default</Badge>
          <Badge variant="gold">Featured</Badge>
          <Badge variant="secondary">Secondary</Badge>
          <Badge variant="outline">Outline</Badge>
          <Badge variant="destructive">Destructive</Badge>
        </div>
        <StatusBadges statuses={TERRITORY_STATUSES} />
        <StatusBadges statuses={TICKET_STATUSES} />
      </div>
    </ShowcaseSection>
  );
}

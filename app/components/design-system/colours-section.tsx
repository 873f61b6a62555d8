import { Badge } from "#app/components/ui/badge.tsx";
import { ShowcaseSection } from "./showcase-section.tsx";
import { TERRITORY_STATUSES, TICKET_STATUSES } from "./statuses.ts";

const NAVY = ["50", "100", "200", "300", "400", "500", "600", "700", "800", "900", "950"] as const;
const GOLD = ["50", "100", "200", "300", "400", "500", "600", "700", "800", "900"] as const;

// Literal class names so Tailwind generates them.
const NAVY_BG: Record<(typeof NAVY)[number], string> = {
  "50": "bg-navy-50",
  "100": "bg-navy-100",
  "200": "bg-navy-200",
  "300": "bg-navy-300",
  "400": "bg-navy-400",
  "500": "bg-navy-500",
  "600": "bg-navy-600",
  "700": "bg-navy-700",
  "800": "bg-navy-800",
  "900": "bg-navy-900",
  "950": "bg-navy-950",
};
const GOLD_BG: Record<(typeof GOLD)[number], string> = {
  "50": "bg-gold-50",
  "100": "bg-gold-100",
  "200": "bg-gold-200",
  "300": "bg-gold-300",
  "400": "bg-gold-400",
  "500": "bg-gold-500",
  "600": "bg-gold-600",
  "700": "bg-gold-700",
  "800": "bg-gold-800",
  "900": "bg-gold-900",
};

const SEMANTIC = [
  { name: "background", className: "bg-background" },
  { name: "foreground", className: "bg-foreground" },
  { name: "card", className: "bg-card" },
  { name: "muted", className: "bg-muted" },
  { name: "border", className: "bg-border" },
  { name: "primary", className: "bg-primary" },
  { name: "accent", className: "bg-accent" },
  { name: "ring", className: "bg-ring" },
  { name: "destructive", className: "bg-destructive" },
] as const;

function Swatch({ className, name, dark }: { className: string; name: string; dark?: boolean }) {
  return (
    <div className="flex flex-col gap-2">
      <div className={`h-14 rounded-lg ring-1 ring-black/5 ring-inset dark:ring-white/10 ${className}`} />
      <span className={`text-xs font-medium ${dark ? "text-foreground" : "text-muted-foreground"}`}>{name}</span>
    </div>
  );
}

export function ColoursSection() {
  return (
    <ShowcaseSection id="colors" title="Colors" description="Deep navy and white, with gold for emphasis and focus.">
      <div className="grid gap-8">
        <div>
          <h3 className="mb-3 text-sm font-semibold">Navy</h3>
          <div className="grid grid-cols-4 gap-3 sm:grid-cols-6 lg:grid-cols-11">
            {NAVY.map((step) => (
              <Swatch key={step} className={NAVY_BG[step]} name={`navy-${step}`} />
            ))}
          </div>
        </div>
        <div>
          <h3 className="mb-3 text-sm font-semibold">Gold</h3>
          <div className="grid grid-cols-4 gap-3 sm:grid-cols-5 lg:grid-cols-10">
            {GOLD.map((step) => (
              <Swatch key={step} className={GOLD_BG[step]} name={`gold-${step}`} />
            ))}
          </div>
        </div>
        <div>
          <h3 className="mb-3 text-sm font-semibold">Semantic tokens (follow the theme)</h3>
          <div className="grid grid-cols-3 gap-3 sm:grid-cols-5 lg:grid-cols-9">
            {SEMANTIC.map((token) => (
              <Swatch key={token.name} className={token.className} name={token.name} dark />
            ))}
          </div>
        </div>
        <div>
          <h3 className="mb-3 text-sm font-semibold">Status colors</h3>
          <div className="flex flex-wrap gap-2">
            {[...TERRITORY_STATUSES, ...TICKET_STATUSES].map((status) => (
              <Badge key={status.variant} variant={status.variant}>
                {status.label}
              </Badge>
            ))}
          </div>
        </div>
      </div>
    </ShowcaseSection>
  );
}

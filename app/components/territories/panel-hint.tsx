import { MousePointerClick } from "#app/components/ui/icons.tsx";

const PANEL_HINT = "Hover over or select a territory on the map or list to see details.";

const STEPS = [
  ["Pick a territory", "A whole state or a portion of one."],
  ["Review the pricing", "Monthly fee, deposit and usage rates."],
  ["Reserve it", "We hold it for you while you sign and pay online."],
];

/** What the detail panel shows before a territory is hovered or selected. */
export function PanelHint() {
  return (
    <div className="flex flex-1 flex-col">
      <div className="mt-6 grid size-12 place-items-center rounded-xl bg-navy-950 text-gold-300 ring-1 ring-navy-800 dark:bg-navy-800/70 dark:ring-navy-700">
        <MousePointerClick className="size-5.5" aria-hidden="true" />
      </div>
      <p className="mt-5 text-base leading-relaxed text-muted-foreground">{PANEL_HINT}</p>
      <ol className="mt-auto grid gap-4 border-t border-border pt-6 text-sm">
        {STEPS.map(([title, body], i) => (
          <li key={title} className="flex gap-3">
            <span className="grid size-6 shrink-0 place-items-center rounded-full border border-gold-300 bg-gold-50 text-xs font-bold text-gold-900 dark:border-gold-700 dark:bg-gold-900/30 dark:text-gold-200">
              {i + 1}
            </span>
            <span>
              <span className="block font-semibold text-foreground">{title}</span>
              <span className="block text-muted-foreground">{body}</span>
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}

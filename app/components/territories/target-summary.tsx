import { cn } from "#app/lib/utils.ts";

/** The small "what you are reserving" strip at the top of the dialogs. */
export function TargetSummary({ items }: { items: { label: string; value: string }[] }) {
  return (
    <dl className="grid grid-cols-2 gap-px overflow-hidden rounded-lg border border-border bg-border sm:auto-cols-fr sm:grid-flow-col sm:grid-cols-none">
      {items.map((item, i) => (
        <div
          key={item.label}
          className={cn("min-w-0 bg-subtle px-4 py-3", i === 0 && items.length % 2 === 1 && "col-span-2 sm:col-span-1")}
        >
          <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{item.label}</dt>
          <dd className="mt-1 truncate text-sm font-semibold text-foreground">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

import type { ReactNode } from "react";
import { Check } from "#app/components/ui/icons.tsx";
import { cn } from "#app/lib/utils.ts";

/** A list of points, each behind a gold check mark. */
export function CheckList({ items, className }: { items: readonly ReactNode[]; className?: string }) {
  return (
    <ul className={cn("grid content-start gap-3.5", className)}>
      {items.map((item, i) => (
        <li key={i} className="flex items-start gap-3 text-[0.9375rem] leading-relaxed text-foreground">
          <span className="mt-0.5 grid size-5.5 shrink-0 place-items-center rounded-full bg-gold-100 text-gold-800 dark:bg-gold-900/50 dark:text-gold-200">
            <Check className="size-3.5" aria-hidden="true" strokeWidth={3} />
          </span>
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

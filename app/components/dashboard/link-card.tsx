import { Link } from "react-router";
import { ArrowUpRight, type IconComponent } from "#app/components/ui/icons.tsx";
import { cn } from "#app/lib/utils.ts";

type Props = {
  to: string;
  title: string;
  description: string;
  icon: IconComponent;
  external?: boolean;
  disabled?: boolean;
  badge?: string;
  /** A disabled card's line saying why it is disabled and what it will hold. */
  note?: string;
};

/** A navigational card: the whole card is one link (or a disabled, non-interactive card). */
export function LinkCard({ to, title, description, icon: Icon, external, disabled, badge, note }: Props) {
  const body = (
    <>
      <div className="flex items-start justify-between gap-4">
        <span className="inline-flex size-11 items-center justify-center rounded-lg bg-primary/10 text-primary dark:bg-accent/15 dark:text-accent">
          <Icon aria-hidden className="size-5" />
        </span>
        {badge ? (
          <span className="rounded-full bg-muted px-2.5 py-0.5 text-xs font-medium text-muted-foreground">{badge}</span>
        ) : external ? (
          <ArrowUpRight aria-hidden className="size-4 text-muted-foreground" />
        ) : null}
      </div>
      <h3 className="mt-4 font-semibold tracking-tight">{title}</h3>
      <p className="mt-1 text-sm leading-relaxed text-muted-foreground">{description}</p>
      {note ? <p className="mt-3 border-t border-border pt-3 text-sm leading-relaxed">{note}</p> : null}
    </>
  );
  const cls = cn(
    "block rounded-xl border border-border bg-card p-6 text-card-foreground shadow-sm transition",
    disabled
      ? "border-dashed bg-muted/40 shadow-none"
      : "hover:-translate-y-0.5 hover:border-accent hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
  );
  if (disabled) {
    return (
      <div className={cls} aria-disabled="true">
        {body}
      </div>
    );
  }
  if (external) {
    return (
      <a href={to} target="_blank" rel="noopener noreferrer" className={cls}>
        {body}
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    );
  }
  return (
    <Link to={to} className={cls}>
      {body}
    </Link>
  );
}

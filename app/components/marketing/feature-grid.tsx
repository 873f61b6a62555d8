import { Link } from "react-router";
import { ArrowRight, type IconComponent } from "#app/components/ui/icons.tsx";
import { cn } from "#app/lib/utils.ts";

export type Feature = {
  title: string;
  body: string;
  Icon: IconComponent;
  /** An optional link under the text. */
  link?: { to: string; label: string };
};

const COLUMNS = {
  2: "sm:grid-cols-2",
  3: "sm:grid-cols-2 lg:grid-cols-3",
  4: "sm:grid-cols-2 lg:grid-cols-4",
} as const;

/** Cards of features: a navy tile with a gold icon, a title, a short text and an optional link. */
export function FeatureGrid({ items, columns = 3 }: { items: readonly Feature[]; columns?: 2 | 3 | 4 }) {
  return (
    <ul className={cn("grid gap-5 lg:gap-6", COLUMNS[columns])}>
      {items.map(({ title, body, Icon, link }) => (
        <li
          key={title}
          className="flex flex-col rounded-2xl border border-border bg-card p-6 shadow-card transition-[border-color,box-shadow] duration-200 hover:border-gold-300/70 hover:shadow-lift sm:p-7 dark:hover:border-gold-600/60"
        >
          <span className="grid size-12 place-items-center rounded-xl bg-navy-950 text-gold-300 ring-1 ring-navy-800 dark:bg-navy-800/70 dark:ring-navy-700">
            <Icon className="size-5.5" aria-hidden="true" />
          </span>
          <h3 className="mt-5 text-lg font-semibold tracking-tight text-card-foreground">{title}</h3>
          <p className="mt-2.5 flex-1 text-[0.9375rem] leading-relaxed text-muted-foreground">{body}</p>
          {link ? (
            <Link
              to={link.to}
              className="mt-5 inline-flex w-fit items-center gap-1.5 rounded-sm text-sm font-semibold text-accent-text underline-offset-4 hover:underline"
            >
              {link.label}
              <ArrowRight className="size-4" aria-hidden="true" />
            </Link>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

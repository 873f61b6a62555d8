import type { ReactNode } from "react";
import { cn } from "#app/lib/utils.ts";

export type SectionHeadingProps = {
  /** Small gold label above the title. */
  eyebrow?: string;
  title: ReactNode;
  description?: ReactNode;
  align?: "left" | "center";
  /** id of the heading, for aria-labelledby on the section. */
  id?: string;
  /** Heading level; h2 by default. */
  as?: "h1" | "h2" | "h3";
  /** Optional action (e.g. a "View all" link) placed beside the heading on wide screens. */
  action?: ReactNode;
  className?: string;
  /** For navy backgrounds. */
  tone?: "default" | "inverse";
};

export function SectionHeading({
  eyebrow,
  title,
  description,
  align = "left",
  id,
  as: Tag = "h2",
  action,
  className,
  tone = "default",
}: SectionHeadingProps) {
  const inverse = tone === "inverse";
  return (
    <div
      className={cn(
        "flex flex-col gap-6",
        align === "center" ? "items-center text-center" : "sm:flex-row sm:items-end sm:justify-between",
        className,
      )}
    >
      <div className={cn("max-w-2xl", align === "center" && "mx-auto")}>
        {eyebrow ? (
          <p
            className={cn(
              "mb-3 inline-flex items-center gap-2 text-xs font-semibold tracking-[0.18em] uppercase",
              inverse ? "text-gold-300" : "text-accent-text",
            )}
          >
            <span aria-hidden="true" className={cn("h-px w-6", inverse ? "bg-gold-300" : "bg-accent")} />
            {eyebrow}
          </p>
        ) : null}
        <Tag
          id={id}
          className={cn(
            "text-3xl leading-tight font-bold tracking-tight sm:text-4xl",
            inverse ? "text-white" : "text-foreground",
          )}
        >
          {title}
        </Tag>
        {description ? (
          <p
            className={cn(
              "mt-4 text-base leading-relaxed sm:text-lg",
              inverse ? "text-navy-200" : "text-muted-foreground",
            )}
          >
            {description}
          </p>
        ) : null}
      </div>
      {action ? <div className="shrink-0">{action}</div> : null}
    </div>
  );
}

import type { ReactNode } from "react";
import { SectionHeading } from "#app/components/home/section-heading.tsx";
import { cn } from "#app/lib/utils.ts";

export type MarketingSectionProps = {
  /** The section's id: the in-page anchor (e.g. "poundcodes" for /products-services#poundcodes). */
  id: string;
  eyebrow?: string;
  title: ReactNode;
  description?: ReactNode;
  /** "subtle" sets the section on the tinted ground, to separate it from its neighbors. */
  tone?: "default" | "subtle";
  align?: "left" | "center";
  /** Beside the heading on wide screens (a button or link). */
  action?: ReactNode;
  className?: string;
  children?: ReactNode;
};

/** A titled band of a marketing page: an anchor target with an <h2> and its content under it. */
export function MarketingSection({
  id,
  eyebrow,
  title,
  description,
  tone = "default",
  align = "left",
  action,
  className,
  children,
}: MarketingSectionProps) {
  const headingId = `${id}-title`;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={cn(
        "scroll-mt-20 py-16 sm:py-20 lg:py-24",
        tone === "subtle" && "border-y border-border bg-subtle",
        className,
      )}
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id={headingId}
          eyebrow={eyebrow}
          title={title}
          description={description}
          align={align}
          action={action}
        />
        {children ? <div className="mt-10 lg:mt-12">{children}</div> : null}
      </div>
    </section>
  );
}

/** The page body under the page header: a column of sections with the first one pulled up to the header. */
export function MarketingBody({ children }: { children: ReactNode }) {
  return <div className="-mt-10 pb-8 sm:-mt-14">{children}</div>;
}

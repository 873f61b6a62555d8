import type { ReactNode } from "react";

/** One section of the design system page: a titled block the page's section links jump to. */
export function ShowcaseSection({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="scroll-mt-24 py-12 first:pt-0">
      <div className="mb-7">
        <h2 id={id} className="text-2xl font-bold tracking-tight">
          {title}
        </h2>
        {description ? <p className="mt-1.5 text-muted-foreground">{description}</p> : null}
      </div>
      {children}
    </section>
  );
}

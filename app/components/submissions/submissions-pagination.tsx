import type { ReactNode } from "react";
import { Link } from "react-router";
import { buttonVariants } from "#app/components/ui/button.tsx";
import { ChevronLeft, ChevronRight } from "#app/components/ui/icons.tsx";
import { pageRange } from "#kernel/list-query.ts";

const count = (n: number) => n.toLocaleString("en-US");

/** Previous / next links under the cards (plain links: they work without JavaScript). */
export function SubmissionsPagination({
  page,
  size,
  total,
  href,
}: {
  page: number;
  size: number;
  total: number;
  /** The URL of a page. */
  href: (page: number) => string;
}) {
  const { from, to, pageCount } = pageRange({ page, size }, total);
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="text-muted-foreground tabular-nums">
        Showing {count(from)}–{count(to)} of {count(total)} {total === 1 ? "submission" : "submissions"}
      </p>
      {pageCount > 1 ? (
        <div className="flex items-center gap-2">
          <PageLink to={page > 1 ? href(page - 1) : null} rel="prev">
            <ChevronLeft aria-hidden="true" />
            Previous
          </PageLink>
          <span className="px-1 text-muted-foreground tabular-nums">
            Page {count(page)} of {count(pageCount)}
          </span>
          <PageLink to={page < pageCount ? href(page + 1) : null} rel="next">
            Next
            <ChevronRight aria-hidden="true" />
          </PageLink>
        </div>
      ) : null}
    </nav>
  );
}

function PageLink({ to, rel, children }: { to: string | null; rel: "prev" | "next"; children: ReactNode }) {
  const cls = buttonVariants({ variant: "outline", size: "sm" });
  if (!to) {
    return (
      <span aria-disabled="true" className={`${cls} pointer-events-none opacity-50`}>
        {children}
      </span>
    );
  }
  return (
    <Link to={to} rel={rel} className={cls}>
      {children}
    </Link>
  );
}

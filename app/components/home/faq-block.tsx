import { Link } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { ArrowRight, ChevronDown } from "#app/components/ui/icons.tsx";
import { SectionHeading } from "./section-heading";

/** A question with its answer's preview (the whole answer is on /faq). */
export type FaqPreview = { question: string; preview: string; cut: boolean };

/** The home page shows at most 10 FAQ items (the loader cuts each answer to its 150-character preview). */
const LIMIT = 10;

/** The home page's short FAQ: two columns of collapsible items; hidden when there are none. */
export function FaqBlock({ items }: { items: FaqPreview[] }) {
  const shown = items.slice(0, LIMIT);
  if (shown.length === 0) return null;
  const half = Math.ceil(shown.length / 2);
  const columns = [shown.slice(0, half), shown.slice(half)].filter((column) => column.length > 0);

  return (
    <section aria-labelledby="faq-title" className="bg-background py-20 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="faq-title"
          eyebrow="FAQ"
          title="Frequently asked questions"
          description="Quick answers about #Codes, vanity numbers and how territory licensing works."
          align="center"
        />
        <div className="mt-12 grid items-start gap-4 lg:grid-cols-2 lg:gap-6">
          {columns.map((column, c) => (
            // A fixed list in display order (two questions may read alike): its places are its keys.
            <div key={c} className="grid gap-4">
              {column.map((item, i) => (
                <FaqEntry key={i} item={item} />
              ))}
            </div>
          ))}
        </div>
        <div className="mt-12 flex justify-center">
          <Button asChild variant="default" size="lg">
            <Link to="/faq">
              View All FAQs
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        </div>
      </div>
    </section>
  );
}

function FaqEntry({ item }: { item: FaqPreview }) {
  return (
    <details className="group rounded-xl border border-border bg-card shadow-card transition-colors open:border-gold-300/70 dark:open:border-gold-600/60">
      <summary className="flex cursor-pointer items-start justify-between gap-4 rounded-xl px-5 py-4.5 text-left font-semibold text-card-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring sm:px-6">
        <span className="leading-snug">{item.question}</span>
        <span className="mt-0.5 grid size-6 shrink-0 place-items-center rounded-full bg-muted text-muted-foreground transition-[transform,background-color,color] group-open:rotate-180 group-open:bg-accent group-open:text-accent-foreground">
          <ChevronDown className="size-4" aria-hidden="true" />
        </span>
      </summary>
      <div className="px-5 pb-5 text-[0.9375rem] leading-relaxed text-muted-foreground sm:px-6">
        <p>
          {item.preview}
          {item.cut ? (
            <>
              {" "}
              <Link
                to="/faq"
                className="rounded-sm font-semibold whitespace-nowrap text-accent-text underline-offset-4 hover:underline"
              >
                Read more<span className="sr-only">: {item.question}</span>
              </Link>
            </>
          ) : null}
        </p>
      </div>
    </details>
  );
}

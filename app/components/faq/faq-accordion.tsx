import { ChevronDown } from "#app/components/ui/icons.tsx";

export type FaqAccordionItem = { id: string; question: string; category: string; answerHtml: string };

/**
 * Questions grouped by category, each a native <details> disclosure: it opens and closes without JavaScript and
 * is keyboard operable. Answers are sanitized HTML from the server.
 */
export function FaqAccordion({ items, showCategories }: { items: FaqAccordionItem[]; showCategories: boolean }) {
  const groups: { category: string; items: FaqAccordionItem[] }[] = [];
  for (const item of items) {
    const last = groups.at(-1);
    if (last && last.category === item.category) last.items.push(item);
    else groups.push({ category: item.category, items: [item] });
  }
  return (
    <div className="grid gap-12">
      {groups.map((group) => {
        const headingId = `faq-${group.category.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
        return (
          <section key={group.category} aria-labelledby={showCategories ? headingId : undefined}>
            {showCategories ? (
              <h2 id={headingId} className="mb-5 flex items-center gap-3 text-xl font-bold tracking-tight sm:text-2xl">
                <span aria-hidden="true" className="h-6 w-1 rounded-full bg-gradient-to-b from-gold-300 to-gold-500" />
                {group.category}
              </h2>
            ) : null}
            <div className="grid gap-3">
              {group.items.map((item) => (
                <details
                  key={item.id}
                  className="group rounded-xl border border-border bg-card shadow-card transition-colors open:border-gold-300/70 dark:open:border-gold-600/60"
                >
                  <summary className="flex cursor-pointer items-start justify-between gap-4 rounded-xl px-5 py-4.5 text-left font-semibold text-card-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring sm:px-6">
                    <span className="leading-snug">{item.question}</span>
                    <span className="mt-0.5 grid size-6 shrink-0 place-items-center rounded-full bg-muted text-muted-foreground transition-[transform,background-color,color] group-open:rotate-180 group-open:bg-accent group-open:text-accent-foreground">
                      <ChevronDown className="size-4" aria-hidden="true" />
                    </span>
                  </summary>
                  <div
                    className="px-5 pb-5 text-[0.9375rem] leading-relaxed text-muted-foreground sm:px-6 [&_a]:font-medium [&_a]:text-accent-text [&_a]:underline [&_a]:underline-offset-4 [&_li]:mt-1 [&_ol]:list-decimal [&_ol]:pl-5 [&_p+p]:mt-3 [&_strong]:text-foreground [&_ul]:list-disc [&_ul]:pl-5"
                    // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by the server on read
                    dangerouslySetInnerHTML={{ __html: item.answerHtml }}
                  />
                </details>
              ))}
            </div>
          </section>
        );
      })}
    </div>
  );
}

const COLUMNS = { 3: "sm:grid-cols-3", 4: "sm:grid-cols-2 lg:grid-cols-4" } as const;

/** Numbered steps of a process, in order. */
export function Steps({ items, columns = 4 }: { items: readonly { title: string; body: string }[]; columns?: 3 | 4 }) {
  return (
    <ol className={`grid gap-5 lg:gap-6 ${COLUMNS[columns]}`}>
      {items.map((step, i) => (
        <li key={step.title} className="relative rounded-2xl border border-border bg-card p-6 shadow-card">
          <span
            aria-hidden="true"
            className="grid size-10 place-items-center rounded-full bg-gradient-to-br from-gold-300 to-gold-500 text-sm font-bold text-navy-950"
          >
            {i + 1}
          </span>
          <h3 className="mt-4 text-base font-semibold tracking-tight text-card-foreground">
            <span className="sr-only">Step {i + 1}: </span>
            {step.title}
          </h3>
          <p className="mt-2 text-[0.9375rem] leading-relaxed text-muted-foreground">{step.body}</p>
        </li>
      ))}
    </ol>
  );
}

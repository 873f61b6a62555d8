import { Link } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { ArrowRight, Lightbulb } from "#app/components/ui/icons.tsx";
import type { GuideSection } from "./guide.ts";

/** The table of contents: one jump link per task. */
export function GuideContents({ sections }: { sections: readonly GuideSection[] }) {
  return (
    <nav aria-labelledby="guide-contents-title" className="rounded-xl border border-border bg-card p-5 shadow-card">
      <h2 id="guide-contents-title" className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">
        Tasks in this guide
      </h2>
      <ol className="mt-3 grid gap-1.5 text-sm">
        {sections.map((s, i) => (
          <li key={s.id} className="flex gap-2">
            <span className="w-5 shrink-0 text-right text-muted-foreground tabular-nums">{i + 1}.</span>
            <a href={`#${s.id}`} className="font-medium underline-offset-4 hover:underline">
              {s.title}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** One task: what it is for, its steps in order, tips, and the button to its screen. */
export function GuideSectionCard({ section, index }: { section: GuideSection; index: number }) {
  const headingId = `${section.id}-title`;
  return (
    <section
      id={section.id}
      aria-labelledby={headingId}
      className="scroll-mt-24 rounded-xl border border-border bg-card text-card-foreground shadow-card"
    >
      <div className="flex flex-wrap items-start justify-between gap-4 border-b border-border px-5 py-5 sm:px-6">
        <div className="flex min-w-0 items-start gap-4">
          <span
            aria-hidden="true"
            className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-navy-950 text-base font-bold text-gold-300 tabular-nums dark:bg-navy-800"
          >
            {index + 1}
          </span>
          <div className="min-w-0">
            <h2 id={headingId} className="text-xl leading-snug font-semibold tracking-tight">
              {section.title}
            </h2>
            <p className="mt-1 max-w-3xl text-sm leading-relaxed text-muted-foreground">{section.summary}</p>
          </div>
        </div>
        <Button asChild variant="outline" size="sm">
          <Link to={section.screen.to}>
            Open {section.screen.label}
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </div>
      <div className="grid gap-5 px-5 py-5 sm:px-6">
        <ol className="grid gap-3">
          {section.steps.map((step, i) => (
            <li key={step} className="flex gap-3 text-[0.9375rem] leading-relaxed">
              <span
                aria-hidden="true"
                className="mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full bg-gold-100 text-xs font-semibold text-gold-900 tabular-nums dark:bg-gold-900/40 dark:text-gold-200"
              >
                {i + 1}
              </span>
              <span className="min-w-0">{step}</span>
            </li>
          ))}
        </ol>
        {section.tips?.length ? (
          <div className="rounded-lg border border-gold-300/60 bg-gold-50 px-4 py-3 text-sm leading-relaxed text-gold-900 dark:border-gold-700/50 dark:bg-gold-900/20 dark:text-gold-100">
            <p className="flex items-center gap-2 font-semibold">
              <Lightbulb className="size-4" aria-hidden="true" />
              Good to know
            </p>
            <ul className="mt-2 grid list-disc gap-1.5 pl-5">
              {section.tips.map((tip) => (
                <li key={tip}>{tip}</li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
    </section>
  );
}

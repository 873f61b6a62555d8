import { Link } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { CircleCheck, MessageCircleQuestionMark } from "#app/components/ui/icons.tsx";
import { ASK_A_QUESTION, askQuestionHref } from "./card-actions.ts";
import { HELD_FOR_YOU, type Hold, holdSteps } from "./holds.ts";

/** Instead of an action, once the visitor reserved the territory here: it is held for them, and what comes next. */
export function PanelHeld({ hold, territoryName }: { hold: Hold; territoryName: string }) {
  const { summary, steps } = holdSteps(hold, territoryName);
  return (
    <div className="mt-auto grid gap-3 pt-6">
      <div
        role="status"
        className="rounded-xl border border-gold-300 bg-gold-50/70 p-4 dark:border-gold-700 dark:bg-gold-900/20"
      >
        <p className="flex items-center gap-2 font-semibold text-foreground">
          <CircleCheck className="size-5 shrink-0 text-gold-700 dark:text-gold-300" aria-hidden="true" />
          {HELD_FOR_YOU}
        </p>
        <p className="mt-1.5 text-sm text-foreground">{summary}</p>
        <ol className="mt-3 grid gap-2 text-sm text-muted-foreground">
          {steps.map((step, i) => (
            <li key={step} className="flex gap-2.5">
              <span className="grid size-5 shrink-0 place-items-center rounded-full border border-gold-300 bg-background text-[0.7rem] font-bold text-gold-900 dark:border-gold-700 dark:text-gold-200">
                {i + 1}
              </span>
              <span>{step}</span>
            </li>
          ))}
        </ol>
      </div>
      <Button asChild variant="outline" size="lg" className="w-full">
        <Link to={askQuestionHref(territoryName)}>
          <MessageCircleQuestionMark aria-hidden="true" />
          {ASK_A_QUESTION}
        </Link>
      </Button>
    </div>
  );
}

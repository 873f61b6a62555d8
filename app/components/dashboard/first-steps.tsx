/** The new licensee's first steps on the dashboard: each item ticks itself from the records. */
import { Link } from "react-router";
import { Card, CardContent } from "#app/components/ui/card.tsx";
import { CheckCircle2, Circle } from "#app/components/ui/icons.tsx";

export type FirstSteps = {
  orderPath: string;
  what: string;
  items: { key: string; label: string; done: boolean; href: string | null }[];
};

export function FirstStepsChecklist({ steps }: { steps: FirstSteps }) {
  const left = steps.items.filter((i) => !i.done).length;
  return (
    <Card>
      <CardContent className="grid gap-4 pt-6">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="first-steps" className="text-lg font-semibold">
            Your first steps: {steps.what}
          </h2>
          <Link to={steps.orderPath} className="text-sm font-medium underline-offset-4 hover:underline">
            See your order
          </Link>
        </div>
        <p className="text-sm text-muted-foreground">
          {left === 1 ? "1 step left." : `${left} steps left.`} Each one ticks itself when it is done.
        </p>
        <ol aria-labelledby="first-steps" className="grid gap-2" data-testid="first-steps">
          {steps.items.map((item) => (
            <li key={item.key} className="flex items-center gap-3" data-done={item.done}>
              {item.done ? (
                <CheckCircle2 aria-hidden="true" className="size-5 shrink-0 text-emerald-600" />
              ) : (
                <Circle aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
              )}
              {item.done ? (
                <span className="text-muted-foreground line-through decoration-1">
                  {item.label}
                  <span className="sr-only"> (done)</span>
                </span>
              ) : item.href ? (
                <Link to={item.href} className="font-medium underline-offset-4 hover:underline">
                  {item.label}
                </Link>
              ) : (
                <span className="text-muted-foreground">{item.label}</span>
              )}
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}

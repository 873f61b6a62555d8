import { type ReactNode, useEffect } from "react";
import { useFetcher } from "react-router";
import type { DialogResponse } from "#app/components/forms/use-dialog-fetcher.ts";
import { Button, type ButtonProps } from "#app/components/ui/button.tsx";
import { toast } from "#app/components/ui/toast.ts";

export type RowActionFormProps = {
  /** Sent as `intent`: the route action dispatches on it. */
  intent: string;
  /** Hidden fields, e.g. `{ id: row.id }`. */
  values: Record<string, string>;
  /** The button's visible text, e.g. "Retry". */
  children: ReactNode;
  /** Read after the text by screen readers, so the buttons of different rows differ: "the email to dana@…". */
  context: string;
  /** Shown while the action runs. */
  pendingLabel: string;
  variant?: ButtonProps["variant"];
};

/**
 * A row action that changes data (retry, hide, publish …): a one-button POST form to the page's own route action,
 * which answers `{ ok, title, message }` (or a refusal). With JavaScript it posts through a fetcher: the list stays
 * where it is and is reloaded, and the answer becomes a toast. Without JavaScript the browser posts it and the
 * page comes back with the answer, which the page shows with {@link ActionAnswerNotice}. Actions that destroy
 * data ask first (a confirmation dialog), which this component does not do.
 */
export function RowActionForm({
  intent,
  values,
  children,
  context,
  pendingLabel,
  variant = "outline",
}: RowActionFormProps) {
  const fetcher = useFetcher<DialogResponse>();
  const data = fetcher.data;
  useEffect(() => {
    if (!data) return;
    if (data.ok) {
      if (data.title) toast.success(data.title, { description: data.message });
    } else if (data.title) toast.error(data.title, { description: data.message });
    else if (data.message) toast.error(data.message);
  }, [data]);
  const busy = fetcher.state !== "idle";
  // A plain form that the fetcher submits, rather than `fetcher.Form`: a list renders one a row, and each
  // `fetcher.Form` resolves the route's action URL again. Without an action attribute the form posts to this page
  // (its URL, query included) with or without JavaScript, as `fetcher.Form` would.
  return (
    <form
      method="post"
      onSubmit={(event) => {
        event.preventDefault();
        fetcher.submit(event.currentTarget, { preventScrollReset: true });
      }}
    >
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(values).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button type="submit" size="sm" variant={variant} disabled={busy} aria-busy={busy || undefined}>
        {busy ? pendingLabel : children}
        <span className="sr-only">{` ${context}`}</span>
      </Button>
    </form>
  );
}

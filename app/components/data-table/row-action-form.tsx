import { createContext, type FormEvent, type ReactNode, use, useCallback, useEffect, useMemo, useState } from "react";
import { useFetcher, useFetchers, useSubmit } from "react-router";
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

/** The fetcher keys of row actions begin with this, so the host tells its own from other fetchers. */
const KEY_PREFIX = "row-action:";

type RowActions = {
  /** The keys of the row actions under way. */
  busy: ReadonlySet<string>;
  /** Every row action form's submit handler. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
};

const RowActionsContext = createContext<RowActions | null>(null);

/**
 * Posts the page's row actions ({@link RowActionForm}) and toasts their answers: one per area (the admin layout), so
 * a row action costs a list one context read, not a fetcher a row (a fetcher's hooks cost 37 µs of server time a row,
 * a third of what a row of /admin/territories cost). Each action posts through a fetcher of its own, keyed by its
 * intent and values: two rows' actions run side by side, each toasted when it answers, and the list reloads after
 * each. The answer is handled here, above the rows, so it is still toasted when its row has left the reloaded list.
 * It posts to the page's address, as the form does without JavaScript, so the page's route must not be an index
 * route (whose action the address reaches only with `?index`): the admin index has no row actions.
 */
export function RowActionsHost({ children }: { children: ReactNode }) {
  const submit = useSubmit();
  const fetchers = useFetchers();
  /** The row actions posted from this page so far: each gets a listener for its answer. */
  const [posted, setPosted] = useState<readonly string[]>([]);
  const busy = useMemo(
    () => new Set(fetchers.filter((f) => f.key.startsWith(KEY_PREFIX) && f.state !== "idle").map((f) => f.key)),
    [fetchers],
  );
  const onSubmit = useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      const key = event.currentTarget.dataset.rowAction;
      if (!key) return;
      event.preventDefault();
      // To the page's own route, its query included, as the form without an action attribute posts without JavaScript.
      void submit(event.currentTarget, {
        action: `${window.location.pathname}${window.location.search}`,
        navigate: false,
        fetcherKey: key,
        preventScrollReset: true,
      });
      setPosted((keys) => (keys.includes(key) ? keys : [...keys, key]));
    },
    [submit],
  );
  const value = useMemo(() => ({ busy, onSubmit }), [busy, onSubmit]);
  return (
    <RowActionsContext value={value}>
      {children}
      {posted.map((key) => (
        <RowActionAnswer key={key} fetcherKey={key} />
      ))}
    </RowActionsContext>
  );
}

/** Toasts each answer of one row action's fetcher. */
function RowActionAnswer({ fetcherKey }: { fetcherKey: string }) {
  const data = useFetcher<DialogResponse>({ key: fetcherKey }).data;
  useEffect(() => {
    if (!data) return;
    if (data.ok) {
      if (data.title) toast.success(data.title, { description: data.message });
    } else if (data.title) toast.error(data.title, { description: data.message });
    else if (data.message) toast.error(data.message);
  }, [data]);
  return null;
}

/**
 * A row action that changes data (retry, hide, publish …): a one-button POST form to the page's own route action,
 * which answers `{ ok, title, message }` (or a refusal). With JavaScript the {@link RowActionsHost} above it posts it
 * through a fetcher: the list stays where it is and is reloaded, and the answer becomes a toast. Without JavaScript the
 * browser posts it and the page comes back with the answer, which the page shows with {@link ActionAnswerNotice}.
 * Actions that destroy data ask first (a confirmation dialog), which this component does not do.
 */
export function RowActionForm({
  intent,
  values,
  children,
  context,
  pendingLabel,
  variant = "outline",
}: RowActionFormProps) {
  const host = use(RowActionsContext);
  if (!host) throw new Error("RowActionForm needs a RowActionsHost above it (the admin layout has one)");
  const key = `${KEY_PREFIX}${intent}:${Object.values(values).join(":")}`;
  const busy = host.busy.has(key);
  // No action attribute: the form posts to this page (its URL, query included), with or without JavaScript.
  return (
    <form method="post" data-row-action={key} onSubmit={host.onSubmit}>
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

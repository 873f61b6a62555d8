import { useEffect, useId } from "react";
import { Link, useFetcher } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { CalendarClock, LoaderCircle } from "#app/components/ui/icons.tsx";
import { Select } from "#app/components/ui/select.tsx";
import { toast } from "#app/components/ui/toast.ts";
import { cn } from "#app/lib/utils.ts";
import type { ContactStatus } from "#kernel/enums.ts";
import { formatDate } from "#kernel/format.ts";
import {
  CONTACT_STATUS_LABELS,
  CONTACT_STATUS_OPTIONS,
  contactDisplayName,
  contactSourceLabel,
} from "#kernel/schemas/contacts-admin.ts";
import { CONTACT_STATUS_DOTS } from "./status-badge.tsx";
import type { BoardCardData, BoardColumnData, ContactsAnswer } from "./types.ts";

/**
 * The pipeline as a board: one column per status (spec 2 §4), in order. Wide screens scroll the columns sideways;
 * phones stack them. Each card names the contact, its company, source and follow-up date, and carries a "Move to"
 * select with a Move button: a real form posting to the page's action, so moving works from the keyboard, with a
 * screen reader and without JavaScript (nothing is drag-only).
 */
export function ContactBoard({
  columns,
  emptyMessage,
  listHref,
}: {
  columns: BoardColumnData[];
  emptyMessage: string;
  /** The list view with the same search, for a column holding more cards than the board shows. */
  listHref: (status: ContactStatus) => string;
}) {
  const total = columns.reduce((n, c) => n + c.total, 0);
  if (total === 0) {
    return (
      <div className="grid justify-items-center gap-3 rounded-lg border border-dashed border-border bg-card px-6 py-12 text-center">
        <p className="text-base font-medium text-foreground">{emptyMessage}</p>
      </div>
    );
  }
  return (
    <div className="relative -mx-4 min-w-0 overflow-x-auto px-4 pb-4 sm:-mx-6 sm:px-6 lg:-mx-8 lg:px-8">
      <ol aria-label="Pipeline" className="grid gap-4 md:auto-cols-[16rem] md:grid-flow-col">
        {columns.map((column) => (
          <BoardColumn key={column.status} column={column} moreHref={listHref(column.status)} />
        ))}
      </ol>
    </div>
  );
}

function BoardColumn({ column, moreHref }: { column: BoardColumnData; moreHref: string }) {
  const headingId = useId();
  const label = CONTACT_STATUS_LABELS[column.status];
  const hidden = column.total - column.cards.length;
  return (
    <li
      aria-labelledby={headingId}
      data-status={column.status}
      className="flex min-w-0 flex-col gap-3 rounded-xl border border-border bg-muted/40 p-3"
    >
      <h2 id={headingId} className="flex items-center gap-2 px-1 text-sm font-semibold tracking-wide">
        <span aria-hidden="true" className={cn("size-2.5 rounded-full", CONTACT_STATUS_DOTS[column.status])} />
        {label}
        <span className="ml-auto rounded-full bg-background px-2 py-0.5 text-xs font-medium text-muted-foreground tabular-nums">
          {column.total}
          <span className="sr-only"> {column.total === 1 ? "contact" : "contacts"}</span>
        </span>
      </h2>
      {column.cards.length === 0 ? (
        <p className="rounded-lg border border-dashed border-border px-3 py-6 text-center text-xs text-muted-foreground">
          No contacts at this stage.
        </p>
      ) : (
        <ul className="grid gap-2.5">
          {column.cards.map((card) => (
            <BoardCard key={card.id} card={card} />
          ))}
        </ul>
      )}
      {hidden > 0 ? (
        <Link to={moreHref} className="px-1 text-xs font-medium underline underline-offset-4">
          {hidden} more in the list
        </Link>
      ) : null}
    </li>
  );
}

function BoardCard({ card }: { card: BoardCardData }) {
  const name = contactDisplayName(card);
  return (
    <li className="grid gap-2 rounded-lg border border-border bg-card p-3 text-sm shadow-xs" data-contact-id={card.id}>
      <Link to={`/admin/contacts/${card.id}`} className="font-semibold break-words row-link">
        {name}
      </Link>
      <dl className="grid gap-0.5 text-xs text-muted-foreground">
        {card.company ? (
          <div>
            <dt className="sr-only">Company</dt>
            <dd className="break-words text-foreground">{card.company}</dd>
          </div>
        ) : null}
        <div>
          <dt className="sr-only">Source</dt>
          <dd>{contactSourceLabel(card.source)}</dd>
        </div>
        {card.followUpDate ? (
          <div className="flex items-center gap-1">
            <dt>
              <CalendarClock className="size-3.5" aria-hidden="true" />
              <span className="sr-only">Follow-up</span>
            </dt>
            <dd>
              <time dateTime={card.followUpDate}>{formatDate(card.followUpDate)}</time>
            </dd>
          </div>
        ) : null}
      </dl>
      <MoveForm id={card.id} name={name} status={card.status} />
    </li>
  );
}

/** The answers already toasted (a moved card mounts again with the same answer). */
const answered = new WeakSet<object>();

/**
 * "Move to" another column: a select and a button in a POST form to the page's own action (intent move-contact).
 * With JavaScript it posts through a fetcher (the board reloads, the answer is toasted); without, the browser
 * posts it and the page comes back with the answer above the board.
 */
function MoveForm({ id, name, status }: { id: string; name: string; status: ContactStatus }) {
  // Keyed by the contact: the card mounts afresh in its new column, and the answer is still handled there.
  const fetcher = useFetcher<ContactsAnswer>({ key: `move-contact-${id}` });
  const selectId = useId();
  const data = fetcher.data;
  useEffect(() => {
    if (!data || answered.has(data)) return;
    answered.add(data);
    if (data.ok) toast.success(data.title, { description: data.message });
    else if (data.title) toast.error(data.title, { description: data.message });
  }, [data]);
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" preventScrollReset className="flex items-end gap-2 border-t border-border pt-2">
      <input type="hidden" name="intent" value="move-contact" />
      <input type="hidden" name="id" value={id} />
      <div className="grid min-w-0 flex-1 gap-1">
        <label htmlFor={selectId} className="text-xs font-medium text-muted-foreground">
          <span aria-hidden="true">Move to</span>
          <span className="sr-only">Move {name} to</span>
        </label>
        {/* Keyed by the status: after a move (or another administrator's) it shows where the card is. */}
        <Select key={status} id={selectId} name="status" defaultValue={status} className="h-9 py-1.5 text-sm">
          {CONTACT_STATUS_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </Select>
      </div>
      <Button type="submit" size="sm" variant="outline" disabled={busy} aria-busy={busy || undefined}>
        {busy ? <LoaderCircle className="motion-safe:animate-spin" aria-hidden="true" /> : null}
        Move<span className="sr-only"> {name}</span>
      </Button>
    </fetcher.Form>
  );
}

import { ShieldCheck, UserRound } from "#app/components/ui/icons.tsx";
import { cn } from "#app/lib/utils.ts";
import { formatDateTime } from "#kernel/format.ts";
import { ADMIN_REPLY_LABEL } from "#kernel/schemas/support.ts";
import type { ThreadView } from "./types.ts";

/** One message of the conversation: the ticket's description first, then each reply. */
function Message({
  author,
  isAdmin,
  createdAt,
  message,
  mine,
  note,
}: {
  author: string;
  isAdmin: boolean;
  createdAt: string;
  message: string;
  /** From the side reading it: shown on the right. */
  mine: boolean;
  note?: string;
}) {
  const Icon = isAdmin ? ShieldCheck : UserRound;
  return (
    <li className={cn("flex gap-3", mine ? "flex-row-reverse text-right" : "")} data-testid="ticket-message">
      <span
        aria-hidden="true"
        className={cn(
          "mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-full",
          isAdmin ? "bg-navy-900 text-gold-300 dark:bg-navy-700" : "bg-gold-100 text-gold-900 dark:bg-gold-900/40",
        )}
      >
        <Icon className="size-4.5" />
      </span>
      <div className={cn("grid max-w-[85%] min-w-0 gap-1", mine ? "justify-items-end" : "justify-items-start")}>
        <p className="flex flex-wrap items-baseline gap-x-2 text-xs text-muted-foreground">
          <span className={cn("font-semibold text-foreground", isAdmin && "text-accent-text")}>{author}</span>
          <time dateTime={createdAt}>{formatDateTime(createdAt)}</time>
          {note ? <span>· {note}</span> : null}
        </p>
        <div
          className={cn(
            "rounded-2xl border px-4 py-3 text-left text-sm leading-relaxed break-words whitespace-pre-wrap shadow-xs",
            mine
              ? "rounded-tr-sm border-navy-800 bg-navy-900 text-white dark:border-navy-600 dark:bg-navy-800"
              : "rounded-tl-sm border-border bg-card",
          )}
        >
          {message}
        </div>
      </div>
    </li>
  );
}

/**
 * The conversation of a ticket: its description, then the replies oldest first. Replies from an administrator
 * are labelled Admin, the owner's carry the owner's name. The list is a polite live log: a reply that arrives
 * while the thread is open is read out once, without interrupting.
 */
export function TicketConversation({ thread, side }: { thread: ThreadView; side: "owner" | "admin" }) {
  return (
    <div role="log" aria-label="Conversation" aria-live="polite" aria-relevant="additions">
      <ol className="grid gap-5">
        <Message
          author={thread.owner.name}
          isAdmin={false}
          createdAt={thread.createdAt}
          message={thread.description}
          mine={side === "owner"}
          note="opened the ticket"
        />
        {thread.replies.map((r) => (
          <Message
            key={r.id}
            author={r.isAdmin ? ADMIN_REPLY_LABEL : r.author}
            isAdmin={r.isAdmin}
            createdAt={r.createdAt}
            message={r.message}
            mine={side === "admin" ? r.isAdmin : !r.isAdmin}
          />
        ))}
      </ol>
    </div>
  );
}

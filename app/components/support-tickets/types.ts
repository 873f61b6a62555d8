/** What the support-ticket screens show: plain data, dates as ISO strings. */
import type { TicketPriority, TicketStatus } from "#kernel/enums.ts";

export type TicketListItem = {
  id: string;
  subject: string;
  priority: TicketPriority;
  status: TicketStatus;
  createdAt: string;
  updatedAt: string;
};

export type ThreadReply = { id: string; author: string; isAdmin: boolean; message: string; createdAt: string };

export type ThreadView = TicketListItem & {
  description: string;
  owner: { name: string; email: string; company: string | null };
  replies: ThreadReply[];
  /** Changes whenever a reply arrives or the status changes. */
  version: string;
};

type WithDates<T> = Omit<T, "createdAt" | "updatedAt"> & { createdAt: Date; updatedAt: Date };

/** A ticket read by the domain, as the page shows it. */
export function toListItem(t: WithDates<TicketListItem>): TicketListItem {
  return {
    id: t.id,
    subject: t.subject,
    priority: t.priority,
    status: t.status,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
  };
}

/** A thread read by the domain, as the page shows it. */
export function toThreadView(
  t: WithDates<Omit<ThreadView, "replies">> & { replies: (Omit<ThreadReply, "createdAt"> & { createdAt: Date })[] },
): ThreadView {
  return {
    ...toListItem(t),
    description: t.description,
    owner: t.owner,
    version: t.version,
    replies: t.replies.map((r) => ({
      id: r.id,
      author: r.author,
      isAdmin: r.isAdmin,
      message: r.message,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

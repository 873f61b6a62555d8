import { Link, redirect } from "react-router";
import { z } from "zod";
import { PageHeader } from "#app/components/layout/page-header.tsx";
import { TicketFlashNotice } from "#app/components/support-tickets/flash-notice.tsx";
import { NEW_TICKET_TITLE, NewTicketButton, NewTicketInlineForm } from "#app/components/support-tickets/new-ticket.tsx";
import { ReplyForm } from "#app/components/support-tickets/reply-form.tsx";
import { TicketPriorityBadge, TicketStatusBadge } from "#app/components/support-tickets/ticket-badges.tsx";
import { TicketList } from "#app/components/support-tickets/ticket-list.tsx";
import { TicketConversation } from "#app/components/support-tickets/ticket-thread.tsx";
import { toListItem, toThreadView } from "#app/components/support-tickets/types.ts";
import { useTicketUpdates } from "#app/components/support-tickets/use-ticket-updates.ts";
import { ArrowLeft, Inbox, MessagesSquare } from "#app/components/ui/icons.tsx";
import { areaMeta } from "#app/lib/seo.ts";
import { cn } from "#app/lib/utils.ts";
import { refusalFor } from "#kernel/answers.ts";
import { formatDateTime } from "#kernel/format.ts";
import { isUuid } from "#kernel/ids.ts";
import { newTicketSchema, TICKET_TEXT, ticketReplySchema } from "#kernel/schemas/support.ts";
import { areaUser } from "#server/auth/guards.ts";
import { isAdmin } from "#server/domain/actor.ts";
import { isDomainError } from "#server/domain/errors.ts";
import { createTicket, getMyTicket, listMyTickets, replyAsOwner } from "#server/domain/support/tickets.ts";
import { redirectWithToast } from "#server/web/flash.ts";
import { throwAsRouteError } from "#server/web/respond.ts";
import { actorFor, formAction, services } from "#server/web/route-kit.ts";
import type { Route } from "./+types/support-tickets";

const PATH = "/dashboard/support-tickets";
const threadHref = (id: string) => `${PATH}?ticket=${id}`;

export const meta: Route.MetaFunction = ({ loaderData: data }) =>
  data?.thread ? areaMeta(data.thread.subject, "Support Tickets") : areaMeta("Support Tickets");

/**
 * The signed-in user's tickets (most recently updated first) and, with `?ticket=<id>`, that ticket's thread.
 * Someone else's ticket id answers 404, like one that does not exist. `?new=1` shows the new-ticket form on the
 * page (the dialog's stand-in without JavaScript).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const s = services(context);
  const actor = actorFor(areaUser(context), context);
  const params = new URL(request.url).searchParams;
  const ticketId = params.get("ticket");
  const [tickets, thread] = await Promise.all([
    listMyTickets(s.db, actor),
    ticketId === null ? null : getMyTicket(s.db, actor, ticketId),
  ]).catch((err: unknown) => {
    // A link from a licensee's email opened by an administrator (the mailbox shows every email): the admin view of
    // that ticket. Its own loader answers 404 when the ticket does not exist.
    if (ticketId && isAdmin(actor) && isDomainError(err) && err.status === 404 && isUuid(ticketId)) {
      throw redirect(`/admin/support-tickets/${ticketId}`);
    }
    return throwAsRouteError(err);
  });
  return {
    tickets: tickets.map(toListItem),
    thread: thread ? toThreadView(thread) : null,
    showNew: thread === null && params.get("new") === "1",
  };
}

/**
 * Opening a ticket (the dialog answers `{ ok, title, message, ticketId }`; the page's own form is redirected to the
 * new thread) and replying to one of one's own tickets (redirected back to the thread with 'Reply posted').
 */
export const action = (args: Route.ActionArgs) =>
  formAction(args, {
    schema: z.discriminatedUnion("intent", [newTicketSchema, ticketReplySchema]),
    refusals: "toast",
    run: async (value, { s, actor, form }) => {
      const opts = { publicUrl: s.config.publicUrl, deskEmail: s.config.supportEmail };
      if (value.intent === "create") {
        const { ticketId } = await createTicket(s.db, actor, value, opts);
        if (form.get("page") === "1") {
          return redirectWithToast(s.config, threadHref(ticketId), {
            type: "success",
            title: TICKET_TEXT.created.title,
            description: TICKET_TEXT.created.message,
          });
        }
        return { ok: true as const, ...TICKET_TEXT.created, ticketId };
      }
      await replyAsOwner(s.db, actor, value, opts);
      return redirectWithToast(s.config, threadHref(value.ticketId), {
        type: "success",
        title: TICKET_TEXT.replyPosted,
      });
    },
  });

function EmptyThread() {
  return (
    <div className="grid min-h-80 place-items-center rounded-xl border border-dashed border-border bg-card/50 p-10 text-center">
      <div className="grid justify-items-center gap-3">
        <span className="flex size-12 items-center justify-center rounded-full bg-gold-100 text-gold-900 dark:bg-gold-900/40 dark:text-gold-200">
          <MessagesSquare aria-hidden="true" className="size-6" />
        </span>
        <p className="font-semibold">Select a ticket to read the conversation</p>
        <p className="max-w-sm text-sm text-muted-foreground">
          Replies from our support team appear here as soon as they are sent, and we email you too.
        </p>
      </div>
    </div>
  );
}

function BackToList() {
  return (
    <Link
      to={PATH}
      className="inline-flex items-center gap-1.5 text-sm font-medium text-muted-foreground hover:text-foreground lg:hidden"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      All tickets
    </Link>
  );
}

export default function SupportTickets({ loaderData, actionData }: Route.ComponentProps) {
  const { tickets, thread, showNew } = loaderData;
  useTicketUpdates(thread ? `${PATH}/${thread.id}/updates` : null, thread?.version ?? null);
  const detailOpen = thread !== null || showNew;
  const createRefusal = refusalFor(actionData, "create");
  return (
    <>
      <PageHeader title="Support Tickets" subtitle="Ask our support team for help and follow every conversation here.">
        <NewTicketButton action={PATH} />
      </PageHeader>
      <div className="mx-auto grid w-full max-w-7xl items-start gap-6 px-4 pb-24 sm:px-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)] lg:gap-8 lg:px-8">
        <section aria-labelledby="tickets-heading" className={cn("grid gap-4", detailOpen && "hidden lg:grid")}>
          <h2 id="tickets-heading" className="flex items-center gap-2 text-lg font-semibold tracking-tight">
            Your tickets
            <span
              aria-hidden="true"
              className="rounded-full bg-muted px-2 py-0.5 text-xs font-semibold text-muted-foreground tabular-nums"
            >
              {tickets.length}
            </span>
          </h2>
          {tickets.length === 0 ? (
            <div className="grid justify-items-center gap-2 rounded-xl border border-dashed border-border p-8 text-center">
              <Inbox aria-hidden="true" className="size-6 text-muted-foreground" />
              <p className="text-sm text-muted-foreground">{TICKET_TEXT.emptyMine}</p>
            </div>
          ) : (
            <TicketList tickets={tickets} selectedId={thread?.id ?? null} hrefFor={threadHref} />
          )}
        </section>

        <div className={cn(!detailOpen && "hidden lg:block")}>
          {showNew ? (
            <section
              aria-labelledby="new-ticket-heading"
              className="grid gap-5 rounded-xl border border-border bg-card p-5 shadow-card sm:p-7"
            >
              <BackToList />
              <h2 id="new-ticket-heading" className="text-xl font-semibold tracking-tight">
                {NEW_TICKET_TITLE}
              </h2>
              <NewTicketInlineForm action={PATH} lastResult={createRefusal?.result ?? null} refusal={createRefusal} />
            </section>
          ) : thread ? (
            <section
              aria-labelledby="thread-heading"
              className="grid gap-6 rounded-xl border border-border bg-card p-5 shadow-card sm:p-7"
              data-testid="ticket-thread"
            >
              <BackToList />
              <TicketFlashNotice />
              <header className="grid gap-3 border-b border-border pb-5">
                <h2 id="thread-heading" className="text-xl leading-snug font-semibold tracking-tight sm:text-2xl">
                  {thread.subject}
                </h2>
                <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                  <TicketStatusBadge status={thread.status} side="owner" />
                  <TicketPriorityBadge priority={thread.priority} />
                  <span>
                    Opened <time dateTime={thread.createdAt}>{formatDateTime(thread.createdAt)}</time>
                  </span>
                </div>
              </header>
              <TicketConversation thread={thread} side="owner" />
              <div className="border-t border-border pt-5">
                <ReplyForm
                  key={thread.id}
                  ticketId={thread.id}
                  action={threadHref(thread.id)}
                  label="Your reply"
                  hint="Our support team is emailed as soon as you send it."
                  refusal={refusalFor(actionData, "reply")}
                />
              </div>
            </section>
          ) : (
            <EmptyThread />
          )}
        </div>
      </div>
    </>
  );
}

import { Link } from "react-router";
import { z } from "zod";
import { PageHeader } from "#app/components/layout/page-header.tsx";
import { TicketFlashNotice } from "#app/components/support-tickets/flash-notice.tsx";
import { ReplyForm } from "#app/components/support-tickets/reply-form.tsx";
import { TicketStatusForm } from "#app/components/support-tickets/status-form.tsx";
import { TicketPriorityBadge, TicketStatusBadge } from "#app/components/support-tickets/ticket-badges.tsx";
import { TicketConversation } from "#app/components/support-tickets/ticket-thread.tsx";
import { toThreadView } from "#app/components/support-tickets/types.ts";
import { useTicketUpdates } from "#app/components/support-tickets/use-ticket-updates.ts";
import { ArrowLeft } from "#app/components/ui/icons.tsx";
import { areaMeta } from "#app/lib/seo.ts";
import { refusalFor } from "#kernel/answers.ts";
import { formatDateTime } from "#kernel/format.ts";
import { TICKET_STATUS_LABELS, TICKET_TEXT, ticketReplySchema, ticketStatusSchema } from "#kernel/schemas/support.ts";
import { areaUser } from "#server/auth/guards.ts";
import { getTicketForAdmin, replyAsAdmin, setTicketStatus } from "#server/domain/support/admin.ts";
import { redirectWithToast } from "#server/web/flash.ts";
import { throwAsRouteError } from "#server/web/respond.ts";
import { actorFor, formAction, services } from "#server/web/route-kit.ts";
import type { Route } from "./+types/support-ticket";

const LIST = "/admin/support-tickets";
const ticketPath = (id: string) => `${LIST}/${id}`;

export const meta: Route.MetaFunction = ({ loaderData: data }) =>
  areaMeta(data?.thread.subject ?? "Ticket", "Support Tickets", "Admin");

/** One ticket with its owner, licensee and thread; 404 when there is none. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const actor = actorFor(areaUser(context), context);
  const thread = await getTicketForAdmin(services(context).db, actor, params.ticketId).catch(throwAsRouteError);
  return { thread: toThreadView(thread) };
}

/**
 * A reply (labelled Admin; pending_admin becomes pending_user; the owner is emailed) or a status change (any
 * status). Both are audited and come back to the thread with a toast; a refusal keeps the typed reply.
 */
export const action = (args: Route.ActionArgs) =>
  formAction(args, {
    schema: z.discriminatedUnion("intent", [ticketReplySchema, ticketStatusSchema]),
    refusals: "toast",
    run: async (value, { s, actor }) => {
      if (value.intent === "reply") {
        await replyAsAdmin(s.db, actor, value, { publicUrl: s.config.publicUrl, deskEmail: s.config.salesEmail });
        return redirectWithToast(s.config, ticketPath(value.ticketId), {
          type: "success",
          title: TICKET_TEXT.replyPosted,
        });
      }
      const r = await setTicketStatus(s.db, actor, value);
      return redirectWithToast(s.config, ticketPath(value.ticketId), {
        type: "success",
        title: TICKET_TEXT.statusUpdated,
        description: `The ticket is ${TICKET_STATUS_LABELS[r.status]}.`,
      });
    },
  });

export default function AdminSupportTicket({ loaderData, actionData }: Route.ComponentProps) {
  const { thread } = loaderData;
  useTicketUpdates(`${ticketPath(thread.id)}/updates`, thread.version);
  return (
    <>
      <PageHeader title={thread.subject} subtitle={`Support ticket from ${thread.owner.name}`}>
        <Link to={LIST} className="inline-flex items-center gap-1.5 text-sm font-medium text-navy-200 hover:text-white">
          <ArrowLeft aria-hidden="true" className="size-4" />
          All tickets
        </Link>
      </PageHeader>
      <div className="mx-auto grid w-full max-w-7xl items-start gap-6 px-4 pb-24 sm:px-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:gap-8 lg:px-8">
        <section
          aria-label="Thread"
          className="grid gap-6 rounded-xl border border-border bg-card p-5 shadow-card sm:p-7"
          data-testid="ticket-thread"
        >
          <TicketFlashNotice />
          <TicketConversation thread={thread} side="admin" />
          <div className="border-t border-border pt-5">
            <ReplyForm
              key={thread.id}
              ticketId={thread.id}
              action={ticketPath(thread.id)}
              label={`Reply to ${thread.owner.name}`}
              hint="Shown to the licensee labeled Admin; they are emailed a copy."
              refusal={refusalFor(actionData, "reply")}
            />
          </div>
        </section>
        <aside
          aria-label="Ticket details"
          className="grid gap-5 rounded-xl border border-border bg-card p-5 shadow-card"
        >
          <dl className="grid gap-3 text-sm">
            <div className="grid gap-1">
              <dt className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">Status</dt>
              <dd>
                <TicketStatusBadge status={thread.status} />
              </dd>
            </div>
            <div className="grid gap-1">
              <dt className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">Priority</dt>
              <dd>
                <TicketPriorityBadge priority={thread.priority} />
              </dd>
            </div>
            <div className="grid gap-1">
              <dt className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">From</dt>
              <dd className="grid gap-0.5">
                <span className="font-medium">{thread.owner.name}</span>
                <a href={`mailto:${thread.owner.email}`} className="break-all text-muted-foreground hover:underline">
                  {thread.owner.email}
                </a>
                <span className="text-muted-foreground">{thread.owner.company ?? "No licensee record"}</span>
              </dd>
            </div>
            <div className="grid gap-1">
              <dt className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">Opened</dt>
              <dd>
                <time dateTime={thread.createdAt}>{formatDateTime(thread.createdAt)}</time>
              </dd>
            </div>
            <div className="grid gap-1">
              <dt className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">Last update</dt>
              <dd>
                <time dateTime={thread.updatedAt}>{formatDateTime(thread.updatedAt)}</time>
              </dd>
            </div>
          </dl>
          <div className="border-t border-border pt-5">
            <TicketStatusForm
              ticketId={thread.id}
              status={thread.status}
              action={ticketPath(thread.id)}
              refusal={refusalFor(actionData, "status")}
            />
          </div>
        </aside>
      </div>
    </>
  );
}

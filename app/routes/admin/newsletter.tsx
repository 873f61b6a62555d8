/**
 * /admin/newsletter (spec 2 §2, §5, §8): compose a newsletter (subject and content required, 'Subject and content
 * are required.'), preview it, send a test to yourself, and send it for real to every confirmed subscriber (Send is
 * disabled with zero subscribers); the latest campaigns with their delivery counts; the subscriber list with
 * search and removal behind the list kit's confirmation. Sending stores the campaign and hands it to the job queue;
 * its page follows the delivery live.
 */
import { Link } from "react-router";
import { z } from "zod";
import {
  ActionAnswerNotice,
  ConfirmDeleteButton,
  DataTable,
  DeleteConfirmationHost,
  dataColumns,
} from "#app/components/data-table/index.ts";
import { LoadError, refusalMessage } from "#app/components/data-table/load-error.tsx";
import { PageHeader } from "#app/components/layout/page-header.tsx";
import { CampaignStatusBadge } from "#app/components/newsletter-admin/campaign-status.tsx";
import { type ComposeAnswer, NewsletterComposeForm } from "#app/components/newsletter-admin/compose-form.tsx";
import { IssuePreview } from "#app/components/newsletter-admin/issue-preview.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { MailCheck, Users } from "#app/components/ui/icons.tsx";
import { formatDateTime } from "#kernel/format.ts";
import { defineList } from "#kernel/list-query.ts";
import {
  NEWSLETTER_ADMIN_TEXT,
  previewCampaignSchema,
  removeSubscriberSchema,
  sendCampaignSchema,
  sendCampaignTestSchema,
} from "#kernel/schemas/newsletter-admin.ts";
import { areaUser } from "#server/auth/guards.ts";
import {
  listCampaigns,
  listSubscribersPage,
  previewCampaign,
  removeSubscriber,
  sendCampaignTest,
  sendNewCampaign,
} from "#server/domain/newsletter/admin.ts";
import { activeSubscriberCount } from "#server/domain/newsletter/delivery.ts";
import { redirectWithToast } from "#server/web/flash.ts";
import { loadList } from "#server/web/list-loader.ts";
import { formAction } from "#server/web/route-kit.ts";
import type { Route } from "./+types/newsletter";

export const NEWSLETTER_ACTION = "/admin/newsletter";

export const meta: Route.MetaFunction = () => [
  { title: `${NEWSLETTER_ADMIN_TEXT.pageTitle} · Admin · PoundCodes` },
  { name: "robots", content: "noindex" },
];

/** The subscriber list in the URL: search by address, subscribed / unsubscribed, newest first. */
const subscribersList = defineList({
  sorts: { subscribed: "desc", email: "asc" },
  defaultSort: "subscribed",
  filters: { status: z.enum(["subscribed", "unsubscribed"]) },
});

export async function loader(args: Route.LoaderArgs) {
  const {
    query,
    page: [page, campaigns, active],
  } = await loadList(args, subscribersList, (db, actor, query) =>
    Promise.all([listSubscribersPage(db, actor, query), listCampaigns(db, actor), activeSubscriberCount(db)]),
  );
  return {
    query,
    total: page.total,
    active,
    adminEmail: areaUser(args.context).email,
    subscribers: page.rows.map((r) => ({
      id: r.id,
      email: r.email,
      subscribedAt: r.subscribedAt.toISOString(),
      unsubscribedAt: r.unsubscribedAt?.toISOString() ?? null,
    })),
    campaigns: campaigns.map((c) => ({
      ...c,
      createdAt: c.createdAt.toISOString(),
      sentAt: c.sentAt?.toISOString() ?? null,
    })),
  };
}

const actionSchema = z.discriminatedUnion("intent", [
  sendCampaignSchema,
  sendCampaignTestSchema,
  previewCampaignSchema,
  removeSubscriberSchema,
]);

/**
 * Four intents: preview (answers the sanitized issue), send-test (to the administrator), send-campaign (stores and
 * starts it, then opens its page) and remove-subscriber (from the confirmation dialog).
 */
export const action = (args: Route.ActionArgs) =>
  formAction(args, {
    schema: actionSchema,
    refusals: "toast",
    run: async (value, { s, actor, user }) => {
      switch (value.intent) {
        case "preview":
          return { ok: true as const, intent: value.intent, preview: previewCampaign(value) };
        case "send-test": {
          const to = user?.email ?? "";
          await sendCampaignTest(s.db, actor, value, { to });
          return { ok: true as const, intent: value.intent, ...NEWSLETTER_ADMIN_TEXT.testSent(to) };
        }
        case "send-campaign": {
          const { id, recipients } = await sendNewCampaign(s, actor, value);
          const toast = NEWSLETTER_ADMIN_TEXT.started(recipients);
          return redirectWithToast(s.config, `/admin/newsletter/campaigns/${id}`, {
            type: "success",
            title: toast.title,
            description: toast.message,
          });
        }
        case "remove-subscriber": {
          const gone = await removeSubscriber(s.db, actor, value);
          return { ok: true as const, intent: value.intent, ...NEWSLETTER_ADMIN_TEXT.removed(gone.email) };
        }
      }
    },
  });

type Subscriber = Route.ComponentProps["loaderData"]["subscribers"][number];

const col = dataColumns<Subscriber>();
const columns = col.columns([
  col.accessor("email", { header: "Email", meta: { card: "title", className: "break-all" } }),
  col.accessor("subscribedAt", {
    id: "subscribed",
    header: "Subscribed",
    cell: (c) => <time dateTime={c.getValue()}>{formatDateTime(c.getValue())}</time>,
    meta: { className: "whitespace-nowrap" },
  }),
  col.accessor("unsubscribedAt", {
    header: "Status",
    enableSorting: false,
    cell: (c) =>
      c.getValue() ? <Badge variant="closed">Unsubscribed</Badge> : <Badge variant="available">Subscribed</Badge>,
  }),
]);

const STATUS_OPTIONS = [
  { value: "subscribed", label: "Subscribed" },
  { value: "unsubscribed", label: "Unsubscribed" },
];

export default function AdminNewsletter({ loaderData, actionData }: Route.ComponentProps) {
  const { query, total, active, adminEmail, subscribers, campaigns } = loaderData;
  const answer = (actionData ?? null) as
    | (ComposeAnswer & { preview?: { subject: string; contentHtml: string } })
    | null;
  const notice = answer?.ok && answer.intent !== "preview" ? answer : null;
  return (
    <>
      <PageHeader
        title={NEWSLETTER_ADMIN_TEXT.pageTitle}
        subtitle="Write to everyone who confirmed their subscription, and follow each issue until it is delivered."
      />
      <DeleteConfirmationHost action={NEWSLETTER_ACTION}>
        <div className="mx-auto grid w-full max-w-7xl grid-cols-1 gap-12 px-4 pb-24 sm:px-6 lg:px-8">
          <ActionAnswerNotice answer={notice} />
          <div className="grid min-w-0 grid-cols-1 gap-8 lg:grid-cols-5">
            <section aria-labelledby="compose-heading" className="min-w-0 lg:col-span-3">
              <Card>
                <CardHeader>
                  <CardTitle as="h2" id="compose-heading" className="text-xl">
                    Compose
                  </CardTitle>
                  <CardDescription>{NEWSLETTER_ADMIN_TEXT.composeHint}</CardDescription>
                </CardHeader>
                <CardContent>
                  <NewsletterComposeForm subscribers={active} adminEmail={adminEmail} answer={answer} />
                </CardContent>
              </Card>
              {answer?.ok && answer.preview ? (
                <section aria-labelledby="preview-heading" className="mt-8 grid gap-3">
                  <h2 id="preview-heading" className="text-lg font-semibold tracking-tight">
                    Preview
                  </h2>
                  <IssuePreview subject={answer.preview.subject} html={answer.preview.contentHtml} />
                </section>
              ) : null}
            </section>
            <section aria-labelledby="campaigns-heading" className="min-w-0 lg:col-span-2">
              <Card className="gap-4">
                <CardHeader>
                  <CardTitle as="h2" id="campaigns-heading" className="text-xl">
                    Sent newsletters
                  </CardTitle>
                  <CardDescription>The latest 20, newest first.</CardDescription>
                </CardHeader>
                <CardContent>
                  {campaigns.length === 0 ? (
                    <div className="grid justify-items-center gap-2 rounded-lg border border-dashed border-border px-4 py-10 text-center">
                      <MailCheck className="size-7 text-muted-foreground" aria-hidden="true" />
                      <p className="text-sm text-muted-foreground">{NEWSLETTER_ADMIN_TEXT.noCampaigns}</p>
                    </div>
                  ) : (
                    <ul className="grid divide-y divide-border">
                      {campaigns.map((c) => (
                        <li key={c.id} className="grid gap-1.5 py-3 first:pt-0 last:pb-0">
                          <div className="flex items-start justify-between gap-3">
                            <Link
                              to={`/admin/newsletter/campaigns/${c.id}`}
                              className="min-w-0 font-medium break-words row-link"
                            >
                              {c.subject}
                            </Link>
                            <CampaignStatusBadge status={c.status} />
                          </div>
                          <p className="text-xs text-muted-foreground tabular-nums">
                            {formatDateTime(c.sentAt ?? c.createdAt)} · {c.sent.toLocaleString("en-US")} of{" "}
                            {c.recipients.toLocaleString("en-US")} sent
                            {c.failed + c.bounced > 0
                              ? ` · ${c.failed.toLocaleString("en-US")} failed, ${c.bounced.toLocaleString("en-US")} bounced`
                              : ""}
                          </p>
                        </li>
                      ))}
                    </ul>
                  )}
                </CardContent>
              </Card>
            </section>
          </div>

          <section aria-labelledby="subscribers-heading" className="grid min-w-0 grid-cols-1 gap-5">
            <div className="flex flex-wrap items-end justify-between gap-4">
              <div>
                <h2 id="subscribers-heading" className="text-2xl font-semibold tracking-tight">
                  Subscribers
                </h2>
                <p className="mt-1 text-sm text-muted-foreground">
                  <Users className="mr-1.5 inline size-4 align-[-3px]" aria-hidden="true" />
                  {active === 1 ? "1 confirmed subscriber" : `${active.toLocaleString("en-US")} confirmed subscribers`}.
                  Removing an address deletes it from the list.
                </p>
              </div>
            </div>
            <DataTable
              list={subscribersList}
              query={query}
              columns={columns}
              rows={subscribers}
              total={total}
              getRowId={(r) => r.id}
              label="Subscribers"
              noun={{ one: "subscriber", other: "subscribers" }}
              search={{ label: "Search", placeholder: "Email address" }}
              filters={[{ name: "status", label: "Status", allLabel: "All statuses", options: STATUS_OPTIONS }]}
              rowActions={(r) => (
                <ConfirmDeleteButton
                  intent="remove-subscriber"
                  id={r.id}
                  itemName={r.email}
                  title={`Remove ${r.email}?`}
                  warning={NEWSLETTER_ADMIN_TEXT.removeWarning}
                />
              )}
              emptyMessage={NEWSLETTER_ADMIN_TEXT.noSubscribers}
              noMatchMessage={NEWSLETTER_ADMIN_TEXT.noMatch}
            />
          </section>
        </div>
      </DeleteConfirmationHost>
    </>
  );
}

/** The page could not be read: 'Error fetching subscribers'. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <LoadError title={NEWSLETTER_ADMIN_TEXT.errorFetching} message={refusalMessage(error)} />;
}

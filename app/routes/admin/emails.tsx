import { getInputProps } from "@conform-to/react";
import { Link } from "react-router";
import { z } from "zod";
import {
  ActionAnswerNotice,
  DataTable,
  dataColumns,
  FormDialogButton,
  RowActionForm,
  RowLink,
} from "#app/components/data-table/index.ts";
import { Field } from "#app/components/forms/field.tsx";
import { PageHeader } from "#app/components/layout/page-header.tsx";
import { Alert, AlertTitle } from "#app/components/ui/alert.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Send } from "#app/components/ui/icons.tsx";
import { Input } from "#app/components/ui/input.tsx";
import type { Answer } from "#kernel/answers.ts";
import { EMAIL_STATUSES, type EmailStatus } from "#kernel/enums.ts";
import { formatDateTime } from "#kernel/format.ts";
import { defineList } from "#kernel/list-query.ts";
import { truncate } from "#kernel/text.ts";
import { areaUser } from "#server/auth/guards.ts";
import {
  listOutboxPage,
  listOutboxTemplates,
  retryOutboxMessage,
  sendTestEmail,
} from "#server/domain/email/outbox-admin.ts";
import { formAction, services } from "#server/web/route-kit.ts";
import type { Route } from "./+types/emails";

export const meta: Route.MetaFunction = () => [
  { title: "Mailbox · Admin · PoundCodes" },
  { name: "robots", content: "noindex" },
];

/**
 * The mailbox list in the URL: search (recipient or subject), status and template filters, sort by created date,
 * status or attempts, 25 a page. `to` (one exact recipient) is set by links from elsewhere.
 */
const mailbox = defineList({
  sorts: { created: "desc", status: "asc", attempts: "desc" },
  defaultSort: "created",
  filters: {
    status: z.enum(EMAIL_STATUSES),
    template: z.string().regex(/^[a-z0-9_]{1,64}$/),
    to: z.string().trim().toLowerCase().max(320),
  },
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const s = services(context);
  const query = mailbox.parse(new URL(request.url).searchParams);
  const [page, templates] = await Promise.all([listOutboxPage(s.db, query), listOutboxTemplates(s.db)]);
  return {
    query,
    total: page.total,
    templates,
    delivering: s.mail.transport.name === "smtp",
    adminEmail: areaUser(context).email,
    messages: page.rows.map((r) => ({
      id: r.id,
      to: r.toAddress,
      subject: r.subject,
      template: r.template,
      status: r.status,
      attempts: r.attempts,
      lastError: r.lastError,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

const sendTestSchema = z.object({
  intent: z.literal("send-test"),
  to: z
    .string({ error: "Enter the address to send the test email to." })
    .trim()
    .toLowerCase()
    .max(254, "That address is too long.")
    .pipe(z.email("Please enter a valid email address.")),
});

const retrySchema = z.object({
  intent: z.literal("retry"),
  id: z.uuid("This email does not exist."),
});

/**
 * Two things an administrator does here: send a test email (a dialog) and retry a failed email (a row button that
 * also works without JavaScript). Both answer `{ ok, title, message }`: a toast with JavaScript, a notice on the
 * page without. The admin layout's guard has already admitted the caller.
 */
export const action = (args: Route.ActionArgs) =>
  formAction(args, {
    schema: z.discriminatedUnion("intent", [sendTestSchema, retrySchema]),
    refusals: "toast",
    run: async (value, { s, actor }) => {
      if (value.intent === "send-test") {
        await sendTestEmail(s.db, actor, { to: value.to });
        return {
          ok: true as const,
          title: "Test Email Sent",
          message: `A test email is on its way to ${value.to}; it is at the top of the mailbox.`,
        };
      }
      await retryOutboxMessage(s.db, actor, { id: value.id });
      return { ok: true as const, title: "Email Queued Again", message: "It will be sent again in a moment." };
    },
  });

type Message = Route.ComponentProps["loaderData"]["messages"][number];

/** With an outgoing mail server, "sent" means handed to it; without one, the email stops here. */
const STATUS_LABEL: Record<EmailStatus, string> = {
  pending: "Waiting",
  sending: "Sending",
  sent: "Sent",
  failed: "Failed",
};
const KEPT_STATUS_LABEL: Record<EmailStatus, string> = { ...STATUS_LABEL, sent: "Kept here" };
const STATUS_VARIANT = { sent: "resolved", pending: "pending_admin", sending: "open", failed: "destructive" } as const;

/** Stored template names whose words are not US English: the rows keep the name they were sent with. */
const TEMPLATE_LABELS: Readonly<Record<string, string>> = {
  licence_approved: "License approved",
  licence_invitation: "License invitation",
};

/** verify_email → "Verify email". */
function templateLabel(template: string): string {
  const label = TEMPLATE_LABELS[template];
  if (label) return label;
  const words = template.replaceAll("_", " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const col = dataColumns<Message>();
const columnsFor = (labels: Record<EmailStatus, string>) =>
  col.columns([
    col.accessor("createdAt", {
      id: "created",
      header: "Created",
      cell: (c) => <time dateTime={c.getValue()}>{formatDateTime(c.getValue())}</time>,
      meta: { className: "whitespace-nowrap" },
    }),
    col.accessor("to", { header: "To", meta: { className: "break-all" } }),
    col.accessor("subject", {
      header: "Subject",
      cell: (c) => (
        <RowLink to={`/admin/emails/${c.row.original.id}`} className="font-medium">
          {c.getValue()}
        </RowLink>
      ),
      meta: { card: "title" },
    }),
    col.accessor("template", {
      header: "Template",
      cell: (c) => {
        const template = c.getValue();
        return template ? templateLabel(template) : <span className="text-muted-foreground">None</span>;
      },
    }),
    col.accessor("status", {
      header: "Status",
      cell: (c) => {
        const m = c.row.original;
        return (
          <div className="grid justify-items-start gap-1">
            <Badge variant={STATUS_VARIANT[m.status]}>{labels[m.status]}</Badge>
            {m.status === "failed" && m.lastError ? (
              <span className="max-w-64 text-xs break-words text-muted-foreground">
                {truncate(m.lastError, 120).text}
              </span>
            ) : null}
          </div>
        );
      },
    }),
    col.accessor("attempts", { header: "Attempts", meta: { className: "text-right tabular-nums" } }),
  ]);
const DELIVERING_COLUMNS = columnsFor(STATUS_LABEL);
const KEPT_COLUMNS = columnsFor(KEPT_STATUS_LABEL);

const statusOptions = (labels: Record<EmailStatus, string>) =>
  EMAIL_STATUSES.map((status) => ({ value: status, label: labels[status] }));

export default function AdminEmails({ loaderData, actionData }: Route.ComponentProps) {
  const { query, total, messages, templates, delivering, adminEmail } = loaderData;
  return (
    <>
      <PageHeader
        title="Mailbox"
        subtitle="Every email the site sends to customers and to you: confirmations, invitations, ticket replies, newsletters. Open one to read exactly what was sent."
      />
      <div className="mx-auto grid w-full max-w-7xl gap-6 px-4 pb-24 sm:px-6 lg:px-8">
        {delivering ? null : (
          <Alert variant="warning">
            <AlertTitle>Emails stay in this mailbox for now</AlertTitle>
            <p>
              No outgoing mail server is connected yet, so emails are kept here instead of reaching anyone's inbox. You
              can still open each one and follow its links. Once the site's technical team connects a mail server, new
              emails leave as soon as they are written.
            </p>
          </Alert>
        )}
        <ActionAnswerNotice answer={actionData} />
        {query.filters.to ? (
          <p className="text-sm text-muted-foreground">
            Only emails to <span className="font-medium text-foreground">{query.filters.to}</span>.{" "}
            <Link
              to={`/admin/emails${mailbox.href(query, { filters: { to: undefined } })}`}
              className="font-medium text-foreground underline underline-offset-4 hover:no-underline"
            >
              Show every recipient
            </Link>
          </p>
        ) : null}
        <DataTable
          list={mailbox}
          query={query}
          columns={delivering ? DELIVERING_COLUMNS : KEPT_COLUMNS}
          rows={messages}
          total={total}
          getRowId={(m) => m.id}
          label="Emails"
          noun={{ one: "email", other: "emails" }}
          search={{ label: "Search", placeholder: "Recipient or subject" }}
          filters={[
            {
              name: "status",
              label: "Status",
              allLabel: "All statuses",
              options: statusOptions(delivering ? STATUS_LABEL : KEPT_STATUS_LABEL),
            },
            {
              name: "template",
              label: "Template",
              allLabel: "All templates",
              options: templates.map((t) => ({ value: t, label: templateLabel(t) })),
            },
          ]}
          toolbarActions={
            <FormDialogButton<Answer, { intent: string; to: string }>
              trigger={
                <>
                  <Send aria-hidden="true" />
                  Send test email
                </>
              }
              triggerVariant="outline"
              action="/admin/emails"
              schema={sendTestSchema}
              hidden={{ intent: "send-test" }}
              title="Send a test email"
              description={
                delivering
                  ? "Check that email reaches a real inbox: we send a short test message to the address below."
                  : "We write a short test message to the address below. It appears at the top of this mailbox; it reaches the inbox once a mail server is connected."
              }
              submitLabel="Send Test Email"
              pendingLabel="Sending…"
            >
              {(fields) => {
                const { key, ...props } = getInputProps(fields.to, { type: "email", ariaAttributes: false });
                return (
                  <Field
                    id={fields.to.id}
                    errorId={fields.to.errorId}
                    errors={fields.to.errors}
                    label="Send to"
                    hint="Your own address unless you change it."
                  >
                    {(control) => (
                      <Input key={key} {...props} {...control} defaultValue={adminEmail} autoComplete="email" />
                    )}
                  </Field>
                );
              }}
            </FormDialogButton>
          }
          emptyMessage="No emails yet."
          noMatchMessage="No emails match your search and filters."
          rowActions={(m) =>
            m.status === "failed" ? (
              <RowActionForm
                intent="retry"
                values={{ id: m.id }}
                context={`the email to ${m.to}`}
                pendingLabel="Retrying…"
              >
                Retry
              </RowActionForm>
            ) : null
          }
        />
      </div>
    </>
  );
}

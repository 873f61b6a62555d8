import { Form, Link } from "react-router";
import { PageHeader } from "#app/components/layout/page-header.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "#app/components/ui/table.tsx";
import { formatDateTime } from "#kernel/format.ts";
import { requireAdmin, services } from "#server/auth/guards.ts";
import { listOutbox } from "#server/domain/email/outbox.ts";
import type { Route } from "./+types/emails";

export const meta: Route.MetaFunction = () => [
  { title: "Email Outbox · Admin · PoundCodes" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const s = services(context);
  const to = new URL(request.url).searchParams.get("to") ?? undefined;
  const rows = await listOutbox(s.db, { limit: 200, to });
  return {
    transport: s.mail.transport.name,
    to: to ?? "",
    messages: rows.map((r) => ({
      id: r.id,
      to: r.toAddress,
      subject: r.subject,
      template: r.template,
      status: r.status,
      attempts: r.attempts,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

const statusVariant = { sent: "resolved", pending: "pending_admin", sending: "open", failed: "destructive" } as const;

export default function AdminEmails({ loaderData }: Route.ComponentProps) {
  const { messages, transport, to } = loaderData;
  return (
    <>
      <PageHeader
        title="Email Outbox"
        subtitle={
          transport === "smtp"
            ? "Messages delivered over SMTP, with retries for failed sends."
            : "No SMTP_URL is set: messages are kept here (the dev mailbox) and printed to the server log."
        }
      />
      <div className="mx-auto grid w-full max-w-6xl gap-4 px-4 pb-24 sm:px-6">
        <Form method="get" className="flex flex-wrap items-end gap-3">
          <div className="grid gap-1.5">
            <Label htmlFor="to">Recipient</Label>
            <Input id="to" name="to" type="email" defaultValue={to} className="w-72 max-w-full" />
          </div>
          <Button type="submit" variant="outline">
            Filter
          </Button>
        </Form>
        {messages.length === 0 ? (
          <p className="text-muted-foreground">{to ? `No emails to ${to}.` : "No emails yet."}</p>
        ) : (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Created</TableHead>
                <TableHead>To</TableHead>
                <TableHead>Subject</TableHead>
                <TableHead>Status</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {messages.map((m) => (
                <TableRow key={m.id}>
                  <TableCell className="whitespace-nowrap">{formatDateTime(m.createdAt)}</TableCell>
                  <TableCell className="break-all">{m.to}</TableCell>
                  <TableCell>
                    <Link to={`/admin/emails/${m.id}`} className="font-medium underline-offset-4 hover:underline">
                      {m.subject}
                    </Link>
                  </TableCell>
                  <TableCell>
                    <Badge variant={statusVariant[m.status]}>{m.status}</Badge>
                    {m.attempts > 1 ? (
                      <span className="ml-2 text-xs text-muted-foreground">{m.attempts} attempts</span>
                    ) : null}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </div>
    </>
  );
}

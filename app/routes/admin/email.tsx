import { data, Link } from "react-router";
import { PageHeader } from "#app/components/layout/page-header.tsx";
import { Card, CardContent } from "#app/components/ui/card.tsx";
import { formatDateTime } from "#kernel/format.ts";
import { isUuid } from "#kernel/ids.ts";
import { getOutboxMessage, outboxIsMailbox } from "#server/domain/email/outbox.ts";
import { services } from "#server/web/route-kit.ts";
import type { Route } from "./+types/email";

export const meta: Route.MetaFunction = () => [
  { title: "Email · Admin · PoundCodes" },
  { name: "robots", content: "noindex" },
];

export async function loader({ context, params }: Route.LoaderArgs) {
  const s = services(context);
  // Secret links (verification, reset) are shown only while no mail server is connected: this page is then the delivery.
  const revealSecrets = outboxIsMailbox(s.mail.transport);
  const m = isUuid(params.id) ? await getOutboxMessage(s.db, params.id, { revealSecrets }) : null;
  if (!m) throw data("Email not found.", { status: 404 });
  return {
    kept: revealSecrets,
    to: m.toAddress,
    subject: m.subject,
    text: m.textBody,
    status: m.status,
    lastError: m.lastError,
    createdAt: m.createdAt.toISOString(),
  };
}

/**
 * Shown as plain text on purpose: links stay clickable through autolinking, and no stored HTML runs here. As mail
 * clients do, a link ends before the punctuation that ends its sentence ("…/p/4law/iowa." or "(…/billing).").
 */
function Linkified({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/[^\s]*[^\s.,;:!?)'"])/g);
  return (
    <>
      {parts.map((p, i) =>
        /^https?:\/\//.test(p) ? (
          <a key={i} href={p} className="break-all text-primary underline dark:text-accent">
            {p}
          </a>
        ) : (
          <span key={i}>{p}</span>
        ),
      )}
    </>
  );
}

const STATUS_WORDS = { pending: "waiting to be sent", sending: "sending", sent: "sent", failed: "not sent" } as const;

export default function AdminEmail({ loaderData: m }: Route.ComponentProps) {
  const status = m.kept && m.status === "sent" ? "kept in the mailbox" : STATUS_WORDS[m.status];
  return (
    <>
      <PageHeader title={m.subject} subtitle={`To ${m.to} · ${formatDateTime(m.createdAt)} · ${status}`} />
      <div className="mx-auto grid w-full max-w-3xl gap-4 px-4 pb-24 sm:px-6">
        {m.kept ? (
          <p className="rounded-lg border border-border bg-muted/60 px-4 py-3 text-sm text-muted-foreground">
            No outgoing mail server is connected, so this email stayed here and did not reach {m.to}. Its links work
            from this page.
          </p>
        ) : null}
        {m.lastError ? <p className="text-sm text-destructive">Why it was not sent: {m.lastError}</p> : null}
        <Card>
          <CardContent className="pt-6">
            <pre className="whitespace-pre-wrap font-sans text-sm leading-relaxed" data-testid="email-body">
              <Linkified text={m.text} />
            </pre>
          </CardContent>
        </Card>
        <Link to="/admin/emails" className="text-sm font-medium underline-offset-4 hover:underline">
          ← Back to the mailbox
        </Link>
      </div>
    </>
  );
}

import type { ReactNode } from "react";
import { Link } from "react-router";
import { Badge } from "#app/components/ui/badge.tsx";
import { Mail, Phone } from "#app/components/ui/icons.tsx";
import { cn } from "#app/lib/utils.ts";
import type { LeadBilling, LeadDisputeStatus } from "#kernel/enums.ts";
import { formatCents, formatDateTime } from "#kernel/format.ts";
import { LEAD_BILLING_LABELS, LEAD_DISPUTE_LABELS } from "#kernel/schemas/landing-page-strings.ts";
import { fieldLabel, humanize, otherFields, statusLabel } from "./texts.ts";

export type SubmissionCardData = {
  id: string;
  formType: string;
  status: string | null;
  data: Record<string, string>;
  /** ISO 8601. */
  createdAt: string;
  billing?: LeadBilling | null;
  billedCents?: number;
  disputeStatus?: LeadDisputeStatus | null;
  disputeNote?: string | null;
};

/** A dialable link with the country code: a US number's 10 digits become `tel:+1…`. */
export function telHref(phone: string): string | null {
  const plus = phone.trim().startsWith("+");
  const digits = phone.replace(/\D/g, "");
  if (!plus && digits.length === 10) return `tel:+1${digits}`;
  if (!plus && digits.length === 11 && digits.startsWith("1")) return `tel:+${digits}`;
  return digits.length >= 7 ? `tel:${plus ? "+" : ""}${digits}` : null;
}

/** "Billed $0.50", "Not billed: repeat within 30 days", and a dispute's state. */
function BillingLine({ submission }: { submission: SubmissionCardData }) {
  if (!submission.billing) return null;
  const billed = submission.billing === "billed";
  return (
    <p className="text-xs text-muted-foreground" data-testid="lead-billing">
      {billed
        ? `${LEAD_BILLING_LABELS.billed} ${formatCents(submission.billedCents ?? 0)}`
        : LEAD_BILLING_LABELS[submission.billing]}
      {submission.disputeStatus ? ` · ${LEAD_DISPUTE_LABELS[submission.disputeStatus]}` : ""}
    </p>
  );
}

function ContactLine({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <li className="flex min-w-0 items-center gap-2">
      <span aria-hidden="true" className="text-muted-foreground [&_svg]:size-4">
        {icon}
      </span>
      <span className="min-w-0 break-all">{children}</span>
    </li>
  );
}

/**
 * One lead: who, how to reach them, the message, where it came from and its status ('New' when it has none).
 * `full` shows the whole message and every field (the submission's own page); the list's cards cut the message
 * short and link there.
 */
export function SubmissionCard({ submission, full = false }: { submission: SubmissionCardData; full?: boolean }) {
  const { data } = submission;
  const name = data.name?.trim() || "Unnamed visitor";
  const status = statusLabel(submission.status);
  const tel = data.phone ? telHref(data.phone) : null;
  const headingId = `submission-${submission.id}`;
  const Heading = full ? "h2" : "h3";
  return (
    <article
      aria-labelledby={headingId}
      className="flex h-full flex-col gap-4 rounded-xl border border-border bg-card p-6 text-card-foreground shadow-card"
    >
      <header className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <Heading id={headingId} className="text-lg leading-snug font-semibold tracking-tight break-words">
            {name}
          </Heading>
          <p className="mt-0.5 text-xs text-muted-foreground">
            <time dateTime={submission.createdAt}>{formatDateTime(submission.createdAt)}</time>
            {" · "}
            {humanize(submission.formType)}
          </p>
        </div>
        <Badge variant={submission.status?.trim() && submission.status !== "new" ? "secondary" : "gold"}>
          {status}
        </Badge>
      </header>

      <BillingLine submission={submission} />

      {data.email || data.phone ? (
        <ul className="grid gap-1.5 text-sm">
          {data.email ? (
            <ContactLine icon={<Mail />}>
              <a href={`mailto:${data.email}`} className="font-medium underline-offset-4 hover:underline">
                {data.email}
              </a>
            </ContactLine>
          ) : null}
          {data.phone ? (
            <ContactLine icon={<Phone />}>
              {tel ? (
                <a href={tel} className="font-medium underline-offset-4 hover:underline">
                  {data.phone}
                </a>
              ) : (
                data.phone
              )}
            </ContactLine>
          ) : null}
        </ul>
      ) : null}

      {data.message ? (
        <blockquote
          className={cn(
            "border-l-2 border-gold-400 pl-3 text-sm leading-relaxed whitespace-pre-line",
            full ? "" : "line-clamp-4",
          )}
        >
          {data.message}
        </blockquote>
      ) : null}

      {full ? (
        <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-1.5 text-sm">
          {otherFields(data).map(([k, v]) => (
            <div key={k} className="contents">
              <dt className="text-muted-foreground">{fieldLabel(k)}</dt>
              <dd className="min-w-0 break-words">{v}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <footer className="mt-auto flex items-center justify-between gap-3 border-t border-border pt-3 text-xs">
          <span className="min-w-0 truncate text-muted-foreground">
            {[data.pound_code, data.territory].filter(Boolean).join(" · ") || humanize(submission.formType)}
          </span>
          <Link
            to={`/dashboard/submissions/${submission.id}`}
            className="shrink-0 font-semibold text-primary underline-offset-4 hover:underline dark:text-accent"
          >
            View details<span className="sr-only"> of the submission from {name}</span>
          </Link>
        </footer>
      )}
    </article>
  );
}

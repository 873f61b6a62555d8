/**
 * One proposal waiting for approval: the page, who proposed it and when, a field-by-field before (the page now)
 * and after, and the two decisions. Approve is one button; Reject needs a note, which the licensee receives.
 * Both post to the page's own action (through fetchers with JavaScript, as plain forms without).
 */
import { useEffect, useId } from "react";
import { useFetcher } from "react-router";
import { RowActionForm } from "#app/components/data-table/row-action-form.tsx";
import { FieldErrorList, FieldHint, FieldLabel } from "#app/components/forms/field.tsx";
import { Alert, AlertTitle } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { Check, ExternalLink, X } from "#app/components/ui/icons.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import { toast } from "#app/components/ui/toast.ts";
import type { Answer } from "#kernel/answers.ts";
import { formatDateTime } from "#kernel/format.ts";
import { displayValue, REVIEW_NOTE_MAX } from "#kernel/schemas/dynamic-pages.ts";

export type DiffRow = { field: string; label: string; before: unknown; after: unknown };
export type PendingRevisionData = {
  id: string;
  pageId: string;
  pageName: string;
  path: string;
  licenseeName: string;
  licenseeEmail: string;
  submittedAt: string;
  licensed: boolean;
  diff: DiffRow[];
};

function Value({ value, tone }: { value: unknown; tone: "before" | "after" }) {
  const text = displayValue(value);
  return (
    <div
      className={
        tone === "before"
          ? "min-h-10 rounded-md border border-red-200 bg-red-50/70 px-3 py-2 text-sm whitespace-pre-wrap break-words dark:border-red-900/60 dark:bg-red-950/30"
          : "min-h-10 rounded-md border border-emerald-200 bg-emerald-50/70 px-3 py-2 text-sm whitespace-pre-wrap break-words dark:border-emerald-900/60 dark:bg-emerald-950/30"
      }
    >
      {text || <span className="text-muted-foreground italic">Empty</span>}
    </div>
  );
}

export function FieldDiff({ rows }: { rows: DiffRow[] }) {
  return (
    <dl className="grid gap-5">
      {rows.map((r) => (
        <div key={r.field} className="grid gap-2">
          <dt className="text-sm font-semibold">{r.label}</dt>
          <dd className="grid items-start gap-3 md:grid-cols-2">
            <div className="grid content-start gap-1">
              <span className="text-xs font-medium tracking-wide text-muted-foreground uppercase">Now</span>
              <Value value={r.before} tone="before" />
            </div>
            <div className="grid content-start gap-1">
              <span className="text-xs font-medium tracking-wide text-muted-foreground uppercase">Proposed</span>
              <Value value={r.after} tone="after" />
            </div>
          </dd>
        </div>
      ))}
    </dl>
  );
}

function RejectForm({ revision }: { revision: PendingRevisionData }) {
  const fetcher = useFetcher<Answer>();
  const id = useId();
  const data = fetcher.data;
  useEffect(() => {
    if (!data) return;
    if (data.ok && data.title) toast.success(data.title, { description: data.message });
    else if (!data.ok && !data.result?.error?.note && data.title)
      toast.error(data.title, { description: data.message });
  }, [data]);
  const errors = (data && !data.ok ? data.result?.error?.note : null) ?? [];
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" preventScrollReset className="grid gap-2">
      <input type="hidden" name="intent" value="reject" />
      <input type="hidden" name="revisionId" value={revision.id} />
      <FieldLabel htmlFor={`${id}-note`}>Note to the licensee</FieldLabel>
      <Textarea
        id={`${id}-note`}
        name="note"
        rows={3}
        maxLength={REVIEW_NOTE_MAX}
        aria-invalid={errors.length ? true : undefined}
        aria-describedby={`${errors.length ? `${id}-error ` : ""}${id}-hint`}
      />
      <FieldHint id={`${id}-hint`}>Needed to reject: say what to change. The licensee receives it by email.</FieldHint>
      <FieldErrorList id={`${id}-error`} errors={errors} />
      <div>
        <Button type="submit" variant="outline" size="sm" disabled={busy} aria-busy={busy || undefined}>
          <X aria-hidden="true" />
          {busy ? "Rejecting…" : "Reject"}
          <span className="sr-only"> the changes to {revision.pageName}</span>
        </Button>
      </div>
    </fetcher.Form>
  );
}

export function RevisionCard({ revision }: { revision: PendingRevisionData }) {
  return (
    <Card className="gap-4" data-revision={revision.id}>
      <CardHeader className="gap-1">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <CardTitle as="h3">{revision.pageName}</CardTitle>
          <a
            href={revision.path}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1.5 text-sm font-medium underline-offset-4 hover:underline"
          >
            <ExternalLink aria-hidden="true" className="size-4" /> {revision.path}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </div>
        <p className="text-sm text-muted-foreground">
          Proposed by {revision.licenseeName} ({revision.licenseeEmail}) on{" "}
          <time dateTime={revision.submittedAt}>{formatDateTime(revision.submittedAt)}</time>
        </p>
      </CardHeader>
      <CardContent className="grid gap-6">
        {revision.licensed ? null : (
          <Alert variant="warning">
            <AlertTitle>The licensee no longer holds this page's license</AlertTitle>
            <p>Approving still applies the changes; reject them if the page should stay as it is.</p>
          </Alert>
        )}
        <FieldDiff rows={revision.diff} />
        <div className="grid gap-6 border-t border-border pt-5 md:grid-cols-[auto_1fr] md:items-start">
          <RowActionForm
            intent="approve"
            values={{ revisionId: revision.id }}
            context={`the changes to ${revision.pageName}`}
            pendingLabel="Approving…"
            variant="gold"
          >
            <Check aria-hidden="true" /> Approve
          </RowActionForm>
          <RejectForm revision={revision} />
        </div>
      </CardContent>
    </Card>
  );
}

import { useState } from "react";
import { Form, Link, useRevalidator } from "react-router";
import { z } from "zod";
import { FormDialogButton } from "#app/components/data-table/index.ts";
import { TextareaField } from "#app/components/forms/textarea-field.tsx";
import { PageHeader } from "#app/components/layout/page-header.tsx";
import { SubmissionCard } from "#app/components/submissions/submission-card.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { ArrowLeft } from "#app/components/ui/icons.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { Select } from "#app/components/ui/select.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import type { Answer } from "#kernel/answers.ts";
import { LEAD_STATUSES } from "#kernel/enums.ts";
import { formatCents } from "#kernel/format.ts";
import { LEAD_STATUS_LABELS, leadDisputeSchema, leadUpdateSchema } from "#kernel/schemas/landing-page.ts";
import { areaUser } from "#server/auth/guards.ts";
import { disputeLead } from "#server/domain/landing-pages/lead-disputes.ts";
import { getOwnSubmission, updateOwnSubmission } from "#server/domain/submissions/submissions.ts";
import { redirectWithToast } from "#server/web/flash.ts";
import { throwAsRouteError } from "#server/web/respond.ts";
import { actorFor, formAction, services } from "#server/web/route-kit.ts";
import type { Route } from "./+types/submission";

export const meta: Route.MetaFunction = () => [
  { title: "Form Submission · PoundCodes" },
  { name: "robots", content: "noindex" },
];

/** One of the caller's own leads; another licensee's id, or a malformed one, is a 404. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const sub = await getOwnSubmission(
    services(context).db,
    actorFor(areaUser(context), context),
    params.submissionId,
  ).catch(throwAsRouteError);
  return { submission: { ...sub, createdAt: sub.createdAt.toISOString() } };
}

/** The firm moves the lead along its pipeline, or disputes its charge (billed, within 7 days). */
export const action = (args: Route.ActionArgs) =>
  formAction(args, {
    schema: leadActionSchema,
    refusals: "toast",
    run: async (value, { s, actor }) => {
      if (value.intent === "update") {
        await updateOwnSubmission(s.db, actor, args.params.submissionId, value);
        return redirectWithToast(s.config, `/dashboard/submissions/${args.params.submissionId}`, {
          type: "success",
          title: "Lead updated",
          description: `Status: ${LEAD_STATUS_LABELS[value.status]}.`,
        });
      }
      await disputeLead(
        s.db,
        actor,
        { submissionId: args.params.submissionId, reason: value.reason },
        { salesEmail: s.config.salesEmail, publicUrl: s.config.publicUrl },
      );
      return {
        ok: true as const,
        title: "Dispute sent",
        message:
          "Our team reviews it and emails you the answer. If it is accepted, the fee is credited to your wallet.",
      };
    },
  });

const leadActionSchema = z.discriminatedUnion("intent", [leadUpdateSchema, leadDisputeSchema]);

export default function Submission({ loaderData }: Route.ComponentProps) {
  const { submission } = loaderData;
  const revalidator = useRevalidator();
  // Controlled: the status chosen stays chosen whatever re-renders the page before it is saved.
  const [status, setStatus] = useState(submission.status ?? "new");
  return (
    <>
      <PageHeader
        title="Form Submission"
        subtitle="One lead from your landing page, with everything the visitor sent."
      />
      <div className="mx-auto grid w-full max-w-3xl gap-6 px-4 pb-24 sm:px-6">
        <Link
          to="/dashboard/submissions"
          className="inline-flex w-fit items-center gap-1.5 text-sm font-medium text-primary underline-offset-4 hover:underline dark:text-accent"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          All submissions
        </Link>
        <SubmissionCard submission={submission} full />
        <Form method="post" className="grid gap-4 rounded-xl border border-border bg-card p-6">
          <input type="hidden" name="intent" value="update" />
          <h2 className="text-lg font-semibold tracking-tight">Follow-up</h2>
          <div className="grid gap-1.5 sm:max-w-xs">
            <Label htmlFor="lead-status">Status</Label>
            <Select
              id="lead-status"
              name="status"
              value={status}
              onChange={(event) => setStatus(event.currentTarget.value)}
            >
              {LEAD_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {LEAD_STATUS_LABELS[s]}
                </option>
              ))}
            </Select>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="lead-notes">Notes</Label>
            <Textarea id="lead-notes" name="notes" rows={4} defaultValue={submission.notes ?? ""} maxLength={2000} />
          </div>
          <div>
            <Button type="submit">Save</Button>
          </div>
        </Form>
        {submission.disputeStatus === "declined" && submission.disputeNote ? (
          <p className="text-sm text-muted-foreground">Our answer to your dispute: {submission.disputeNote}</p>
        ) : null}
        {submission.disputable ? (
          <div>
            <FormDialogButton<Answer, { reason: string }>
              trigger="Dispute this charge"
              triggerVariant="outline"
              action={`/dashboard/submissions/${submission.id}`}
              schema={leadDisputeSchema}
              hidden={{ intent: "dispute" }}
              title="Dispute this lead's charge?"
              description={`Tell us why this lead should not cost you ${formatCents(submission.billedCents)}: a wrong number, a sales call, a test. We answer by email; if we agree, the fee goes back to your wallet.`}
              submitLabel="Send dispute"
              pendingLabel="Sending…"
              onOk={() => revalidator.revalidate()}
            >
              {(fields) => <TextareaField meta={fields.reason} label="Reason" />}
            </FormDialogButton>
          </div>
        ) : null}
      </div>
    </>
  );
}

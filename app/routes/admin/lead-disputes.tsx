/**
 * /admin/lead-disputes: the firms' disputes of billed leads, oldest first. Accepting credits the fee back to the
 * firm's wallet (once); declining needs a note for the firm. Both email the firm and are audited (ADR 016).
 */
import { useRevalidator } from "react-router";
import { FormDialogButton } from "#app/components/data-table/index.ts";
import { TextareaField } from "#app/components/forms/textarea-field.tsx";
import { PageHeader } from "#app/components/layout/page-header.tsx";
import { Card, CardContent } from "#app/components/ui/card.tsx";
import { Check, X } from "#app/components/ui/icons.tsx";
import type { Answer } from "#kernel/answers.ts";
import { formatCents, formatDateTime } from "#kernel/format.ts";
import { leadDisputeAnswerSchema } from "#kernel/schemas/landing-page.ts";
import { areaUser } from "#server/auth/guards.ts";
import { openLeadDisputes, resolveLeadDispute } from "#server/domain/landing-pages/lead-disputes.ts";
import { actorFor, formAction, ledgerOptions, services } from "#server/web/route-kit.ts";
import type { Route } from "./+types/lead-disputes";

export const meta: Route.MetaFunction = () => [
  { title: "Lead disputes · Admin · PoundCodes" },
  { name: "robots", content: "noindex" },
];

export async function loader({ context }: Route.LoaderArgs) {
  const s = services(context);
  return { disputes: await openLeadDisputes(s.db, actorFor(areaUser(context), context)) };
}

export const action = (args: Route.ActionArgs) =>
  formAction(args, {
    schema: leadDisputeAnswerSchema,
    refusals: "toast",
    run: async (value, { s, actor }) => {
      const r = await resolveLeadDispute(
        s.db,
        actor,
        { submissionId: value.submissionId, accept: value.intent === "accept", note: value.note },
        ledgerOptions(s),
      );
      return {
        ok: true as const,
        title: r.status === "accepted" ? "Dispute accepted" : "Dispute declined",
        message:
          r.status === "accepted"
            ? `${formatCents(r.creditedCents)} is credited to the firm's wallet; they have been emailed.`
            : "The firm has been emailed your note.",
      };
    },
  });

export default function LeadDisputes({ loaderData }: Route.ComponentProps) {
  const { disputes } = loaderData;
  const revalidator = useRevalidator();
  return (
    <>
      <PageHeader
        title="Lead disputes"
        subtitle="Firms dispute billed leads within 7 days. Accept to credit the fee back, or decline with a note."
      />
      <div className="mx-auto grid w-full max-w-5xl gap-4 px-4 pb-24 sm:px-6">
        {disputes.length === 0 ? (
          <p className="text-muted-foreground">No open disputes.</p>
        ) : (
          disputes.map((d) => (
            <Card key={d.id} data-testid="lead-dispute">
              <CardContent className="grid gap-3 pt-6 text-sm">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <h2 className="text-base font-semibold">
                    {d.firm}: {formatCents(d.amountCents)} for the lead from {d.leadName}
                  </h2>
                  <span className="text-muted-foreground">
                    Lead {formatDateTime(d.createdAt)} · disputed {formatDateTime(d.disputedAt)}
                  </span>
                </div>
                <p className="text-muted-foreground">{d.source}</p>
                <blockquote className="border-l-2 border-gold-400 pl-3">{d.reason}</blockquote>
                <div className="flex flex-wrap gap-2">
                  <FormDialogButton<Answer, { note: string }>
                    trigger={
                      <>
                        <Check aria-hidden="true" /> Accept<span className="sr-only"> the dispute of {d.firm}</span>
                      </>
                    }
                    triggerSize="sm"
                    action="/admin/lead-disputes"
                    schema={leadDisputeAnswerSchema}
                    hidden={{ intent: "accept", submissionId: d.id }}
                    title={`Credit ${formatCents(d.amountCents)} to ${d.firm}?`}
                    description="The fee goes back to the firm's wallet as a refund entry, and the firm is emailed."
                    submitLabel="Accept and credit"
                    pendingLabel="Crediting…"
                    onOk={() => revalidator.revalidate()}
                  >
                    {(fields) => <TextareaField meta={fields.note} label="Note to the firm" optional />}
                  </FormDialogButton>
                  <FormDialogButton<Answer, { note: string }>
                    trigger={
                      <>
                        <X aria-hidden="true" /> Decline<span className="sr-only"> the dispute of {d.firm}</span>
                      </>
                    }
                    triggerVariant="outline"
                    triggerSize="sm"
                    action="/admin/lead-disputes"
                    schema={leadDisputeAnswerSchema}
                    hidden={{ intent: "decline", submissionId: d.id }}
                    title={`Decline ${d.firm}'s dispute?`}
                    description="The fee stands. Tell the firm why; your note is emailed to them."
                    submitLabel="Decline"
                    pendingLabel="Declining…"
                    onOk={() => revalidator.revalidate()}
                  >
                    {(fields) => <TextareaField meta={fields.note} label="Note to the firm" />}
                  </FormDialogButton>
                </div>
              </CardContent>
            </Card>
          ))
        )}
      </div>
    </>
  );
}

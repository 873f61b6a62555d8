import { Link } from "react-router";
import { AgreementPaper } from "#app/components/agreements/agreement-paper.tsx";
import { SignAgreementForm } from "#app/components/agreements/sign-agreement-form.tsx";
import { SignatureRecord } from "#app/components/agreements/signature-record.tsx";
import { AgreementSignedNotice } from "#app/components/agreements/signed-notice.tsx";
import { AgreementStatusBadge } from "#app/components/agreements/status-badge.tsx";
import { PageHeader } from "#app/components/layout/page-header.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { ArrowLeft, Download, ExternalLink, PenLine } from "#app/components/ui/icons.tsx";
import { areaMeta } from "#app/lib/seo.ts";
import { AGREEMENT_SIGNED, signAgreementSchema } from "#kernel/schemas/agreements.ts";
import { areaUser } from "#server/auth/guards.ts";
import { getAgreement, signAgreement } from "#server/domain/agreements/agreements.ts";
import { redirectWithToast } from "#server/web/flash.ts";
import { throwAsRouteError } from "#server/web/respond.ts";
import { actorFor, formAction, services } from "#server/web/route-kit.ts";
import type { Route } from "./+types/agreement";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  areaMeta(loaderData?.agreement.agreementType ?? "Agreement");

/** One of the licensee's agreements (an administrator may read any): its terms, document and signature. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const user = areaUser(context);
  const s = services(context);
  const agreement = await getAgreement(s.db, actorFor(user, context), params.agreementId, {
    storage: s.storage,
  }).catch(throwAsRouteError);
  return { agreement };
}

/** Signs the agreement: the owner only, a pending one only, and only the document the page showed. */
export const action = (args: Route.ActionArgs) =>
  formAction(args, {
    schema: signAgreementSchema,
    run: async (value, { s, actor, request }) => {
      const r = await signAgreement(s.db, actor, args.params.agreementId, value, {
        storage: s.storage,
        salesEmail: s.config.salesEmail,
        publicUrl: s.config.publicUrl,
        linkSecret: s.config.authSecret,
        userAgent: request.headers.get("user-agent")?.slice(0, 512) ?? null,
      });
      // The agreement of a license order: on to its last step, payment.
      return redirectWithToast(
        s.config,
        r.orderId ? `/orders/${r.orderId}` : `/dashboard/agreements/${r.agreementId}`,
        {
          type: "success",
          title: AGREEMENT_SIGNED.title,
          description: AGREEMENT_SIGNED.message,
        },
      );
    },
  });

export default function AgreementPage({ loaderData, actionData }: Route.ComponentProps) {
  const { agreement: a } = loaderData;
  const refusal = actionData && actionData.ok === false ? actionData : null;
  const pdf = `/dashboard/agreements/${a.id}/pdf`;
  return (
    <>
      <PageHeader
        title={a.agreementType}
        subtitle={`${a.territoryName ?? "Territory license"} · Reference ${a.reference}`}
      >
        <div className="flex flex-wrap items-center gap-3">
          <AgreementStatusBadge status={a.status} />
          <Link
            to="/dashboard/agreements"
            className="inline-flex items-center gap-1 text-sm text-navy-200 hover:text-white"
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            All agreements
          </Link>
        </div>
      </PageHeader>
      <div className="mx-auto grid w-full max-w-6xl gap-8 px-4 pb-24 sm:px-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="grid content-start gap-4">
          <div className="flex flex-wrap gap-3">
            <Button asChild variant="outline">
              <a href={pdf} target="_blank" rel="noopener">
                <ExternalLink aria-hidden="true" />
                Open the PDF<span className="sr-only"> (opens in a new tab)</span>
              </a>
            </Button>
            {a.canSign ? (
              <Button asChild variant="gold" className="lg:hidden">
                <a href="#sign">
                  <PenLine aria-hidden="true" />
                  Go to signing
                </a>
              </Button>
            ) : null}
            <Button asChild variant="ghost">
              <a href={`${pdf}?download=1`}>
                <Download aria-hidden="true" />
                Download
              </a>
            </Button>
          </div>
          <AgreementPaper
            agreementType={a.agreementType}
            reference={a.reference}
            territoryName={a.territoryName}
            createdAt={a.createdAt}
            terms={a.terms}
          />
          <p className="text-xs text-muted-foreground">
            {a.signature ? "Fingerprint of the signed PDF (SHA-256):" : "Document fingerprint (SHA-256):"}{" "}
            <span className="font-mono break-all" data-testid="document-sha256">
              {a.documentSha256}
            </span>
          </p>
        </div>
        <aside className="grid content-start gap-6 lg:sticky lg:top-24 lg:self-start">
          <AgreementSignedNotice />
          {a.signature ? (
            <SignatureRecord signature={a.signature} />
          ) : a.canSign ? (
            <section
              id="sign"
              aria-labelledby="sign-title"
              className="grid scroll-mt-24 gap-4 rounded-2xl border border-gold-400/60 bg-card p-6 shadow-card"
            >
              <div className="grid gap-1">
                <h2 id="sign-title" className="text-lg font-semibold">
                  Sign this agreement
                </h2>
                <p className="text-sm text-muted-foreground">
                  Read the agreement (or open the PDF), then type your full name and confirm.
                </p>
              </div>
              <SignAgreementForm documentSha256={a.documentSha256} result={refusal?.result ?? null} refusal={refusal} />
            </section>
          ) : (
            <section className="rounded-2xl border border-border bg-card p-6 text-sm text-muted-foreground">
              {a.status === "active"
                ? "This agreement is in force. It was signed before online signing was available; the PDF shows its terms."
                : "This agreement is not open for signature."}
            </section>
          )}
        </aside>
      </div>
    </>
  );
}

import { Link } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { CalendarCheck, FileSignature, MapPin, PenLine } from "#app/components/ui/icons.tsx";
import { formatDate } from "#kernel/format.ts";
import { AgreementStatusBadge } from "./status-badge.tsx";

export type AgreementCardData = {
  id: string;
  reference: string;
  agreementType: string;
  status: string;
  territoryName: string | null;
  signedDate: string | null;
  termsPreview: string;
  canSign: boolean;
};

/** One agreement on /dashboard/agreements: type, status, territory, signed date and the terms preview. */
export function AgreementCard({ a }: { a: AgreementCardData }) {
  const headingId = `agreement-${a.id}-title`;
  return (
    <article
      aria-labelledby={headingId}
      data-testid="agreement-card"
      className={`relative flex flex-col gap-4 rounded-2xl border bg-card p-6 shadow-card ${a.canSign ? "border-gold-400/70 ring-1 ring-gold-400/30" : "border-border"}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex items-start gap-3">
          <span
            aria-hidden="true"
            className="grid size-10 shrink-0 place-items-center rounded-xl bg-navy-950 text-gold-300 dark:bg-navy-800"
          >
            <FileSignature className="size-5" />
          </span>
          <div>
            <h2 id={headingId} className="text-lg leading-snug font-semibold tracking-tight">
              {a.agreementType}
            </h2>
            <p className="text-xs tracking-wide text-muted-foreground">Reference {a.reference}</p>
          </div>
        </div>
        <AgreementStatusBadge status={a.status} />
      </div>
      <dl className="grid grid-cols-1 gap-2 text-sm sm:grid-cols-2">
        <div className="flex items-center gap-2">
          <MapPin aria-hidden="true" className="size-4 text-gold-600 dark:text-gold-400" />
          <dt className="sr-only">Territory</dt>
          <dd className="font-medium">{a.territoryName ?? "—"}</dd>
        </div>
        <div className="flex items-center gap-2">
          <CalendarCheck aria-hidden="true" className="size-4 text-gold-600 dark:text-gold-400" />
          <dt className="sr-only">Signed date</dt>
          <dd className="font-medium">{a.signedDate ? `Signed ${formatDate(a.signedDate)}` : "Not yet signed"}</dd>
        </div>
      </dl>
      <p className="text-sm leading-relaxed text-muted-foreground" data-testid="terms-preview">
        {a.termsPreview}
      </p>
      <div className="mt-auto flex flex-wrap gap-3 pt-1">
        {a.canSign ? (
          <Button asChild variant="gold">
            <Link to={`/dashboard/agreements/${a.id}`}>
              <PenLine aria-hidden="true" />
              Review &amp; Sign
            </Link>
          </Button>
        ) : (
          <Button asChild variant="outline">
            <Link to={`/dashboard/agreements/${a.id}`}>View agreement</Link>
          </Button>
        )}
        <Button asChild variant="ghost">
          <a href={`/dashboard/agreements/${a.id}/pdf`} target="_blank" rel="noopener">
            Open the PDF
            <span className="sr-only">
              {" "}
              of {a.agreementType} {a.reference} (opens in a new tab)
            </span>
          </a>
        </Button>
      </div>
    </article>
  );
}

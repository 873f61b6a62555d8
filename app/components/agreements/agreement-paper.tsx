import { formatDate } from "#kernel/format.ts";
import { splitClauses } from "#kernel/schemas/agreements.ts";

/**
 * The agreement as a page of paper: the same clauses the PDF carries, readable on any screen (a PDF in a frame is
 * poor on phones, so the page shows the text and links to the PDF itself).
 */
export function AgreementPaper({
  agreementType,
  reference,
  territoryName,
  createdAt,
  terms,
}: {
  agreementType: string;
  reference: string;
  territoryName: string | null;
  createdAt: string;
  terms: string;
}) {
  const clauses = splitClauses(terms);
  return (
    <article
      aria-labelledby="agreement-paper-title"
      className="overflow-hidden rounded-2xl border border-border bg-white text-navy-950 shadow-card dark:bg-navy-900 dark:text-navy-50"
    >
      <div className="flex items-center justify-between gap-4 bg-navy-950 px-6 py-3 text-white">
        <span className="font-bold tracking-tight">
          <span className="text-gold-400">#</span>PoundCodes
        </span>
        <span className="text-xs text-navy-200">Reference {reference}</span>
      </div>
      <div aria-hidden="true" className="h-1 bg-gradient-to-r from-gold-300 to-gold-500" />
      <div className="grid gap-5 px-6 py-8 sm:px-10">
        <header className="grid gap-1">
          <h2 id="agreement-paper-title" className="text-2xl font-semibold tracking-tight">
            {agreementType}
          </h2>
          <p className="text-sm text-navy-600 dark:text-navy-300">
            {territoryName ?? "Territory license"} · Prepared {formatDate(createdAt)}
          </p>
        </header>
        <ol className="grid gap-4 text-[0.95rem] leading-relaxed" aria-label="Terms">
          {clauses.map((c) => (
            <li key={`${c.lead}-${c.text.slice(0, 24)}`}>
              {c.lead ? <strong className="font-semibold text-navy-950 dark:text-white">{c.lead} </strong> : null}
              {c.text}
            </li>
          ))}
        </ol>
      </div>
    </article>
  );
}

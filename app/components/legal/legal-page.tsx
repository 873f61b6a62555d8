import type { ReactNode } from "react";
import { Link } from "react-router";
import { PageHeader } from "#app/components/layout/page-header.tsx";
import { ChevronDown, Clock, FileText, Mail, Phone } from "#app/components/ui/icons.tsx";
import { formatDate } from "#kernel/format.ts";
import { CONTACT } from "#kernel/links.ts";
import type { LegalBlock, LegalDocument, Rich } from "./types";

/** Every legal page, for the "Related documents" list. */
export const LEGAL_LINKS = [
  { to: "/terms", label: "Terms of Service" },
  { to: "/terms-of-use", label: "Website Terms of Use" },
  { to: "/privacy", label: "Privacy Policy" },
  { to: "/disclaimers", label: "Disclaimers & Disclosures" },
  { to: "/legal/adjunct-marketing-agreement", label: "Adjunct Marketing Agreement" },
] as const;

export type TocItem = { id: string; title: string };

const linkClass = "font-medium text-accent-text underline underline-offset-4 hover:no-underline";

export function RichText({ value }: { value: Rich }) {
  if (typeof value === "string") return <>{value}</>;
  return (
    <>
      {value.map((part, i) =>
        typeof part === "string" ? (
          <span key={i}>{part}</span>
        ) : part.to.startsWith("/") ? (
          <Link key={i} to={part.to} className={linkClass}>
            {part.text}
          </Link>
        ) : (
          <a key={i} href={part.to} className={linkClass}>
            {part.text}
          </a>
        ),
      )}
    </>
  );
}

function Block({ block }: { block: LegalBlock }) {
  switch (block.type) {
    case "p":
      return (
        <p>
          <RichText value={block.text} />
        </p>
      );
    case "ul":
    case "ol": {
      const List = block.type;
      return (
        <List className={block.type === "ul" ? "list-disc space-y-2 pl-6" : "list-[lower-alpha] space-y-2 pl-6"}>
          {block.items.map((item, i) => (
            <li key={i} className="pl-1 marker:text-accent-text">
              <RichText value={item} />
            </li>
          ))}
        </List>
      );
    }
    case "defs":
      return (
        <dl className="grid gap-3">
          {block.items.map((d) => (
            <div key={d.term} className="rounded-lg border border-border bg-subtle px-4 py-3">
              <dt className="font-semibold text-foreground">“{d.term}”</dt>
              <dd className="mt-1">
                <RichText value={d.text} />
              </dd>
            </div>
          ))}
        </dl>
      );
    case "note":
      return (
        <p className="rounded-r-lg border-l-4 border-gold-400 bg-gold-50 px-4 py-3 text-foreground dark:bg-gold-900/20">
          <RichText value={block.text} />
        </p>
      );
    case "fields":
      return (
        <dl className="grid gap-x-8 gap-y-5 sm:grid-cols-2">
          {block.items.map((label) => (
            <div key={label}>
              <dt className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{label}</dt>
              <dd className="mt-6 border-b border-foreground/40">
                <span className="sr-only">To be completed when signing</span>
              </dd>
            </div>
          ))}
        </dl>
      );
  }
}

function TableOfContents({ items }: { items: readonly TocItem[] }) {
  return (
    <ol className="grid gap-1 text-sm">
      {items.map((item, i) => (
        <li key={item.id}>
          <a
            href={`#${item.id}`}
            className="flex gap-2 rounded-md px-2 py-1.5 text-muted-foreground transition-colors hover:bg-muted hover:text-foreground"
          >
            <span className="w-5 shrink-0 text-right tabular-nums text-accent-text">{i + 1}.</span>
            <span>{item.title}</span>
          </a>
        </li>
      ))}
    </ol>
  );
}

/**
 * The frame of every legal page: the title band with its "Last updated" date, a table of contents (a sticky side
 * column on desktop, a collapsible list on phones), the text, and the related documents with our contact details.
 */
export function LegalShell({
  title,
  description,
  lastUpdated,
  toc,
  currentPath,
  children,
}: {
  title: string;
  description: string;
  /** ISO date or timestamp; null shows no date. */
  lastUpdated: string | null;
  toc: readonly TocItem[];
  currentPath: string;
  children: ReactNode;
}) {
  return (
    <>
      <PageHeader title={title} subtitle={description}>
        {lastUpdated ? (
          <p className="inline-flex items-center gap-2 rounded-full border border-white/15 bg-white/5 px-3.5 py-1.5 text-sm text-navy-100">
            <Clock className="size-4 text-gold-300" aria-hidden="true" />
            Last updated <time dateTime={lastUpdated.slice(0, 10)}>{formatDate(lastUpdated)}</time>
          </p>
        ) : null}
      </PageHeader>
      <div className="mx-auto grid max-w-7xl gap-10 px-4 pb-20 sm:px-6 lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-14 lg:px-8 lg:pb-28">
        {toc.length > 0 ? (
          <>
            <nav aria-label="Contents" className="hidden lg:block">
              <div className="sticky top-24 max-h-[calc(100dvh-7rem)] overflow-y-auto pb-6">
                <p className="px-2 text-xs font-semibold tracking-[0.16em] text-muted-foreground uppercase">Contents</p>
                <div className="mt-3">
                  <TableOfContents items={toc} />
                </div>
              </div>
            </nav>
            <details className="group rounded-xl border border-border bg-card shadow-card lg:hidden">
              <summary className="flex cursor-pointer items-center justify-between gap-4 px-5 py-4 font-semibold">
                Contents
                <ChevronDown
                  className="size-4 text-muted-foreground transition-transform group-open:rotate-180"
                  aria-hidden="true"
                />
              </summary>
              <div className="px-3 pb-4">
                <TableOfContents items={toc} />
              </div>
            </details>
          </>
        ) : null}
        <div className={toc.length > 0 ? "min-w-0" : "min-w-0 lg:col-span-2"}>
          <article className="max-w-3xl text-[0.9375rem] leading-relaxed text-muted-foreground sm:text-base">
            {children}
          </article>
          <RelatedDocuments currentPath={currentPath} />
        </div>
      </div>
    </>
  );
}

function RelatedDocuments({ currentPath }: { currentPath: string }) {
  return (
    <aside
      aria-labelledby="legal-related-title"
      className="mt-14 grid max-w-3xl gap-6 rounded-2xl border border-border bg-subtle p-6 sm:grid-cols-2 sm:p-8"
    >
      <div>
        <h2 id="legal-related-title" className="text-base font-semibold tracking-tight text-foreground">
          Related documents
        </h2>
        <ul className="mt-3 grid gap-2 text-sm">
          {LEGAL_LINKS.filter((l) => l.to !== currentPath).map((l) => (
            <li key={l.to}>
              <Link
                to={l.to}
                className="inline-flex items-center gap-2 rounded-sm text-foreground underline-offset-4 hover:text-accent-text hover:underline"
              >
                <FileText className="size-4 text-accent-text" aria-hidden="true" />
                {l.label}
              </Link>
            </li>
          ))}
        </ul>
      </div>
      <div>
        <h2 className="text-base font-semibold tracking-tight text-foreground">Questions about these terms?</h2>
        <ul className="mt-3 grid gap-2 text-sm">
          <li>
            <a
              href={CONTACT.phoneHref}
              className="inline-flex items-center gap-2 text-foreground hover:text-accent-text"
            >
              <Phone className="size-4 text-accent-text" aria-hidden="true" />
              {CONTACT.phone}
            </a>
          </li>
          <li>
            <Link to="/contact" className="inline-flex items-center gap-2 text-foreground hover:text-accent-text">
              <Mail className="size-4 text-accent-text" aria-hidden="true" />
              Send us a message
            </Link>
          </li>
          <li className="flex items-start gap-2 text-muted-foreground">
            <Clock className="mt-0.5 size-4 shrink-0 text-accent-text" aria-hidden="true" />
            {CONTACT.hours}
          </li>
        </ul>
      </div>
    </aside>
  );
}

/** A numbered section heading, shared by the static legal texts and the privacy policy. */
export function SectionTitle({ id, number, title }: { id: string; number: number; title: string }) {
  return (
    <h2 id={`${id}-title`} className="text-xl font-semibold tracking-tight text-foreground sm:text-2xl">
      <span className="mr-2 text-accent-text tabular-nums">{number}.</span>
      {title}
    </h2>
  );
}

/** A static legal document, rendered from its data module. */
export function LegalPage({ doc }: { doc: LegalDocument }) {
  return (
    <LegalShell
      title={doc.title}
      description={doc.description}
      lastUpdated={doc.lastUpdated}
      toc={doc.sections}
      currentPath={doc.path}
    >
      {doc.intro.length > 0 ? (
        <div className="grid gap-4 border-b border-border pb-8 text-base text-foreground sm:text-lg">
          {doc.intro.map((p, i) => (
            <p key={i}>
              <RichText value={p} />
            </p>
          ))}
        </div>
      ) : null}
      {doc.sections.map((section, i) => (
        <section
          key={section.id}
          id={section.id}
          aria-labelledby={`${section.id}-title`}
          className="scroll-mt-24 border-b border-border py-8 last:border-b-0"
        >
          <SectionTitle id={section.id} number={i + 1} title={section.title} />
          <div className="mt-4 grid gap-4">
            {section.blocks.map((block, j) => (
              <Block key={j} block={block} />
            ))}
          </div>
        </section>
      ))}
    </LegalShell>
  );
}

/** Structured data for a legal page: a web page with its date of last change. */
export function legalJsonLd(doc: Pick<LegalDocument, "title" | "description" | "lastUpdated">) {
  return {
    "@context": "https://schema.org",
    "@type": "WebPage",
    name: doc.title,
    description: doc.description,
    dateModified: doc.lastUpdated,
  };
}

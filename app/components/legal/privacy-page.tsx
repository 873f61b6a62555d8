import { ChevronDown } from "#app/components/ui/icons.tsx";
import { PRIVACY_EMPTY_MESSAGE, type PrivacyPolicy } from "#kernel/schemas/privacy.ts";
import { LegalShell } from "./legal-page";

export const PRIVACY_PATH = "/privacy";

/** Stored HTML (already sanitized on the server) set in the page's type scale. */
const prose =
  "grid gap-3 [&_a]:font-medium [&_a]:text-accent-text [&_a]:underline [&_a]:underline-offset-4 [&_h2]:text-lg [&_h2]:font-semibold [&_h2]:text-foreground [&_h3]:font-semibold [&_h3]:text-foreground [&_h4]:font-semibold [&_h4]:text-foreground [&_li]:pl-1 [&_ol]:list-decimal [&_ol]:space-y-1.5 [&_ol]:pl-6 [&_strong]:text-foreground [&_ul]:list-disc [&_ul]:space-y-1.5 [&_ul]:pl-6";

/**
 * The privacy policy: each section collapsible (native <details>, so it works without JavaScript), the first one
 * open; the date of the newest edit; or the empty message when there is nothing to show.
 */
export function PrivacyPage({ policy }: { policy: PrivacyPolicy }) {
  return (
    <LegalShell
      title="Privacy Policy"
      description="How PoundCodes collects, uses and protects information about visitors and licensees."
      lastUpdated={policy.lastUpdated}
      toc={policy.sections}
      currentPath={PRIVACY_PATH}
    >
      {policy.sections.length === 0 ? (
        <p role="status" className="rounded-2xl border border-dashed border-border bg-subtle p-6 text-foreground">
          {PRIVACY_EMPTY_MESSAGE}
        </p>
      ) : (
        <div className="grid gap-3">
          {policy.sections.map((section, i) => (
            <details
              key={section.key}
              id={section.id}
              open={i === 0}
              className="group scroll-mt-24 rounded-xl border border-border bg-card shadow-card transition-colors open:border-gold-300/70 dark:open:border-gold-600/60"
            >
              <summary className="flex cursor-pointer items-center justify-between gap-4 rounded-xl px-5 py-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring sm:px-6">
                <h2 className="text-lg font-semibold tracking-tight text-card-foreground">
                  <span className="mr-2 text-accent-text tabular-nums">{i + 1}.</span>
                  {section.title}
                </h2>
                <span className="grid size-7 shrink-0 place-items-center rounded-full bg-muted text-muted-foreground transition-[transform,background-color,color] group-open:rotate-180 group-open:bg-accent group-open:text-accent-foreground">
                  <ChevronDown className="size-4" aria-hidden="true" />
                </span>
              </summary>
              <div
                className={`px-5 pb-6 sm:px-6 ${prose}`}
                // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized with sanitizeHtml on every read
                dangerouslySetInnerHTML={{ __html: section.html }}
              />
            </details>
          ))}
        </div>
      )}
    </LegalShell>
  );
}

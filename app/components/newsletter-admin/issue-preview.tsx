import { ArticleBody } from "#app/components/blog/article-body.tsx";
import { cn } from "#app/lib/utils.ts";

/**
 * A newsletter issue as a subscriber sees it: the navy masthead, the subject, the content and the footer with the
 * unsubscribe line. `html` must come sanitized from the server.
 */
export function IssuePreview({ subject, html, className }: { subject: string; html: string; className?: string }) {
  return (
    <article
      aria-label={`Preview: ${subject}`}
      className={cn("overflow-hidden rounded-xl border border-border bg-card shadow-card", className)}
    >
      <div className="bg-navy-950 px-5 py-4 text-lg font-bold text-white sm:px-7">
        <span className="text-gold-400">#</span>PoundCodes{" "}
        <span className="text-sm font-normal text-navy-200">Newsletter</span>
      </div>
      <div className="grid gap-5 px-5 py-6 sm:px-7">
        <p className="text-sm text-muted-foreground">
          Subject: <span className="font-semibold text-foreground">{subject}</span>
        </p>
        <ArticleBody html={html} className="text-base" />
      </div>
      <p className="border-t border-border px-5 py-4 text-xs leading-relaxed text-muted-foreground sm:px-7">
        <span className="underline underline-offset-2">Unsubscribe</span> · You receive this because you subscribed to
        the PoundCodes newsletter. Each subscriber's copy carries their own one-click unsubscribe link.
      </p>
    </article>
  );
}

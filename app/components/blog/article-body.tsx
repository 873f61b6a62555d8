import { cn } from "#app/lib/utils.ts";

/**
 * Stored rich text (a post, a support topic) set in the house type scale. The HTML must come sanitized from the
 * server; this only renders it.
 */
export function ArticleBody({ html, className }: { html: string; className?: string }) {
  return (
    <div
      className={cn(
        "text-[1.0625rem] leading-[1.8] text-foreground/90",
        "[&>*+*]:mt-5",
        "[&_h2]:mt-12 [&_h2]:text-2xl [&_h2]:leading-tight [&_h2]:font-bold [&_h2]:tracking-tight [&_h2]:text-foreground",
        "[&_h3]:mt-9 [&_h3]:text-xl [&_h3]:font-semibold [&_h3]:tracking-tight [&_h3]:text-foreground",
        "[&_h4]:mt-8 [&_h4]:font-semibold [&_h4]:text-foreground",
        "[&_a]:font-medium [&_a]:text-accent-text [&_a]:underline [&_a]:decoration-gold-400/60 [&_a]:underline-offset-4 hover:[&_a]:decoration-current",
        "[&_strong]:font-semibold [&_strong]:text-foreground",
        "[&_ul]:list-disc [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:mt-2 [&_li]:pl-1 [&_li::marker]:text-accent",
        "[&_blockquote]:border-l-4 [&_blockquote]:border-accent [&_blockquote]:bg-muted/60 [&_blockquote]:px-5 [&_blockquote]:py-3 [&_blockquote]:text-foreground [&_blockquote]:italic",
        "[&_code]:rounded [&_code]:bg-muted [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-[0.9em]",
        "[&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-navy-950 [&_pre]:p-4 [&_pre]:text-navy-50 [&_pre_code]:bg-transparent [&_pre_code]:p-0",
        "[&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-xl [&_figcaption]:mt-2 [&_figcaption]:text-sm [&_figcaption]:text-muted-foreground",
        "[&_hr]:my-10 [&_hr]:border-border",
        "[&_table]:w-full [&_table]:border-collapse [&_table]:text-left [&_table]:text-[0.9375rem] [&_td]:border-b [&_td]:border-border [&_td]:py-2 [&_td]:pr-4 [&_th]:border-b-2 [&_th]:border-border [&_th]:py-2 [&_th]:pr-4 [&_th]:font-semibold",
        className,
      )}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by the server on write and again on render
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

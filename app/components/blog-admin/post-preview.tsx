import { useEffect, useRef } from "react";
import { ArticleBody } from "#app/components/blog/article-body.tsx";
import { Eye } from "#app/components/ui/icons.tsx";

export type PostPreviewData = {
  title: string;
  /** Sanitized by the server. */
  html: string;
  excerpt: string | null;
  imageUrl: string | null;
  tags: string[];
  authorName: string | null;
};

/**
 * How the post will read on /blog/{slug}: the server's sanitized HTML in the public article's typography, with
 * its title, featured image, author and tags. Nothing is saved by previewing. Focus moves here when it appears.
 */
export function PostPreview({ preview }: { preview: PostPreviewData }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
    heading.current?.scrollIntoView({ block: "start", behavior: "smooth" });
  }, []);
  return (
    <section
      aria-labelledby="post-preview-heading"
      className="overflow-hidden rounded-xl border-2 border-dashed border-gold-400/70 bg-background"
    >
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-border bg-gold-50 px-5 py-3 text-sm text-gold-900 dark:bg-gold-900/30 dark:text-gold-100">
        <h2
          id="post-preview-heading"
          ref={heading}
          tabIndex={-1}
          className="inline-flex items-center gap-2 font-semibold"
        >
          <Eye className="size-4" aria-hidden="true" /> Preview
        </h2>
        <p>Not saved yet. This is how the post reads on the public blog.</p>
      </div>
      <article className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-10 sm:px-6">
        <header className="grid gap-3">
          <p className="text-3xl leading-tight font-bold tracking-tight sm:text-4xl">{preview.title}</p>
          {preview.authorName ? <p className="text-sm text-muted-foreground">By {preview.authorName}</p> : null}
          {preview.excerpt ? <p className="text-lg text-muted-foreground">{preview.excerpt}</p> : null}
        </header>
        {preview.imageUrl ? (
          <img
            src={preview.imageUrl}
            alt=""
            className="aspect-[2/1] w-full rounded-2xl border border-border object-cover"
          />
        ) : null}
        {preview.html ? (
          <ArticleBody html={preview.html} />
        ) : (
          <p className="text-muted-foreground">The post has no content yet.</p>
        )}
        {preview.tags.length ? (
          <ul aria-label="Tags" className="flex flex-wrap gap-2 border-t border-border pt-6">
            {preview.tags.map((tag) => (
              <li
                key={tag}
                className="rounded-full border border-gold-300 bg-gold-100 px-3 py-1 text-xs font-semibold text-gold-900 dark:border-gold-700 dark:bg-gold-900/40 dark:text-gold-200"
              >
                {tag}
              </li>
            ))}
          </ul>
        ) : null}
      </article>
    </section>
  );
}

import { Link } from "react-router";
import { Badge } from "#app/components/ui/badge.tsx";
import { ArrowRight, CalendarDays } from "#app/components/ui/icons.tsx";
import { BLOG_CARD_TAGS, type BlogCard, blogPostHref } from "#kernel/content.ts";
import { formatDate } from "#kernel/format.ts";
import { PostImage } from "./post-image.tsx";

/**
 * One post on a card: image, up to three tags, title (the link), excerpt and date. The whole card is clickable.
 * `priority` for the first card of a list that starts above the fold: its image is the page's largest paint.
 */
export function PostCard({
  post,
  headingLevel = "h2",
  priority = false,
}: {
  post: BlogCard;
  headingLevel?: "h2" | "h3";
  priority?: boolean;
}) {
  const Heading = headingLevel;
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-border bg-card shadow-card transition-[transform,box-shadow] duration-200 focus-within:shadow-lift hover:-translate-y-0.5 hover:shadow-lift">
      <div className="relative aspect-[16/9] overflow-hidden bg-navy-950">
        <PostImage
          slug={post.slug}
          title={post.title}
          imageUrl={post.imageUrl}
          priority={priority}
          className="transition-transform duration-500 group-hover:scale-[1.03]"
        />
      </div>
      <div className="flex flex-1 flex-col p-6">
        {post.tags.length > 0 ? (
          <ul className="mb-4 flex flex-wrap gap-1.5" aria-label="Tags">
            {post.tags.slice(0, BLOG_CARD_TAGS).map((tag) => (
              <li key={tag}>
                <Badge variant="gold">{tag}</Badge>
              </li>
            ))}
          </ul>
        ) : null}
        <Heading className="text-lg leading-snug font-semibold tracking-tight text-card-foreground">
          <Link
            to={blogPostHref(post.slug)}
            className="after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-ring group-hover:text-navy-700 dark:group-hover:text-gold-200"
          >
            {post.title}
          </Link>
        </Heading>
        <p className="mt-3 text-[0.9375rem] leading-relaxed text-muted-foreground">{post.excerpt}</p>
        <PostCardFooter publishedAt={post.publishedAt} />
      </div>
    </article>
  );
}

/** The foot of a post card (blog list and the home page's news strip): the publication date and "Read →". */
export function PostCardFooter({ publishedAt }: { publishedAt: string | null }) {
  const date = publishedAt ? new Date(publishedAt) : null;
  const valid = date && !Number.isNaN(date.getTime());
  return (
    <div className="mt-auto flex items-center justify-between gap-3 pt-6 text-sm">
      {valid ? (
        <time dateTime={date.toISOString()} className="inline-flex items-center gap-1.5 text-muted-foreground">
          <CalendarDays className="size-4" aria-hidden="true" />
          {formatDate(date)}
        </time>
      ) : (
        <span />
      )}
      <span
        aria-hidden="true"
        className="inline-flex items-center gap-1 font-semibold text-accent-text transition-transform group-hover:translate-x-0.5"
      >
        Read
        <ArrowRight className="size-4" />
      </span>
    </div>
  );
}

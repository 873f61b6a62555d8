import { Link } from "react-router";
import { PostCardFooter } from "#app/components/blog/post-card.tsx";
import { LogoMark } from "#app/components/layout/logo.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { ArrowRight } from "#app/components/ui/icons.tsx";
import { BLOG_TEXT } from "#kernel/content.ts";
import { SectionHeading } from "./section-heading";

export type NewsPost = {
  slug: string;
  title: string;
  excerpt: string;
  publishedAt: string | null;
  imageUrl: string | null;
  tags: string[];
};

/** The 3 latest blog posts (hidden when there are none). */
export function NewsStrip({ posts }: { posts: NewsPost[] }) {
  const latest = posts.slice(0, 3);
  if (latest.length === 0) return null;
  return (
    <section aria-labelledby="news-title" className="bg-subtle py-20 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="news-title"
          eyebrow="From our blog"
          title="News and insights"
          description="Ideas on memorable numbers, local advertising and getting more from every call."
          action={
            <Button asChild variant="outline" className="hidden sm:inline-flex">
              <Link to="/blog">
                {BLOG_TEXT.allArticles}
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
          }
        />
        <ul className="mt-12 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {latest.map((post) => {
            return (
              <li key={post.slug}>
                <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-border bg-card shadow-card transition-[transform,box-shadow] duration-200 focus-within:shadow-lift hover:-translate-y-0.5 hover:shadow-lift">
                  <div className="relative aspect-[16/9] overflow-hidden bg-navy-950">
                    {post.imageUrl ? (
                      <img
                        src={post.imageUrl}
                        alt=""
                        loading="lazy"
                        decoding="async"
                        className="size-full object-cover transition-transform duration-500 group-hover:scale-[1.03]"
                      />
                    ) : (
                      <div className="grid size-full place-items-center bg-[radial-gradient(70%_80%_at_70%_20%,rgb(212_160_23/0.22),transparent_70%)]">
                        <LogoMark className="size-14 opacity-90" />
                      </div>
                    )}
                  </div>
                  <div className="flex flex-1 flex-col p-6">
                    {post.tags.length > 0 ? (
                      <ul className="mb-4 flex flex-wrap gap-1.5" aria-label="Tags">
                        {post.tags.slice(0, 3).map((tag) => (
                          <li key={tag}>
                            <Badge variant="gold">{tag}</Badge>
                          </li>
                        ))}
                      </ul>
                    ) : null}
                    <h3 className="text-lg leading-snug font-semibold tracking-tight text-card-foreground">
                      <Link
                        to={`/blog/${post.slug}`}
                        className="after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-ring group-hover:text-navy-700 dark:group-hover:text-gold-200"
                      >
                        {post.title}
                      </Link>
                    </h3>
                    <p className="mt-3 line-clamp-3 text-[0.9375rem] leading-relaxed text-muted-foreground">
                      {post.excerpt}
                    </p>
                    <PostCardFooter publishedAt={post.publishedAt} />
                  </div>
                </article>
              </li>
            );
          })}
        </ul>
        <div className="mt-10 sm:hidden">
          <Button asChild variant="outline" className="w-full">
            <Link to="/blog">
              {BLOG_TEXT.allArticles}
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        </div>
      </div>
    </section>
  );
}

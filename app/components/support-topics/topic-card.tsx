import { Link } from "react-router";
import { ArrowRight } from "#app/components/ui/icons.tsx";
import { type SupportTopicCard, supportTopicHref } from "#kernel/content.ts";

/** A support topic on a card: category, title (the link), summary. The whole card is clickable. */
export function TopicCard({ topic, headingLevel = "h3" }: { topic: SupportTopicCard; headingLevel?: "h2" | "h3" }) {
  const Heading = headingLevel;
  return (
    <article className="group relative flex h-full flex-col rounded-xl border border-border bg-card p-6 shadow-card transition-[transform,box-shadow,border-color] duration-200 focus-within:shadow-lift hover:-translate-y-0.5 hover:border-gold-300/70 hover:shadow-lift dark:hover:border-gold-600/60">
      {topic.category ? (
        <p className="text-xs font-semibold tracking-[0.14em] text-accent-text uppercase">{topic.category}</p>
      ) : null}
      <Heading className="mt-2 text-lg leading-snug font-semibold tracking-tight text-card-foreground">
        <Link
          to={supportTopicHref(topic.slug)}
          className="after:absolute after:inset-0 after:rounded-xl focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-ring"
        >
          {topic.title}
        </Link>
      </Heading>
      <p className="mt-2 text-[0.9375rem] leading-relaxed text-muted-foreground">{topic.summary}</p>
      <span
        aria-hidden="true"
        className="mt-auto inline-flex items-center gap-1 pt-5 text-sm font-semibold text-accent-text transition-transform group-hover:translate-x-0.5"
      >
        Read guide
        <ArrowRight className="size-4" />
      </span>
    </article>
  );
}

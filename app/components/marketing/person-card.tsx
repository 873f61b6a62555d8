import type { Person } from "./team";

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase())
    .slice(0, 2)
    .join("");
}

/** One person: a monogram, name, title and a short biography. */
export function PersonCard({ person, headingLevel = "h3" }: { person: Person; headingLevel?: "h3" | "h4" }) {
  const Heading = headingLevel;
  return (
    <article className="flex h-full flex-col rounded-2xl border border-border bg-card p-6 shadow-card sm:p-7">
      <div className="flex items-center gap-4">
        <span
          aria-hidden="true"
          className="grid size-14 shrink-0 place-items-center rounded-full bg-navy-950 text-lg font-bold tracking-wide text-gold-300 ring-2 ring-gold-400/40 dark:bg-navy-800"
        >
          {initials(person.name)}
        </span>
        <div className="min-w-0">
          <Heading className="text-lg leading-snug font-semibold tracking-tight text-card-foreground">
            {person.name}
          </Heading>
          <p className="mt-0.5 text-sm font-medium text-accent-text">{person.role}</p>
        </div>
      </div>
      <p className="mt-5 text-[0.9375rem] leading-relaxed text-muted-foreground">{person.bio}</p>
    </article>
  );
}

import type { ResolvedCard } from "./cards.ts";
import { LinkCard } from "./link-card.tsx";

/** One titled section of dashboard cards ('Your Services', 'Client Communication & Support'). */
export function CardSection({ id, title, cards }: { id: string; title: string; cards: ResolvedCard[] }) {
  return (
    <section aria-labelledby={id} className="grid gap-4">
      <h2 id={id} className="text-xl font-semibold tracking-tight">
        {title}
      </h2>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {cards.map((c) => (
          <LinkCard
            key={c.title}
            to={c.to ?? ""}
            title={c.title}
            description={c.description}
            icon={c.icon}
            external={c.external}
            disabled={c.disabled !== null}
            badge={c.disabled?.badge}
            note={c.disabled?.line}
          />
        ))}
      </div>
    </section>
  );
}

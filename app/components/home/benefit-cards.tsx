import type { IconComponent } from "#app/components/ui/icons.tsx";
import { Gem, MapPinned, Megaphone, TrendingUp } from "#app/components/ui/icons.tsx";
import { SectionHeading } from "./section-heading";

type Benefit = { title: string; body: string; Icon: IconComponent; highlight?: { value: string; label: string } };

const BENEFITS: Benefit[] = [
  {
    title: "Premium Vanity Numbers",
    body: "Short, dialable #Codes and classic vanity numbers that people recall after a single ad, whether they heard it on the radio or saw it on a billboard.",
    Icon: Gem,
  },
  {
    title: "Boost Ad Response",
    body: "Advertisers see up to 2.5X the call-through of traditional vanity numbers when their campaigns promote a #Code.",
    Icon: TrendingUp,
    highlight: { value: "2.5X", label: "call-through" },
  },
  {
    title: "Nationwide Availability",
    body: "License a whole state or a portion of one, in all 50 states and DC, and own your category there exclusively.",
    Icon: MapPinned,
  },
  {
    title: "Turnkey Marketing Solutions",
    body: "Call tracking, lead capture, your own landing page and campaign support from a team with 30 years in marketing.",
    Icon: Megaphone,
  },
];

export function BenefitCards() {
  return (
    <section aria-labelledby="benefits-title" className="bg-background py-20 sm:py-24 lg:py-28">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="benefits-title"
          eyebrow="Why #Codes"
          title="Built to be remembered. Priced to perform."
          description="A number your customers never have to look up turns every ad into more calls, in your territory only."
          align="center"
        />
        <ul className="mt-14 grid gap-5 sm:grid-cols-2 lg:mt-16 lg:grid-cols-4 lg:gap-6">
          {BENEFITS.map(({ title, body, Icon, highlight }) => (
            <li
              key={title}
              className="group relative flex flex-col rounded-2xl border border-border bg-card p-7 shadow-card transition-[transform,box-shadow,border-color] duration-200 hover:-translate-y-0.5 hover:border-gold-300/70 hover:shadow-lift dark:hover:border-gold-600/60"
            >
              <div className="flex items-start justify-between gap-4">
                <span className="grid size-12 place-items-center rounded-xl bg-navy-950 text-gold-300 ring-1 ring-navy-800 dark:bg-navy-800/70 dark:ring-navy-700">
                  <Icon className="size-5.5" aria-hidden="true" />
                </span>
                {highlight ? (
                  <span className="text-right">
                    <span className="block text-3xl leading-none font-bold tracking-tight text-accent-text">
                      {highlight.value}
                    </span>
                    <span className="mt-1 block text-xs font-medium text-muted-foreground">{highlight.label}</span>
                  </span>
                ) : null}
              </div>
              <h3 className="mt-6 text-lg font-semibold tracking-tight text-card-foreground">{title}</h3>
              <p className="mt-2.5 text-[0.9375rem] leading-relaxed text-muted-foreground">{body}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

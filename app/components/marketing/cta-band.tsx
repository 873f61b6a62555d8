import { Link } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { ArrowRight } from "#app/components/ui/icons.tsx";

export type CtaAction = { to: string; label: string };

/** The closing call to action of a marketing page: a navy panel with a gold button and an optional second one. */
export function CtaBand({
  id,
  eyebrow,
  title,
  body,
  primary,
  secondary,
}: {
  id: string;
  eyebrow?: string;
  title: string;
  body: string;
  primary: CtaAction;
  secondary?: CtaAction;
}) {
  const headingId = `${id}-title`;
  return (
    <section id={id} aria-labelledby={headingId} className="scroll-mt-20 py-12 sm:py-16">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="relative isolate overflow-hidden rounded-3xl bg-navy-950 px-6 py-12 text-white ring-1 ring-white/10 sm:px-10 sm:py-14 lg:px-14">
          <div
            aria-hidden="true"
            className="absolute inset-x-10 top-0 h-px bg-gradient-to-r from-transparent via-gold-300/60 to-transparent"
          />
          <div
            aria-hidden="true"
            className="absolute inset-0 -z-10 bg-[radial-gradient(45%_60%_at_100%_0%,rgb(212_160_23/0.16),transparent_70%),radial-gradient(50%_70%_at_0%_100%,rgb(58_80_136/0.4),transparent_70%)]"
          />
          <div className="flex flex-col gap-8 lg:flex-row lg:items-center lg:justify-between lg:gap-12">
            <div className="max-w-2xl">
              {eyebrow ? (
                <p className="inline-flex items-center gap-2 text-xs font-semibold tracking-[0.18em] text-gold-300 uppercase">
                  <span aria-hidden="true" className="h-px w-6 bg-gold-300" />
                  {eyebrow}
                </p>
              ) : null}
              <h2 id={headingId} className="mt-3 text-3xl leading-tight font-bold tracking-tight sm:text-4xl">
                {title}
              </h2>
              <p className="mt-4 text-base leading-relaxed text-navy-200 sm:text-lg">{body}</p>
            </div>
            <div className="flex shrink-0 flex-col gap-3 sm:flex-row">
              <Button asChild variant="gold" size="lg">
                <Link to={primary.to}>
                  {primary.label}
                  <ArrowRight aria-hidden="true" />
                </Link>
              </Button>
              {secondary ? (
                <Button asChild variant="outline-light" size="lg">
                  <Link to={secondary.to}>{secondary.label}</Link>
                </Button>
              ) : null}
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}

import type * as React from "react";
import { Link } from "react-router";
import type { IconComponent } from "#app/components/ui/icons.tsx";
import { ArrowUpRight, Clock, Mail, MessagesSquare, Phone } from "#app/components/ui/icons.tsx";
import { CONTACT } from "#kernel/links.ts";

function Tile({
  Icon,
  label,
  value,
  children,
}: {
  Icon: IconComponent;
  label: string;
  value: string;
  children: (content: React.ReactNode, className: string) => React.ReactNode;
}) {
  const className =
    "group flex h-full items-center gap-4 rounded-xl border border-white/10 bg-white/[0.04] p-4 sm:p-5 transition-colors hover:border-gold-300/50 hover:bg-white/[0.07] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-300";
  const content = (
    <>
      <span className="grid size-10 shrink-0 sm:size-11 place-items-center rounded-lg bg-gradient-to-br from-gold-300 to-gold-500 text-navy-950">
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block text-xs font-semibold tracking-[0.14em] text-navy-300 uppercase">{label}</span>
        <span className="mt-1 block text-base font-semibold break-words text-white sm:text-lg">{value}</span>
      </span>
      <ArrowUpRight
        className="size-4 shrink-0 text-navy-300 transition-transform group-hover:translate-x-0.5 group-hover:-translate-y-0.5 group-hover:text-gold-300"
        aria-hidden="true"
      />
    </>
  );
  return <li>{children(content, className)}</li>;
}

/** The closing contact block; `intro` is the home page's editable text. */
export function GetInTouch({ intro }: { intro: string }) {
  return (
    <section aria-labelledby="contact-title" className="bg-background py-16 sm:py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="relative isolate overflow-hidden rounded-3xl bg-navy-950 px-6 py-12 text-white ring-1 ring-white/10 sm:px-10 sm:py-14 lg:px-14 lg:py-16">
          <div
            aria-hidden="true"
            className="absolute inset-x-10 top-0 h-px bg-gradient-to-r from-transparent via-gold-300/60 to-transparent"
          />
          <div
            aria-hidden="true"
            className="absolute inset-0 -z-10 bg-[radial-gradient(45%_60%_at_100%_0%,rgb(212_160_23/0.16),transparent_70%),radial-gradient(50%_70%_at_0%_100%,rgb(58_80_136/0.4),transparent_70%)]"
          />
          <div className="grid grid-cols-1 gap-10 lg:grid-cols-12 lg:items-center lg:gap-12">
            <div className="min-w-0 lg:col-span-5">
              <p className="inline-flex items-center gap-2 text-xs font-semibold tracking-[0.18em] text-gold-300 uppercase">
                <span aria-hidden="true" className="h-px w-6 bg-gold-300" />
                Talk to sales
              </p>
              <h2 id="contact-title" className="mt-3 text-3xl leading-tight font-bold tracking-tight sm:text-4xl">
                Get In Touch
              </h2>
              <p className="mt-4 text-base leading-relaxed text-navy-200 sm:text-lg">{intro}</p>
              <p className="mt-6 flex items-start gap-2.5 text-sm text-navy-200">
                <Clock className="mt-0.5 size-4 shrink-0 text-gold-300" aria-hidden="true" />
                <span>
                  <span className="font-semibold text-white">Business hours:</span> {CONTACT.hours}. Closed on weekends.
                </span>
              </p>
            </div>
            <ul className="grid min-w-0 grid-cols-1 gap-3 lg:col-span-7">
              <Tile Icon={Phone} label="Call a licensing advisor" value={CONTACT.phone}>
                {(content, className) => (
                  <a href={CONTACT.phoneHref} className={className}>
                    {content}
                  </a>
                )}
              </Tile>
              <Tile Icon={Mail} label="Email sales" value={CONTACT.salesEmail}>
                {(content, className) => (
                  <a href={`mailto:${CONTACT.salesEmail}`} className={className}>
                    {content}
                  </a>
                )}
              </Tile>
              <Tile Icon={MessagesSquare} label="Write to an advisor" value="Message a licensing advisor">
                {(content, className) => (
                  <Link to={CONTACT.advisorForm} className={className}>
                    {content}
                  </Link>
                )}
              </Tile>
            </ul>
          </div>
        </div>
      </div>
    </section>
  );
}

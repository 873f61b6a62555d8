import type { CSSProperties } from "react";
import { Link } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { ArrowRight } from "#app/components/ui/icons.tsx";
import { goldBars } from "./gold-bars.ts";

const STATS = [
  { value: "10", label: "#Codes in existence" },
  { value: "2.5X", label: "call-through vs. vanity numbers" },
  { value: "30", label: "years in marketing" },
  { value: "60+", label: "countries reached" },
] as const;

/** Each "#Code"-like word of the headline (a # followed by letters or digits) is set in gold. */
function GoldCodes({ text }: { text: string }) {
  return text.split(/(#[A-Za-z0-9]+)/).map((part, i) =>
    i % 2 === 1 ? (
      <span key={i} className="bg-gradient-to-br from-gold-200 via-gold-400 to-gold-600 bg-clip-text text-transparent">
        {part}
      </span>
    ) : (
      part
    ),
  );
}

/**
 * The home hero. `codes` are the catalogue's #Codes (names such as "#4LAW"), stamped on the gold bars; the headline
 * and the paragraph under it are the home page's editable texts.
 */
export function Hero({ codes, title, subtitle }: { codes: readonly string[]; title: string; subtitle: string }) {
  return (
    <section aria-labelledby="hero-title" className="relative isolate overflow-hidden bg-navy-950 text-white">
      <div aria-hidden="true" className="hero-grid absolute inset-0 -z-10" />
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(60%_55%_at_78%_45%,rgb(212_160_23/0.16),transparent_70%),radial-gradient(50%_60%_at_10%_0%,rgb(58_80_136/0.45),transparent_70%)]"
      />

      <div className="mx-auto grid max-w-7xl grid-cols-1 items-center gap-14 px-4 pt-16 pb-20 sm:px-6 sm:pt-20 lg:grid-cols-12 lg:gap-8 lg:px-8 lg:pt-24 lg:pb-28">
        <div className="min-w-0 lg:col-span-7">
          <p className="inline-flex items-center gap-2 rounded-full border border-gold-300/30 bg-gold-300/10 px-3.5 py-1.5 text-xs font-semibold tracking-wide text-gold-200 sm:text-sm">
            <span aria-hidden="true" className="size-1.5 rounded-full bg-gold-300" />
            Only 10 #Codes exist. Each one is licensed territory by territory.
          </p>
          <h1
            id="hero-title"
            className="mt-6 text-[2.5rem] leading-[1.05] font-bold tracking-tight sm:text-6xl lg:text-[4.25rem]"
          >
            <GoldCodes text={title} />
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-navy-200 sm:text-xl">{subtitle}</p>
          <div className="mt-9 flex flex-col gap-3 sm:flex-row">
            <Button asChild variant="gold" size="xl">
              <Link to="/products-services">
                Explore Products
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
            <Button asChild variant="outline-light" size="xl">
              <Link to="/about">Why PoundCodes</Link>
            </Button>
          </div>

          <dl className="mt-12 grid grid-cols-2 gap-x-6 gap-y-6 border-t border-white/10 pt-8 sm:grid-cols-4">
            {STATS.map((stat) => (
              <div key={stat.label} className="flex flex-col gap-1">
                <dt className="order-last text-xs leading-snug text-navy-300 sm:text-sm">{stat.label}</dt>
                <dd className="text-2xl font-bold tracking-tight text-white sm:text-3xl">{stat.value}</dd>
              </div>
            ))}
          </dl>
        </div>

        <div className="lg:col-span-5">
          <GoldBars codes={codes} />
        </div>
      </div>
    </section>
  );
}

/**
 * Five gold bars that fall and stack (100 px high, 2 px apart, first starts after 0.5 s, then every
 * 0.2 s). Decorative. With prefers-reduced-motion they are simply shown stacked.
 */
function GoldBars({ codes }: { codes: readonly string[] }) {
  return (
    <div
      aria-hidden="true"
      className="relative mx-auto w-full max-w-[17.5rem] select-none sm:max-w-[22rem] lg:max-w-[24rem]"
    >
      <div className="absolute inset-x-[-20%] inset-y-[-10%] -z-10 bg-[radial-gradient(closest-side,rgb(227_178_60/0.22),transparent)]" />
      <div className="flex flex-col-reverse gap-[2px]">
        {goldBars(codes).map((bar, index) => (
          <div
            key={bar.key}
            className="gold-bar relative"
            style={{ "--bar-index": index, left: `${bar.offset}px` } as CSSProperties}
          >
            <div className="gold-bar-face absolute inset-0" />
            <div className="relative flex h-full flex-col items-center justify-center gap-1">
              <span
                data-testid="gold-bar-code"
                className="gold-bar-stamp text-[2rem] leading-none font-black tracking-[0.08em]"
              >
                {bar.code}
              </span>
              <span className="gold-bar-stamp text-[0.625rem] font-bold tracking-[0.32em] uppercase">
                PoundCodes · Fine 999.9
              </span>
            </div>
          </div>
        ))}
      </div>
      <div className="mx-auto mt-3 h-4 w-[92%] rounded-[50%] bg-black/50 blur-md" />
    </div>
  );
}

import { data, Link, redirect, useLocation } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import type { IconComponent } from "#app/components/ui/icons.tsx";
import { ArrowRight, Compass, House, MessagesSquare } from "#app/components/ui/icons.tsx";
import { pageMeta } from "#app/lib/seo.ts";
import type { Route } from "./+types/not-found";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Page not found",
    description: "The page you were looking for does not exist.",
    path: args.location.pathname,
    noindex: true,
  });

/** Short #Code links such as /hash-4law are permanent redirects to the number page (/number/hash-4law). */
const HASH_PATH = /^\/(hash-[a-z0-9-]+)\/?$/i;

export function loader({ request }: Route.LoaderArgs) {
  const m = HASH_PATH.exec(new URL(request.url).pathname);
  if (m) throw redirect(`/number/${m[1]!.toLowerCase()}`, 301);
  return data({}, { status: 404 });
}

const SUGGESTIONS: { to: string; title: string; body: string; Icon: IconComponent }[] = [
  { to: "/", title: "Home", body: "Start again from the home page.", Icon: House },
  {
    to: "/all-numbers",
    title: "Browse Numbers",
    body: "See every #Code and vanity number, and where each is open.",
    Icon: Compass,
  },
  {
    to: "/contact",
    title: "Contact",
    body: "Tell us what you were looking for. We reply quickly.",
    Icon: MessagesSquare,
  },
];

export default function NotFound() {
  const { pathname } = useLocation();
  return (
    <section aria-labelledby="not-found-title" className="relative isolate overflow-hidden">
      <div
        aria-hidden="true"
        className="absolute inset-x-0 top-0 -z-10 h-[28rem] bg-[radial-gradient(50%_60%_at_50%_0%,rgb(212_160_23/0.12),transparent_70%)]"
      />
      <div className="mx-auto flex max-w-3xl flex-col items-center px-4 pt-20 pb-24 text-center sm:px-6 sm:pt-28 sm:pb-32">
        <div aria-hidden="true" className="w-56 select-none sm:w-64">
          <div className="gold-bar relative [--bar-index:0]">
            <div className="gold-bar-face absolute inset-0" />
            <div className="relative flex h-full flex-col items-center justify-center gap-1">
              <span className="gold-bar-stamp text-[2.25rem] leading-none font-black tracking-[0.08em]">#404</span>
              <span className="gold-bar-stamp text-[0.625rem] font-bold tracking-[0.32em] uppercase">
                Not in our vault
              </span>
            </div>
          </div>
          <div className="mx-auto mt-2 h-3 w-[90%] rounded-[50%] bg-navy-950/25 blur-md dark:bg-black/60" />
        </div>

        <p className="mt-10 text-xs font-semibold tracking-[0.2em] text-accent-text uppercase">Error 404</p>
        <h1 id="not-found-title" className="mt-3 text-4xl font-bold tracking-tight sm:text-5xl">
          Page not found
        </h1>
        <p className="mt-4 max-w-xl text-lg leading-relaxed text-muted-foreground">
          We could not find <span className="font-mono text-base break-all text-foreground">{pathname}</span>. It may
          have moved, or the address may have a typo.
        </p>

        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          <Button asChild size="lg">
            <Link to="/">Go to the home page</Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to="/all-numbers">
              Browse numbers
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        </div>

        <nav aria-label="Helpful links" className="mt-16 w-full">
          <ul className="grid gap-4 text-left sm:grid-cols-3">
            {SUGGESTIONS.map(({ to, title, body, Icon }) => (
              <li key={to}>
                <Link
                  to={to}
                  className="group flex h-full flex-col rounded-xl border border-border bg-card p-5 shadow-card transition-[transform,box-shadow,border-color] hover:-translate-y-0.5 hover:border-gold-300/70 hover:shadow-lift dark:hover:border-gold-600/60"
                >
                  <span className="grid size-10 place-items-center rounded-lg bg-navy-950 text-gold-300 dark:bg-navy-800/70">
                    <Icon className="size-5" aria-hidden="true" />
                  </span>
                  <span className="mt-4 inline-flex items-center gap-1 font-semibold text-card-foreground">
                    {title}
                    <ArrowRight
                      className="size-4 text-muted-foreground transition-transform group-hover:translate-x-0.5"
                      aria-hidden="true"
                    />
                  </span>
                  <span className="mt-1 text-sm leading-relaxed text-muted-foreground">{body}</span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </section>
  );
}

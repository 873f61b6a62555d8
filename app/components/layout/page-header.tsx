import { type ReactNode, useContext } from "react";
import { InAppShell } from "#app/components/area/in-app-shell.ts";

/**
 * The navy title band at the top of inner pages: an <h1>, an optional subtitle, and optional children
 * (breadcrumbs, buttons, a search form) under them.
 */
export function PageHeader({ title, subtitle, children }: { title: string; subtitle?: string; children?: ReactNode }) {
  // Inside the signed-in areas' shell: a compact band (title, one line of help, the page's actions or breadcrumbs).
  if (useContext(InAppShell)) {
    return (
      <section className="mb-8 bg-navy-950 text-white" data-page-header="compact">
        <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8">
          <h1 className="text-2xl leading-tight font-semibold tracking-tight sm:text-[1.75rem]">{title}</h1>
          {subtitle ? <p className="mt-1.5 max-w-3xl text-sm leading-relaxed text-navy-200">{subtitle}</p> : null}
          {children ? <div className="mt-4">{children}</div> : null}
        </div>
      </section>
    );
  }
  return (
    <section className="relative isolate mb-10 overflow-hidden bg-navy-950 text-white sm:mb-14">
      <div aria-hidden="true" className="hero-grid absolute inset-0 -z-10" />
      <div
        aria-hidden="true"
        className="absolute -top-32 right-[-10%] -z-10 size-[28rem] rounded-full bg-gold-400/10 blur-3xl"
      />
      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 sm:py-16 lg:px-8 lg:py-20">
        <div aria-hidden="true" className="mb-5 h-1 w-12 rounded-full bg-gradient-to-r from-gold-300 to-gold-500" />
        <h1 className="max-w-4xl text-3xl leading-tight font-bold tracking-tight sm:text-4xl lg:text-5xl">{title}</h1>
        {subtitle ? (
          <p className="mt-4 max-w-2xl text-base leading-relaxed text-navy-200 sm:text-lg">{subtitle}</p>
        ) : null}
        {children ? <div className="mt-8">{children}</div> : null}
      </div>
    </section>
  );
}

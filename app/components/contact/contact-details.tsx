import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import type { IconComponent } from "#app/components/ui/icons.tsx";
import { Clock, Mail, MessagesSquare, Phone, PhoneCall } from "#app/components/ui/icons.tsx";
import { cn } from "#app/lib/utils.ts";
import { CONTACT } from "#kernel/links.ts";

function DetailRow({ Icon, label, children }: { Icon: IconComponent; label: string; children: ReactNode }) {
  return (
    <li className="flex gap-4">
      <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-navy-950 text-gold-300 dark:bg-navy-800/70">
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <div className="min-w-0">
        <p className="text-xs font-semibold tracking-[0.14em] text-muted-foreground uppercase">{label}</p>
        <div className="mt-1 text-base font-medium break-words">{children}</div>
      </div>
    </li>
  );
}

/** Our sales office: phone, email and business hours. */
export function OfficeDetails() {
  return (
    <section aria-labelledby="office-title" className="rounded-2xl border border-border bg-card p-6 shadow-card sm:p-8">
      <h2 id="office-title" className="text-xl font-semibold tracking-tight">
        Sales &amp; licensing office
      </h2>
      <p className="mt-2 text-sm leading-relaxed text-muted-foreground">
        Questions about a #Code, a vanity number, a territory or your license: one team answers them all.
      </p>
      <ul className="mt-6 grid gap-5">
        <DetailRow Icon={Phone} label="Phone">
          <a href={CONTACT.phoneHref} className="underline-offset-4 hover:underline">
            {CONTACT.phone}
          </a>
        </DetailRow>
        <DetailRow Icon={Mail} label="Email">
          <a href={`mailto:${CONTACT.salesEmail}`} className="underline-offset-4 hover:underline">
            {CONTACT.salesEmail}
          </a>
        </DetailRow>
        <DetailRow Icon={Clock} label="Business hours">
          {CONTACT.hours}
          <span className="block text-sm font-normal text-muted-foreground">Closed on weekends</span>
        </DetailRow>
      </ul>
    </section>
  );
}

/**
 * The way to a licensing advisor (/contact#talk-to-an-advisor): a person answers the phone in business hours, and the
 * form, addressed to an advisor, reaches one at any time. There is no chat: the section offers what works. `open` is
 * whether it is business hours at the time the page was rendered.
 */
export function TalkToAnAdvisor({ open }: { open: boolean }) {
  return (
    <section
      id="talk-to-an-advisor"
      aria-labelledby="talk-to-an-advisor-title"
      className="relative isolate scroll-mt-24 overflow-hidden rounded-2xl bg-navy-950 p-6 text-white ring-1 ring-white/10 sm:p-8"
    >
      <div
        aria-hidden="true"
        className="absolute inset-x-8 top-0 h-px bg-gradient-to-r from-transparent via-gold-300/60 to-transparent"
      />
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(60%_70%_at_100%_0%,rgb(212_160_23/0.16),transparent_70%)]"
      />
      <div className="flex items-center gap-3">
        <span className="grid size-10 place-items-center rounded-lg bg-gradient-to-br from-gold-300 to-gold-500 text-navy-950">
          <MessagesSquare className="size-5" aria-hidden="true" />
        </span>
        <h2 id="talk-to-an-advisor-title" className="text-xl font-semibold tracking-tight">
          Talk to a licensing advisor
        </h2>
      </div>
      <p className="mt-4 inline-flex items-center gap-2 rounded-full bg-white/5 px-3 py-1 text-sm ring-1 ring-white/10">
        <span aria-hidden="true" className={cn("size-2 rounded-full", open ? "bg-emerald-400" : "bg-navy-300")} />
        {open ? "Advisors are answering the phone now" : "Advisors are offline right now"}
      </p>
      <p className="mt-4 text-sm leading-relaxed text-navy-200">
        Our licensing advisors answer the phone {CONTACT.hours}. Call{" "}
        <a
          href={CONTACT.phoneHref}
          className="font-semibold whitespace-nowrap text-white underline-offset-4 hover:underline"
        >
          {CONTACT.phone}
        </a>{" "}
        and a person answers: no phone menu, no bots. At any time, write to an advisor with the form and we reply by the
        next business day.
      </p>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <Button asChild variant="gold">
          <a href={CONTACT.phoneHref}>
            <PhoneCall aria-hidden="true" />
            Call {CONTACT.phone}
          </a>
        </Button>
        {/* A fresh page, so the form opens addressed to an advisor even when it is already on screen. */}
        <Button asChild variant="outline-light">
          <Link to={CONTACT.advisorForm} reloadDocument>
            Write to an advisor
          </Link>
        </Button>
      </div>
    </section>
  );
}

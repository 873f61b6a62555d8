import type { SubmissionResult } from "@conform-to/react";
import type * as React from "react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { FacebookIcon, InstagramIcon, LinkedInIcon, XIcon, YouTubeIcon } from "#app/components/layout/social-icons.tsx";
import { Button } from "#app/components/ui/button.tsx";
import type { IconComponent } from "#app/components/ui/icons.tsx";
import {
  Award,
  BadgeCheck,
  Building2,
  Clock,
  ExternalLink,
  Mail,
  MapPin,
  MessageSquareQuote,
  Phone,
  PhoneCall,
  Scale,
  Users,
} from "#app/components/ui/icons.tsx";
import { cn } from "#app/lib/utils.ts";
import type { Refusal } from "#kernel/answers.ts";
import { accentStyle } from "#kernel/landing-accents.ts";
import { type LandingPageView, NO_PAGE_DATA, type SocialNetwork } from "#kernel/schemas/landing-page-strings.ts";
import { LeadForm } from "./lead-form.tsx";

const SOCIAL_ICONS: Record<SocialNetwork, (props: React.ComponentProps<"svg">) => React.ReactElement> = {
  facebook: FacebookIcon,
  twitter: XIcon,
  linkedin: LinkedInIcon,
  youtube: YouTubeIcon,
  instagram: InstagramIcon,
};

/** A tel: link for a displayed phone number ("(404) 555-0142" → "tel:+14045550142"). */
export function telHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, "");
  if (digits.startsWith("+")) return `tel:${digits}`;
  return digits.length === 10 ? `tel:+1${digits}` : `tel:${digits}`;
}

/** The #Code's number page, e.g. "#4LAW" → /number/hash-4law. */
const codePath = (poundCode: string) => `/number/hash-${poundCode.replace(/^#/, "").toLowerCase()}`;

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter((w) => /^[A-Za-z]/.test(w))
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join("");
}

/** Sanitized rich text from the server, in the page's type scale. */
function RichText({ html, className }: { html: string; className?: string }) {
  return (
    <div
      className={cn(
        "leading-relaxed text-foreground/90 [&>*+*]:mt-4 [&_a]:font-medium [&_a]:text-accent-text [&_a]:underline [&_a]:underline-offset-4 [&_li]:mt-1.5 [&_ol]:list-decimal [&_ol]:pl-6 [&_strong]:font-semibold [&_strong]:text-foreground [&_ul]:list-disc [&_ul]:pl-6",
        className,
      )}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by the server (landing-pages read model)
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

function Section({
  id,
  title,
  Icon,
  children,
}: {
  id: string;
  title: string;
  Icon: IconComponent;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="grid gap-5">
      <h2 id={id} className="flex items-center gap-3 text-xl font-semibold tracking-tight @2xl:text-2xl">
        <span className="grid size-9 place-items-center rounded-lg bg-navy-950 text-[var(--lp-fill)] dark:bg-navy-800/70">
          <Icon className="size-4.5" aria-hidden="true" />
        </span>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The footer line of every landing page: who provides the number and the page. */
function ProviderCredit({ view }: { view: LandingPageView }) {
  return (
    <aside
      aria-label="About this page"
      className="border-t border-border bg-subtle"
      data-testid="landing-provider-credit"
    >
      <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-8 text-sm text-muted-foreground @2xl:flex-row @2xl:items-center @2xl:justify-between @2xl:px-6 @5xl:px-8">
        <p>
          {view.businessName ? `${view.businessName} is the exclusive ` : "The exclusive "}
          <strong className="font-semibold text-foreground">{view.poundCode}</strong> licensee in {view.territory.name}.
          This page is provided through{" "}
          <Link to="/" className="font-semibold text-foreground underline-offset-4 hover:underline">
            PoundCodes
          </Link>
          , the marketplace for memorable #Code phone numbers.
        </p>
        <Link
          to={codePath(view.poundCode)}
          className="shrink-0 font-medium text-accent-text underline-offset-4 hover:underline"
        >
          About {view.poundCode}
        </Link>
      </div>
    </aside>
  );
}

/** The lead form as the preview draws it: its fields' shapes, nothing to fill in (the editor is not a visitor). */
function LeadFormSketch() {
  return (
    <div aria-hidden="true" className="grid gap-4">
      {["Name", "Email", "Phone", "How can we help?"].map((label) => (
        <div key={label} className="grid gap-1.5">
          <span className="text-sm font-medium">{label}</span>
          <span
            className={cn(
              "block rounded-md border border-input bg-background",
              label.startsWith("How") ? "h-20" : "h-9",
            )}
          />
        </div>
      ))}
      <span className="block h-10 rounded-md bg-primary" />
    </div>
  );
}

export type LandingPageProps = {
  view: LandingPageView;
  result?: SubmissionResult<string[]> | null;
  refusal: Refusal | null;
  /**
   * The firm's live preview in its editor: the lead form is drawn, not live, and the ids are prefixed so several
   * previews and the editor's own fields never share one.
   */
  preview?: { idPrefix: string };
};

/**
 * A licensee's public landing page: every section is hidden when it has nothing to show. It lays itself out by its
 * own width (container queries), so the editor's phone and desktop previews are the page as visitors see it, and it
 * wears the firm's accent (kernel/landing-accents.ts).
 */
export function LandingPage(props: LandingPageProps) {
  return (
    <div className="landing-accent @container" style={accentStyle(props.view.accent) as React.CSSProperties}>
      <LandingPageBody {...props} />
    </div>
  );
}

function LandingPageBody({ view, result, refusal, preview }: LandingPageProps) {
  const name = view.businessName ?? view.pageTitle ?? `${view.poundCode} in ${view.territory.name}`;
  const heading = view.pageTitle ?? name;
  const id = (s: string) => `${preview?.idPrefix ?? ""}${s}`;
  if (!view.hasContent) {
    return (
      <>
        <Hero view={view} heading={heading} />
        <div className="mx-auto w-full max-w-3xl px-4 py-16 text-center @2xl:px-6">
          <p className="text-lg text-muted-foreground">{NO_PAGE_DATA}</p>
        </div>
        <ProviderCredit view={view} />
      </>
    );
  }
  const hasContact = view.contact.phone || view.contact.email || view.contact.address || view.socialLinks.length;
  return (
    <>
      <Hero view={view} heading={heading} />
      <div className="mx-auto grid w-full max-w-7xl gap-12 px-4 py-12 @2xl:px-6 @2xl:py-16 @5xl:grid-cols-12 @5xl:px-8">
        <div className="grid content-start gap-14 @5xl:col-span-7">
          {view.descriptionHtml ? (
            <Section id={id("about-title")} title={`About ${name}`} Icon={Building2}>
              <RichText html={view.descriptionHtml} className="text-base @2xl:text-lg" />
            </Section>
          ) : null}

          {view.areasOfLaw.length ? (
            <Section id={id("areas-title")} title="Areas of law" Icon={Scale}>
              <ul className="flex flex-wrap gap-2.5">
                {view.areasOfLaw.map((area) => (
                  <li
                    key={area}
                    className="rounded-full border border-[var(--color-accent-text)]/40 bg-muted px-4 py-1.5 text-sm font-medium text-foreground"
                  >
                    {area}
                  </li>
                ))}
              </ul>
            </Section>
          ) : null}

          {view.services.length ? (
            <Section id={id("services-title")} title="How we help" Icon={BadgeCheck}>
              <ul className="grid gap-3 @2xl:grid-cols-2">
                {view.services.map((service) => (
                  <li key={service} className="flex items-start gap-3 rounded-xl border border-border bg-card p-4">
                    <BadgeCheck className="mt-0.5 size-5 shrink-0 text-accent-text" aria-hidden="true" />
                    <span className="text-sm leading-relaxed">{service}</span>
                  </li>
                ))}
              </ul>
            </Section>
          ) : null}

          {view.highlightsHtml || view.yearsInBusiness ? (
            <Section id={id("highlights-title")} title="Highlights" Icon={Award}>
              <div className="grid gap-5 @2xl:grid-cols-[auto_1fr] @2xl:items-start">
                {view.yearsInBusiness ? (
                  <div className="rounded-2xl bg-navy-950 px-6 py-5 text-center text-white ring-1 ring-white/10">
                    <p className="text-4xl font-black tracking-tight text-[var(--lp-fill)]">{view.yearsInBusiness}</p>
                    <p className="mt-1 text-xs font-semibold tracking-[0.14em] text-navy-200 uppercase">
                      {view.yearsInBusiness === 1 ? "Year in business" : "Years in business"}
                    </p>
                  </div>
                ) : null}
                {view.highlightsHtml ? <RichText html={view.highlightsHtml} /> : null}
              </div>
            </Section>
          ) : null}

          {view.partners.length ? (
            <Section id={id("partners-title")} title="Partners" Icon={Users}>
              <ul className="grid gap-4 @2xl:grid-cols-2">
                {view.partners.map((p) => (
                  <li key={p.name} className="flex gap-4 rounded-xl border border-border bg-card p-5 shadow-card">
                    <span
                      aria-hidden="true"
                      className="grid size-12 shrink-0 place-items-center rounded-full bg-[var(--lp-fill)] font-bold text-[var(--lp-ink)]"
                    >
                      {initials(p.name)}
                    </span>
                    <div className="min-w-0">
                      <h3 className="font-semibold tracking-tight">{p.name}</h3>
                      {p.description ? (
                        <p className="mt-1 text-sm leading-relaxed text-muted-foreground">{p.description}</p>
                      ) : null}
                    </div>
                  </li>
                ))}
              </ul>
            </Section>
          ) : null}

          {view.officeLocations.length ? (
            <Section id={id("offices-title")} title="Office locations" Icon={MapPin}>
              <ul className="grid gap-4 @2xl:grid-cols-2">
                {view.officeLocations.map((o) => (
                  <li
                    key={`${o.name}|${o.address}`}
                    className="rounded-xl border border-border bg-card p-5 shadow-card"
                  >
                    {o.name ? <h3 className="font-semibold tracking-tight">{o.name}</h3> : null}
                    <address className="mt-1 text-sm leading-relaxed text-muted-foreground not-italic">
                      {o.address ? <span className="block">{o.address}</span> : null}
                      {o.city ? <span className="block">{o.city}</span> : null}
                    </address>
                    {o.hours ? (
                      <p className="mt-2 flex items-start gap-2 text-sm text-muted-foreground">
                        <Clock className="mt-0.5 size-4 shrink-0 text-accent-text" aria-hidden="true" />
                        <span>
                          <span className="sr-only">Hours: </span>
                          {o.hours}
                        </span>
                      </p>
                    ) : null}
                    {o.phone ? (
                      <a
                        href={telHref(o.phone)}
                        className="mt-3 inline-flex items-center gap-2 text-sm font-medium text-accent-text underline-offset-4 hover:underline"
                      >
                        <Phone className="size-4" aria-hidden="true" />
                        {o.phone}
                      </a>
                    ) : null}
                  </li>
                ))}
              </ul>
            </Section>
          ) : null}

          {view.reviews.length ? (
            <Section id={id("reviews-title")} title="What clients say" Icon={MessageSquareQuote}>
              <ul className="grid gap-4 @2xl:grid-cols-2">
                {view.reviews.map((r) => (
                  <li key={`${r.author}|${r.quote}`}>
                    <figure className="grid h-full gap-3 rounded-xl border border-border bg-card p-5 shadow-card">
                      <blockquote className="leading-relaxed text-foreground/90">
                        <p>“{r.quote}”</p>
                      </blockquote>
                      <figcaption className="text-sm font-semibold text-accent-text">{r.author}</figcaption>
                    </figure>
                  </li>
                ))}
              </ul>
            </Section>
          ) : null}

          {view.testimonialUrl || view.attorneyDirectoryUrl ? (
            <div className="flex flex-col gap-3 @2xl:flex-row">
              {view.testimonialUrl ? (
                <Button asChild variant="outline">
                  <a href={view.testimonialUrl} target="_blank" rel="noopener noreferrer">
                    <MessageSquareQuote aria-hidden="true" />
                    Read client testimonials
                    <ExternalLink aria-hidden="true" />
                  </a>
                </Button>
              ) : null}
              {view.attorneyDirectoryUrl ? (
                <Button asChild variant="outline">
                  <a href={view.attorneyDirectoryUrl} target="_blank" rel="noopener noreferrer">
                    <Users aria-hidden="true" />
                    Attorney directory
                    <ExternalLink aria-hidden="true" />
                  </a>
                </Button>
              ) : null}
            </div>
          ) : null}
        </div>

        <div className="grid content-start gap-6 @5xl:sticky @5xl:top-24 @5xl:col-span-5 @5xl:self-start">
          {hasContact ? (
            <section
              aria-labelledby={id("contact-info-title")}
              className="rounded-2xl border border-border bg-card p-6 shadow-card"
            >
              <h2 id={id("contact-info-title")} className="text-lg font-semibold tracking-tight">
                Contact information
              </h2>
              <ul className="mt-4 grid gap-3 text-sm">
                {view.contact.phone ? (
                  <li className="flex items-center gap-3">
                    <Phone className="size-4 shrink-0 text-accent-text" aria-hidden="true" />
                    <a href={telHref(view.contact.phone)} className="font-medium underline-offset-4 hover:underline">
                      {view.contact.phone}
                    </a>
                  </li>
                ) : null}
                {view.contact.email ? (
                  <li className="flex items-center gap-3">
                    <Mail className="size-4 shrink-0 text-accent-text" aria-hidden="true" />
                    <a href={`mailto:${view.contact.email}`} className="break-all underline-offset-4 hover:underline">
                      {view.contact.email}
                    </a>
                  </li>
                ) : null}
                {view.contact.address ? (
                  <li className="flex items-start gap-3">
                    <MapPin className="mt-0.5 size-4 shrink-0 text-accent-text" aria-hidden="true" />
                    <address className="not-italic">{view.contact.address}</address>
                  </li>
                ) : null}
              </ul>
              {view.socialLinks.length ? (
                <ul className="mt-5 flex flex-wrap gap-2" aria-label="Social networks">
                  {view.socialLinks.map((link) => {
                    const Icon = SOCIAL_ICONS[link.network];
                    return (
                      <li key={link.network}>
                        <a
                          href={link.url}
                          target="_blank"
                          rel="noopener noreferrer"
                          aria-label={`${name} on ${link.label}`}
                          className="grid size-10 place-items-center rounded-full border border-border text-foreground transition-colors hover:border-[var(--color-accent-text)] hover:text-accent-text"
                        >
                          <Icon className="size-[18px]" />
                        </a>
                      </li>
                    );
                  })}
                </ul>
              ) : null}
            </section>
          ) : null}

          <section
            id={preview ? undefined : "contact"}
            aria-labelledby={id("lead-form-title")}
            className="scroll-mt-24 rounded-2xl border border-border bg-card p-6 shadow-lift"
          >
            <h2 id={id("lead-form-title")} className="text-lg font-semibold tracking-tight">
              Send us a message
            </h2>
            <p className="mt-1 mb-5 text-sm text-muted-foreground">We will contact you as soon as possible.</p>
            {preview ? (
              <LeadFormSketch />
            ) : (
              <LeadForm businessName={name} legal={view.areasOfLaw.length > 0} result={result} refusal={refusal} />
            )}
          </section>
        </div>
      </div>
      <ProviderCredit view={view} />
    </>
  );
}

function Hero({ view, heading }: { view: LandingPageView; heading: string }) {
  const subtitle =
    view.pageTitle && view.businessName && view.businessName !== view.pageTitle ? view.businessName : null;
  return (
    <section className="relative isolate overflow-hidden bg-navy-950 text-white">
      <div aria-hidden="true" className="hero-grid absolute inset-0 -z-10" />
      <div
        aria-hidden="true"
        className="absolute -top-32 right-[-10%] -z-10 size-[28rem] rounded-full bg-[var(--lp-fill)] opacity-10 blur-3xl"
      />
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 @2xl:px-6 @2xl:py-16 @5xl:grid-cols-12 @5xl:items-center @5xl:px-8 @5xl:py-20">
        <div className="@5xl:col-span-8">
          <div className="flex flex-wrap items-center gap-4">
            {view.logoUrl ? (
              <img
                src={view.logoUrl}
                alt={view.businessName ? `${view.businessName} logo` : "Logo"}
                className="h-14 w-auto max-w-48 rounded-lg bg-white object-contain p-2"
              />
            ) : null}
            <p className="inline-flex items-center gap-2 rounded-full bg-white/5 px-3 py-1 text-xs font-semibold tracking-[0.14em] text-[var(--lp-fill)] uppercase ring-1 ring-white/15">
              {view.poundCode} · {view.territory.name}
            </p>
          </div>
          <h1 className="mt-6 max-w-4xl text-3xl leading-tight font-bold tracking-tight @2xl:text-4xl @5xl:text-5xl">
            {heading}
          </h1>
          {subtitle ? <p className="mt-4 text-lg text-navy-200 @2xl:text-xl">{subtitle}</p> : null}
          <div className="mt-8 flex flex-col gap-3 @2xl:flex-row">
            {view.contact.phone ? (
              <Button
                asChild
                size="lg"
                className="bg-[var(--lp-fill)] text-[var(--lp-ink)] shadow-none hover:bg-[var(--lp-fill)] hover:brightness-105"
              >
                <a href={telHref(view.contact.phone)}>
                  <PhoneCall aria-hidden="true" />
                  Call {view.contact.phone}
                </a>
              </Button>
            ) : null}
            {view.hasContent ? (
              <Button asChild variant="outline-light" size="lg">
                <a href="#contact">Send a message</a>
              </Button>
            ) : null}
          </div>
        </div>
        <div className="@5xl:col-span-4">
          <div className="rounded-2xl bg-white/[0.04] p-6 text-center ring-1 ring-white/10">
            <p className="text-xs font-semibold tracking-[0.16em] text-navy-300 uppercase">
              From any mobile phone, dial
            </p>
            <p className="mt-2 text-5xl font-black tracking-tight text-[var(--lp-fill)]" data-testid="dial-code">
              {view.poundCode}
            </p>
            <p className="mt-2 text-sm text-navy-200">Connects you straight to {view.businessName ?? "our office"}.</p>
          </div>
        </div>
      </div>
    </section>
  );
}

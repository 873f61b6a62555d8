import { Link } from "react-router";
import { formRefusal } from "#app/components/contact/form-feedback.tsx";
import { InquiryForm } from "#app/components/contact/inquiry-form.tsx";
import { PageHeader } from "#app/components/layout/page-header.tsx";
import { Button } from "#app/components/ui/button.tsx";
import {
  BadgeCheck,
  Building2,
  Database,
  HeartPulse,
  History,
  type IconComponent,
  MapPin,
  PhoneIncoming,
  Scale,
  ShieldAlert,
  Smartphone,
  UserRound,
  Wrench,
} from "#app/components/ui/icons.tsx";
import { pageMeta } from "#app/lib/seo.ts";
import { INQUIRY_SENT, inquirySchema } from "#kernel/schemas/contact.ts";
import { submitInquiry } from "#server/domain/crm/contacts.ts";
import { redirectWithToast } from "#server/web/flash.ts";
import { cacheable } from "#server/web/page-cache.ts";
import { formAction } from "#server/web/route-kit.ts";
import type { Route } from "./+types/instant-caller-data-enrich";

/** Cached for anonymous visitors, dropped by the writes that change what it shows (server/web/page-cache.ts). */
export const pageCache = cacheable();

const PATH = "/services/instant-caller-data-enrich";
const DESCRIPTION =
  "Instant Caller Data Enrich puts the caller's name, location, line type, spam risk and call history on screen as each call to your #Code rings through. Request pricing.";

export const meta: Route.MetaFunction = (args) => {
  const root = args.matches.find((m) => m?.id === "root")?.loaderData as { publicUrl?: string } | undefined;
  const origin = (root?.publicUrl ?? "").replace(/\/+$/, "");
  return pageMeta(args, {
    title: "Instant Caller Data Enrich",
    description: DESCRIPTION,
    path: PATH,
    jsonLd: {
      "@context": "https://schema.org",
      "@type": "Service",
      name: "Instant Caller Data Enrich",
      serviceType: "Caller identification and lead enrichment",
      description: DESCRIPTION,
      url: `${origin}${PATH}`,
      provider: { "@type": "Organization", name: "PoundCodes", telephone: "+1-800-580-1500", url: origin },
      areaServed: { "@type": "Country", name: "United States" },
    },
  });
};

export const action = (args: Route.ActionArgs) =>
  formAction(args, {
    schema: inquirySchema,
    publicForm: "inquiry",
    refusals: "toast",
    run: async (value, { s, actor, idempotencyKey }) => {
      await submitInquiry(s.db, actor, value, { salesEmail: s.config.salesEmail, idempotencyKey });
      return redirectWithToast(s.config, `${PATH}#pricing-inquiry`, {
        type: "success",
        title: INQUIRY_SENT.title,
        description: INQUIRY_SENT.message,
      });
    },
  });

type Item = { Icon: IconComponent; title: string; body: string };

const CALLER_DATA: Item[] = [
  {
    Icon: UserRound,
    title: "Caller name",
    body: "The registered name on the line, so your receptionist can greet a new caller by name instead of asking twice.",
  },
  {
    Icon: MapPin,
    title: "City and state",
    body: "Where the number is registered, so you know at once whether the caller is inside the territory you serve.",
  },
  {
    Icon: Smartphone,
    title: "Line type and carrier",
    body: "Mobile, landline or VoIP. Mobile callers can get a text follow-up; landlines get a call back.",
  },
  {
    Icon: ShieldAlert,
    title: "Spam and robocall risk",
    body: "A risk rating drawn from carrier reputation data, so your team can let likely robocalls go to voicemail.",
  },
  {
    Icon: History,
    title: "Returning caller history",
    body: "Earlier calls, texts and web form submissions from the same number, listed with dates, right on the record.",
  },
  {
    Icon: Building2,
    title: "Business or consumer",
    body: "Whether the number belongs to a business, so referral partners and vendors are told apart from new clients.",
  },
];

const STEPS = [
  {
    title: "A call rings in on your #Code",
    body: "Someone dials your #Code or vanity number from any phone. Nothing changes for the caller.",
  },
  {
    title: "We look the number up as it rings",
    body: "Carrier, directory and reputation sources are checked in the moment the call is routed to you.",
  },
  {
    title: "Your team sees the record",
    body: "The enriched record appears in your call analytics portal and can be sent to your CRM or intake system.",
  },
];

const USE_CASES: Item[] = [
  {
    Icon: Scale,
    title: "Law firms",
    body: "Intake sees whether a caller is local and new before answering, and returning clients reach the right attorney faster.",
  },
  {
    Icon: Wrench,
    title: "Home services",
    body: "Dispatch knows the caller's city before the first question and sends the closest crew.",
  },
  {
    Icon: HeartPulse,
    title: "Medical and dental practices",
    body: "Front desks recognize returning patients and spend less time on spam calls during busy hours.",
  },
  {
    Icon: BadgeCheck,
    title: "Insurance and financial advisors",
    body: "Agents open the conversation with context, and every enriched call is logged for follow-up.",
  },
];

const QUOTE_INCLUDES = [
  "A price per enriched call for your expected monthly volume",
  "Which data points are available for your territories",
  "Delivery to your call analytics portal, your CRM or both",
  "Activation timeline, usually within a few business days",
];

function ItemGrid({ items }: { items: Item[] }) {
  return (
    <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
      {items.map(({ Icon, title, body }) => (
        <li key={title} className="rounded-xl border border-border bg-card p-6 shadow-card">
          <span className="grid size-11 place-items-center rounded-lg bg-navy-950 text-gold-300 dark:bg-navy-800/70">
            <Icon className="size-5" aria-hidden="true" />
          </span>
          <h3 className="mt-4 font-semibold tracking-tight">{title}</h3>
          <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{body}</p>
        </li>
      ))}
    </ul>
  );
}

function SectionTitle({ id, eyebrow, title, intro }: { id: string; eyebrow: string; title: string; intro?: string }) {
  return (
    <div className="max-w-3xl">
      <p className="inline-flex items-center gap-2 text-xs font-semibold tracking-[0.18em] text-accent-text uppercase">
        <span aria-hidden="true" className="h-px w-6 bg-current" />
        {eyebrow}
      </p>
      <h2 id={id} className="mt-3 text-2xl font-bold tracking-tight sm:text-3xl">
        {title}
      </h2>
      {intro ? <p className="mt-3 text-base leading-relaxed text-muted-foreground sm:text-lg">{intro}</p> : null}
    </div>
  );
}

export default function InstantCallerDataEnrich({ actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        title="Instant Caller Data Enrich"
        subtitle="Know who is calling before you say hello. Every call to your #Code arrives with the caller's name, location, line type and history."
      >
        <div className="flex flex-col gap-3 sm:flex-row">
          <Button asChild variant="gold" size="lg">
            <a href="#pricing-inquiry">Request Pricing</a>
          </Button>
          <Button asChild variant="outline-light" size="lg">
            <a href="#how-it-works">How it works</a>
          </Button>
        </div>
      </PageHeader>

      <div className="mx-auto grid w-full max-w-7xl gap-20 px-4 pb-24 sm:px-6 lg:px-8">
        <section aria-labelledby="caller-data-title" className="grid gap-10">
          <SectionTitle
            id="caller-data-title"
            eyebrow="What arrives with every call"
            title="A complete caller record, not just a number"
            intro="Your #Code makes you easy to reach. Caller data enrichment makes every call easier to handle: your team answers with context, screens out spam and logs each lead with the details that matter."
          />
          <ItemGrid items={CALLER_DATA} />
        </section>

        <section id="how-it-works" aria-labelledby="how-title" className="scroll-mt-24 grid gap-10">
          <SectionTitle id="how-title" eyebrow="How it works" title="Three steps, no new hardware" />
          <ol className="grid gap-5 md:grid-cols-3">
            {STEPS.map((step, i) => (
              <li key={step.title} className="relative rounded-xl border border-border bg-subtle p-6">
                <span className="text-4xl font-black tracking-tight text-accent-text" aria-hidden="true">
                  0{i + 1}
                </span>
                <h3 className="mt-3 font-semibold tracking-tight">{step.title}</h3>
                <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{step.body}</p>
              </li>
            ))}
          </ol>
          <div className="flex flex-col gap-4 rounded-2xl border border-border bg-card p-6 shadow-card sm:flex-row sm:items-center sm:justify-between sm:p-8">
            <div className="flex items-start gap-4">
              <span className="grid size-11 shrink-0 place-items-center rounded-lg bg-gradient-to-br from-gold-300 to-gold-500 text-navy-950">
                <Database className="size-5" aria-hidden="true" />
              </span>
              <div>
                <h3 className="font-semibold tracking-tight">Send caller records to your CRM</h3>
                <p className="mt-1 text-sm leading-relaxed text-muted-foreground">
                  Enriched calls can create or update contacts in the CRM or intake software you already use.
                </p>
              </div>
            </div>
            <Button asChild variant="outline">
              <Link to="/contact?service=crm">Ask about CRM integration</Link>
            </Button>
          </div>
        </section>

        <section aria-labelledby="use-cases-title" className="grid gap-10">
          <SectionTitle
            id="use-cases-title"
            eyebrow="Who it is for"
            title="Built for businesses that live on inbound calls"
          />
          <ul className="grid gap-5 sm:grid-cols-2">
            {USE_CASES.map(({ Icon, title, body }) => (
              <li key={title} className="flex gap-4 rounded-xl border border-border bg-card p-6 shadow-card">
                <span className="grid size-11 shrink-0 place-items-center rounded-lg bg-navy-950 text-gold-300 dark:bg-navy-800/70">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <div>
                  <h3 className="font-semibold tracking-tight">{title}</h3>
                  <p className="mt-1.5 text-sm leading-relaxed text-muted-foreground">{body}</p>
                </div>
              </li>
            ))}
          </ul>
        </section>

        <section
          id="pricing-inquiry"
          aria-labelledby="pricing-title"
          className="scroll-mt-24 grid gap-10 lg:grid-cols-12 lg:gap-12"
        >
          <div className="lg:col-span-5">
            <SectionTitle
              id="pricing-title"
              eyebrow="Pricing"
              title="Get a quote for your call volume"
              intro="Enrichment is priced per enriched call and billed with your other usage. Tell us a little about your calls and we will send a quote."
            />
            <h3 className="mt-8 text-sm font-semibold tracking-[0.14em] text-muted-foreground uppercase">
              Your quote covers
            </h3>
            <ul className="mt-4 grid gap-3">
              {QUOTE_INCLUDES.map((line) => (
                <li key={line} className="flex items-start gap-3 text-sm leading-relaxed">
                  <PhoneIncoming className="mt-0.5 size-4 shrink-0 text-accent-text" aria-hidden="true" />
                  {line}
                </li>
              ))}
            </ul>
            <p className="mt-8 text-xs leading-relaxed text-muted-foreground">
              Caller data comes from carrier, directory and reputation sources. Calls are never recorded for enrichment,
              and records are visible only to your team.
            </p>
          </div>
          <div className="rounded-2xl border border-border bg-card p-6 shadow-lift sm:p-8 lg:col-span-7">
            <h3 className="mb-6 text-xl font-semibold tracking-tight">Pricing inquiry</h3>
            <InquiryForm
              result={actionData?.ok === false ? actionData.result : null}
              refusal={formRefusal(actionData)}
            />
          </div>
        </section>
      </div>
    </>
  );
}

import { Link } from "react-router";
import { PageHeader } from "#app/components/layout/page-header.tsx";
import { Button } from "#app/components/ui/button.tsx";
import {
  ArrowRight,
  ArrowRightLeft,
  DatabaseZap,
  ListChecks,
  ShieldCheck,
  Tags,
  UserPlus,
  Webhook,
} from "#app/components/ui/icons.tsx";
import { CONTACT } from "#kernel/links.ts";
import { SERVICE_CONTACT_PATHS } from "#kernel/schemas/company.ts";
import { AnchorNav } from "./anchor-nav";
import { CheckList } from "./check-list";
import { CtaBand } from "./cta-band";
import { type Feature, FeatureGrid } from "./feature-grid";
import { MarketingBody, MarketingSection } from "./section";

export const SERVICE_SECTIONS = [
  { id: "priority", label: "Priority Services" },
  { id: "crm", label: "CRM Integration" },
  { id: "data-enrich", label: "Caller Data Enrich" },
] as const;

const PRIORITY_POINTS = [
  "A named account manager who knows your territories, numbers and campaigns",
  `Your tickets answered first, ${CONTACT.hours}`,
  "Routing and greeting changes made the same business day",
  "A quarterly review of call volumes, lead quality and advertising spend",
  "Early word when a neighboring territory or a new keyword group opens up",
];

const CRM: readonly Feature[] = [
  {
    title: "A record for every lead",
    body: "Each call, text and web form becomes a contact or lead in your CRM, with the caller's number, the time and the duration.",
    Icon: UserPlus,
  },
  {
    title: "Source on every record",
    body: "See which #Code, vanity number or campaign produced each lead, and put your budget where the clients come from.",
    Icon: Tags,
  },
  {
    title: "Status back to your reports",
    body: "Mark a lead as signed or lost in your CRM and see it in your call reports, so you can measure cost per client.",
    Icon: ArrowRightLeft,
  },
  {
    title: "Connected your way",
    body: "A connector our team sets up for widely used CRMs, a secure webhook, or email-to-lead for any system that accepts it.",
    Icon: Webhook,
  },
  {
    title: "Duplicate-safe",
    body: "Repeat callers are matched to their existing record instead of creating a new one each time they ring.",
    Icon: ListChecks,
  },
  {
    title: "Only the fields you choose",
    body: "Decide which details are sent, so your CRM receives what your intake team needs, over encrypted connections.",
    Icon: ShieldCheck,
  },
];

export function ServicesPage() {
  return (
    <>
      <PageHeader
        title="Services"
        subtitle="Hands-on help beyond the license: priority support for busy practices, and your calls and leads connected to the CRM you already use."
      >
        <AnchorNav items={SERVICE_SECTIONS} />
      </PageHeader>
      <MarketingBody>
        <MarketingSection
          id="priority"
          eyebrow="Support"
          title="Priority Services"
          description="For firms whose phones cannot wait: a named account manager and the front of the support queue."
        >
          <div className="grid gap-8 lg:grid-cols-12 lg:gap-12">
            <CheckList items={PRIORITY_POINTS} className="lg:col-span-7" />
            <div className="h-fit rounded-2xl border border-border bg-card p-6 shadow-card sm:p-7 lg:col-span-5">
              <h3 className="text-lg font-semibold tracking-tight">Who it is for</h3>
              <p className="mt-2 text-[0.9375rem] leading-relaxed text-muted-foreground">
                Licensees with several territories or heavy call volume, and anyone running broadcast campaigns where
                every hour of a misrouted line costs clients.
              </p>
              <Button asChild variant="gold" className="mt-6">
                <Link to={SERVICE_CONTACT_PATHS.priority}>
                  Request Priority Services
                  <ArrowRight aria-hidden="true" />
                </Link>
              </Button>
            </div>
          </div>
        </MarketingSection>

        <MarketingSection
          id="crm"
          tone="subtle"
          eyebrow="Integration"
          title="CRM Integration"
          description="Every call, text and form lead lands in your CRM with its source, so nothing is typed twice and nothing is lost."
          action={
            <Button asChild variant="gold">
              <Link to={SERVICE_CONTACT_PATHS.crm}>
                Discuss CRM Integration
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
          }
        >
          <FeatureGrid items={CRM} />
        </MarketingSection>

        <MarketingSection
          id="data-enrich"
          eyebrow="Lead intelligence"
          title="Instant Caller Data Enrich"
          description="Know who is calling before you answer: caller details appended to every call in real time."
        >
          <div className="flex flex-col gap-6 rounded-2xl border border-border bg-card p-6 shadow-card sm:flex-row sm:items-center sm:justify-between sm:p-8">
            <div className="flex items-start gap-4">
              <span className="grid size-12 shrink-0 place-items-center rounded-xl bg-navy-950 text-gold-300 ring-1 ring-navy-800 dark:bg-navy-800/70">
                <DatabaseZap className="size-5.5" aria-hidden="true" />
              </span>
              <p className="max-w-2xl text-[0.9375rem] leading-relaxed text-muted-foreground">
                Names, locations and business details matched to incoming numbers, delivered to your dashboard and your
                CRM, so your team greets every caller prepared.
              </p>
            </div>
            <Button asChild variant="outline" className="shrink-0">
              <Link to="/services/instant-caller-data-enrich">
                Explore Data Enrich
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
          </div>
        </MarketingSection>

        <CtaBand
          id="services-contact"
          eyebrow="Not sure what you need?"
          title="Tell us how your calls should work"
          body="Describe your territories, your team and your systems, and we will recommend the services that fit."
          primary={{ to: "/contact", label: "Contact Us" }}
          secondary={{ to: "/products-services", label: "Products & Services" }}
        />
      </MarketingBody>
    </>
  );
}

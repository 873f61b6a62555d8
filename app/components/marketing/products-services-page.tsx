import { Link } from "react-router";
import { PageHeader } from "#app/components/layout/page-header.tsx";
import { Button } from "#app/components/ui/button.tsx";
import {
  BarChart3,
  Building2,
  Cable,
  DatabaseZap,
  FileInput,
  Globe,
  Hash,
  KeyRound,
  LayoutTemplate,
  MapIcon,
  Megaphone,
  PhoneCall,
  PhoneForwarded,
  ShieldCheck,
} from "#app/components/ui/icons.tsx";
import { formatCents } from "#kernel/format.ts";
import { MINIMUM_MONTHLY_FEE_CENTS, USAGE_BASE_RATES_CENTS } from "#kernel/pricing-rates.ts";
import { COMPANY_FACTS, LICENCE_TERMS } from "#kernel/schemas/company.ts";
import { AnchorNav } from "./anchor-nav";
import { CheckList } from "./check-list";
import { CtaBand } from "./cta-band";
import { type Feature, FeatureGrid } from "./feature-grid";
import { MarketingBody, MarketingSection } from "./section";

/** The page's sections, in order; their ids are the anchors other pages link to. */
export const PRODUCT_SECTIONS = [
  { id: "poundcodes", label: "#Codes" },
  { id: "vanity-numbers", label: "Vanity Numbers" },
  { id: "marketing-tools", label: "Marketing Tools" },
  { id: "addons", label: "Add-ons" },
  { id: "free-addons", label: "Free Add-ons" },
] as const;

const POUNDCODE_POINTS = [
  "Dialed in two taps from any mobile phone: no area code, no seven digits to remember.",
  "Exclusive: one licensee for each #Code and category in a state or a portion of one.",
  `Up to ${COMPANY_FACTS.callThrough} the call-through of a traditional vanity number in the same campaign.`,
  "Callers are connected by where they are, so a regional campaign becomes calls to you alone.",
  `Priced by population, never below ${formatCents(MINIMUM_MONTHLY_FEE_CENTS)} a month, with a setup deposit refundable within ${LICENCE_TERMS.depositRefundBusinessDays} business days.`,
];

const VANITY: Feature[] = [
  {
    title: "Toll-free and local",
    body: "Toll-free numbers that spell your trade, and local numbers with the area code your customers already trust.",
    Icon: PhoneCall,
  },
  {
    title: "Paired with a #Code",
    body: "Run both in one ad: the #Code for mobile callers, the vanity number for landlines, print and signage.",
    Icon: Hash,
  },
  {
    title: "Routed and tracked",
    body: "Ring any office, mobile or call center, and see every call in your analytics portal alongside your #Code calls.",
    Icon: PhoneForwarded,
  },
];

const TOOLS: Feature[] = [
  {
    title: "Call analytics portal",
    body: "Every call and text with its time, duration and caller location, so you know which ads earn their keep.",
    Icon: BarChart3,
  },
  {
    title: "Your landing page",
    body: "A page for your #Code and territory with your firm's description, offices, highlights and contact details.",
    Icon: LayoutTemplate,
  },
  {
    title: "Lead capture",
    body: "Web forms, click-to-call and click-to-message, with every submission delivered to your dashboard.",
    Icon: FileInput,
  },
  {
    title: "Instant Caller Data Enrich",
    body: "Turn a ringing phone into a named lead: caller details appended in real time, before you answer.",
    Icon: DatabaseZap,
    link: { to: "/services/instant-caller-data-enrich", label: "About data enrichment" },
  },
  {
    title: "Virtual PBX",
    body: "Auto attendant, ring groups, business-hours routing and voicemail to email, without new hardware.",
    Icon: Building2,
    link: { to: "/virtual-pbx-features", label: "See PBX features" },
  },
  {
    title: "CRM integration",
    body: "Calls, texts and form leads flow into your CRM with their source, so no inquiry is typed twice.",
    Icon: Cable,
    link: { to: "/services#crm", label: "About CRM integration" },
  },
];

const ADDONS: Feature[] = [
  {
    title: "Keyword groups",
    body: "Add the legal, medical, home services or financial keywords of your trade to your #Code, priced as a multiple of your territory's fee.",
    Icon: KeyRound,
    link: { to: "/licensing/by-state-keyword", label: "How keyword licenses work" },
  },
  {
    title: "Adjacent territories",
    body: `For ${LICENCE_TERMS.adjacentTerritoryOptionBusinessDays} business days after you license, add a neighboring territory at your per-million-people monthly rate.`,
    Icon: MapIcon,
    link: { to: "/licensing/by-state", label: "How territory licenses work" },
  },
  {
    title: "Priority Services",
    body: "A named account manager, first place in the support queue and a quarterly review of your campaigns.",
    Icon: ShieldCheck,
    link: { to: "/services#priority", label: "About Priority Services" },
  },
  {
    title: "Agency campaigns",
    body: `Creative, media buying and reporting from our marketing agency, with ${COMPANY_FACTS.yearsInMarketing} years of campaigns behind it.`,
    Icon: Megaphone,
    link: { to: "/marketing-agency", label: "Meet the agency" },
  },
];

const FREE_ADDONS = [
  "A landing page for your #Code and territory, updated from your dashboard",
  "The call analytics portal, with every call's time, duration and location",
  "A form submissions inbox for every lead your pages capture",
  "Set-up of call routing to your office, mobile phones or call center",
  "Support tickets answered Monday to Friday, 9:00 AM to 6:00 PM EST",
  "The licensee chat community and the support topics library",
  "Online wallet statements and license agreements",
  "Your territory shown as licensed on the map, so competitors know it is taken",
];

const USAGE = [
  { label: "Per minute", cents: USAGE_BASE_RATES_CENTS.perMinute },
  { label: "Per SMS", cents: USAGE_BASE_RATES_CENTS.perSms },
  { label: "Per web-form lead", cents: USAGE_BASE_RATES_CENTS.perWebFormLead },
];

export type ProductCode = { name: string; slug: string };

export function ProductsServicesPage({
  codes,
  moreCodes = 0,
}: {
  codes: readonly ProductCode[];
  /** How many more #Codes the catalog holds than `codes` names. */
  moreCodes?: number;
}) {
  return (
    <>
      <PageHeader
        title="Products & Services"
        subtitle={`Exclusive #Codes, premium vanity numbers and the tools that turn them into calls, from a team with ${COMPANY_FACTS.yearsInMarketing} years in marketing.`}
      >
        <AnchorNav items={PRODUCT_SECTIONS} />
      </PageHeader>
      <MarketingBody>
        <MarketingSection
          id="poundcodes"
          eyebrow="PoundCodes"
          title="#Codes: the shortest number your customers will ever dial"
          description={`A #Code is a pound sign and a word, such as #4LAW, dialed from any mobile phone. Only ${COMPANY_FACTS.poundCodes} exist, and each is licensed to one business per category in every territory.`}
        >
          <div className="grid gap-8 lg:grid-cols-12 lg:gap-12">
            <CheckList items={POUNDCODE_POINTS} className="lg:col-span-7" />
            <div className="rounded-2xl border border-border bg-card p-6 shadow-card lg:col-span-5 sm:p-7">
              <h3 className="text-lg font-semibold tracking-tight">The #Codes</h3>
              <p className="mt-1.5 text-sm text-muted-foreground">
                Open a #Code to see its territories, their status and prices.
              </p>
              {codes.length > 0 ? (
                <ul className="mt-5 flex flex-wrap gap-2">
                  {codes.map((code) => (
                    <li key={code.slug}>
                      <Link
                        to={`/number/${code.slug}`}
                        className="inline-flex h-9 items-center rounded-full border border-border bg-subtle px-3.5 text-sm font-semibold tracking-wide text-foreground transition-colors hover:border-gold-400 hover:text-accent-text"
                      >
                        {code.name}
                      </Link>
                    </li>
                  ))}
                  {moreCodes > 0 ? (
                    <li>
                      <Link
                        to="/all-numbers#category-section"
                        className="inline-flex h-9 items-center rounded-full border border-dashed border-border px-3.5 text-sm font-semibold text-muted-foreground transition-colors hover:border-gold-400 hover:text-accent-text"
                      >
                        {moreCodes.toLocaleString("en-US")} more #Code{moreCodes === 1 ? "" : "s"}
                      </Link>
                    </li>
                  ) : null}
                </ul>
              ) : null}
              <Button asChild className="mt-6 w-full sm:w-auto">
                <Link to="/all-numbers">Browse all numbers</Link>
              </Button>
            </div>
          </div>
        </MarketingSection>

        <MarketingSection
          id="vanity-numbers"
          tone="subtle"
          eyebrow="Vanity numbers"
          title="Premium vanity numbers"
          description="Classic numbers that spell a word or repeat an easy pattern, reserved for one business in each market."
          action={
            <Button asChild variant="outline">
              <Link to="/all-numbers">Browse vanity numbers</Link>
            </Button>
          }
        >
          <FeatureGrid items={VANITY} />
        </MarketingSection>

        <MarketingSection
          id="marketing-tools"
          eyebrow="Marketing tools"
          title="Tools that turn attention into calls"
          description="Every license comes with the means to measure and convert the response your number earns."
        >
          <FeatureGrid items={TOOLS} />
        </MarketingSection>

        <MarketingSection
          id="addons"
          tone="subtle"
          eyebrow="Add-ons"
          title="Add-ons for growing campaigns"
          description="Extend a license as your campaigns grow. Usage is drawn from your prepaid wallet; everything else is quoted before you commit."
        >
          <div className="grid gap-6 lg:grid-cols-12">
            <div className="lg:col-span-8">
              <FeatureGrid items={ADDONS} columns={2} />
            </div>
            <aside
              aria-labelledby="usage-title"
              className="h-fit rounded-2xl bg-navy-950 p-6 text-white ring-1 ring-navy-800 sm:p-7 lg:col-span-4"
            >
              <Globe className="size-6 text-gold-300" aria-hidden="true" />
              <h3 id="usage-title" className="mt-4 text-lg font-semibold tracking-tight">
                Usage, from your wallet
              </h3>
              <p className="mt-2 text-sm leading-relaxed text-navy-200">
                Minutes and SMS are priced before your territory's multipliers; a web-form lead is always the same. Top
                up by card at any time.
              </p>
              <dl className="mt-5 divide-y divide-white/10 border-y border-white/10">
                {USAGE.map((u) => (
                  <div key={u.label} className="flex items-baseline justify-between gap-4 py-3">
                    <dt className="text-sm text-navy-200">{u.label}</dt>
                    <dd className="text-lg font-semibold text-gold-300 tabular-nums">{formatCents(u.cents)}</dd>
                  </div>
                ))}
              </dl>
            </aside>
          </div>
        </MarketingSection>

        <MarketingSection
          id="free-addons"
          eyebrow="Included"
          title="Free add-ons with every license"
          description="The essentials come with every license at no extra charge."
        >
          <CheckList items={FREE_ADDONS} className="sm:grid-cols-2 sm:gap-x-10" />
        </MarketingSection>

        <CtaBand
          id="find-territory"
          eyebrow="Next step"
          title="Find your territory"
          body="See which #Codes and vanity numbers are open in your state, with their prices, on the map."
          primary={{ to: "/all-numbers", label: "Browse Numbers" }}
          secondary={{ to: "/contact", label: "Talk to Sales" }}
        />
      </MarketingBody>
    </>
  );
}

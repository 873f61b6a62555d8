import { PageHeader } from "#app/components/layout/page-header.tsx";
import { BarChart3, Clapperboard, FileCheck2, LayoutTemplate, Radio, Search } from "#app/components/ui/icons.tsx";
import { AGENCY_CONTACT_PATH, COMPANY_FACTS, SISTER_COMPANIES } from "#kernel/schemas/company.ts";
import { CheckList } from "./check-list";
import { CtaBand } from "./cta-band";
import { FactStrip } from "./fact-strip";
import { type Feature, FeatureGrid } from "./feature-grid";
import { MarketingBody, MarketingSection } from "./section";
import { Steps } from "./steps";

const SERVICES: readonly Feature[] = [
  {
    title: "Brand and creative",
    body: "Radio, television and outdoor creative written around your #Code, so the number is the hook rather than an afterthought.",
    Icon: Clapperboard,
  },
  {
    title: "Media planning and buying",
    body: "Broadcast, streaming audio, connected TV, outdoor and digital, bought for your territory and nowhere else.",
    Icon: Radio,
  },
  {
    title: "Search and paid social",
    body: "Campaigns on the keywords of your trade, with call extensions that dial your #Code or vanity number directly.",
    Icon: Search,
  },
  {
    title: "Landing pages and conversion",
    body: "Pages and forms that turn a visit into a call or a lead, tested and improved month after month.",
    Icon: LayoutTemplate,
  },
  {
    title: "Call and lead reporting",
    body: "Reports that tie every ad to the calls, texts and forms it produced, so budgets follow results.",
    Icon: BarChart3,
  },
  {
    title: "Regulated advertising",
    body: "Scripts and creative prepared with the disclosures that attorney, medical and financial advertising commonly needs, ready for your counsel to approve.",
    Icon: FileCheck2,
  },
];

const PROCESS = [
  {
    title: "Discover",
    body: "We study your territory, your competitors and the cases or jobs you want more of.",
  },
  {
    title: "Plan",
    body: "A media plan and budget for your territory, with the call volume we expect it to produce.",
  },
  {
    title: "Produce and launch",
    body: "Creative, scripts and placements produced, approved by you and put on air and online.",
  },
  {
    title: "Measure and improve",
    body: "Weekly call reports and a monthly review: what is working gets more budget, what is not is changed.",
  },
];

const CLIENTS = [
  "Law firms and legal networks, from single offices to statewide practices",
  "Home services: roofing, restoration, plumbing and moving companies",
  "Tax, lending and insurance professionals",
  "Healthcare and disability advocates",
  "Non-profits, through our philanthropy program",
];

export function AgencyPage() {
  return (
    <>
      <PageHeader
        title={SISTER_COMPANIES.agency.name}
        subtitle={`Campaigns built around a number people remember, from an agency with ${COMPANY_FACTS.yearsInMarketing} years in marketing and work in ${COMPANY_FACTS.countries} countries.`}
      />
      <MarketingBody>
        <MarketingSection
          id="services"
          eyebrow="What we do"
          title="Full-service marketing for #Code licensees"
          description="One team for the idea, the media and the measurement, working for you and no competitor in your territory."
        >
          <FeatureGrid items={SERVICES} />
        </MarketingSection>

        <MarketingSection
          id="track-record"
          tone="subtle"
          eyebrow="Track record"
          title="Experience you can measure"
          description={`Advertisers who build campaigns around a #Code see up to ${COMPANY_FACTS.callThrough} the call-through of a traditional vanity number.`}
        >
          <FactStrip />
        </MarketingSection>

        <MarketingSection id="process" eyebrow="How we work" title="From first call to first campaign">
          <Steps items={PROCESS} />
        </MarketingSection>

        <MarketingSection
          id="clients"
          tone="subtle"
          eyebrow="Who we work with"
          title="Advertisers who live by the phone"
        >
          <CheckList items={CLIENTS} className="sm:grid-cols-2 sm:gap-x-10" />
        </MarketingSection>

        <CtaBand
          id="plan-campaign"
          eyebrow="Start a campaign"
          title="Plan your next campaign with us"
          body="Tell us about your territory and your goals. A strategist will come back to you within one business day."
          primary={{ to: AGENCY_CONTACT_PATH, label: "Talk to the Agency" }}
          secondary={{ to: "/products-services#marketing-tools", label: "Marketing Tools" }}
        />
      </MarketingBody>
    </>
  );
}

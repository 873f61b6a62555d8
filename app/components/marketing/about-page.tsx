import { Link } from "react-router";
import { PageHeader } from "#app/components/layout/page-header.tsx";
import { Button } from "#app/components/ui/button.tsx";
import {
  ArrowRight,
  Award,
  HandHeart,
  HeartHandshake,
  Lightbulb,
  Megaphone,
  Scale,
} from "#app/components/ui/icons.tsx";
import { COMPANY_FACTS, SISTER_COMPANIES } from "#kernel/schemas/company.ts";
import { CtaBand } from "./cta-band";
import { FactStrip } from "./fact-strip";
import { type Feature, FeatureGrid } from "./feature-grid";
import { PersonCard } from "./person-card";
import { MarketingBody, MarketingSection } from "./section";
import { LEADERSHIP } from "./team";

/** Our four values, in the order we state them. */
export const VALUES: readonly Feature[] = [
  {
    title: "Innovation",
    body: "We created the #Code license and keep improving it: smarter routing, clearer analytics and tools that make every advertising dollar work harder.",
    Icon: Lightbulb,
  },
  {
    title: "Customer Centricity",
    body: "Our licensees' call volume is how we measure ourselves. We listen first, answer plainly and build what licensees ask us for.",
    Icon: HeartHandshake,
  },
  {
    title: "Excellence",
    body: "From carrier routing to campaign creative, we hold our work to the standard of the brands that trust us with their name.",
    Icon: Award,
  },
  {
    title: "Integrity",
    body: "One licensee per territory and category, published prices, refundable deposits and agreements in plain English. No exceptions.",
    Icon: Scale,
  },
];

const FAMILY: readonly Feature[] = [
  {
    title: SISTER_COMPANIES.agency.name,
    body: "Creative, media buying and campaign reporting for licensees and brands that want their number heard.",
    Icon: Megaphone,
    link: { to: SISTER_COMPANIES.agency.path, label: "Visit the agency" },
  },
  {
    title: SISTER_COMPANIES.philanthropy.name,
    body: "Memorable numbers and pro bono campaigns for non-profits that help people in their hardest moments.",
    Icon: HandHeart,
    link: { to: SISTER_COMPANIES.philanthropy.path, label: "About our giving" },
  },
];

export function AboutPage() {
  return (
    <>
      <PageHeader
        title="About PoundCodes"
        subtitle="We license the most memorable phone numbers in America, one territory and one business at a time."
      />
      <MarketingBody>
        <MarketingSection
          id="mission"
          eyebrow="Our mission"
          title="Make the businesses people need the easiest to reach"
        >
          <div className="grid gap-10 lg:grid-cols-12 lg:items-center lg:gap-14">
            <div className="grid gap-5 text-base leading-relaxed text-muted-foreground sm:text-lg lg:col-span-6">
              <p>
                Someone who has just been in an accident, is facing a tax bill or has water coming through the ceiling
                should not have to remember ten digits. With a #Code they dial one word, and they reach a business that
                is ready to help.
              </p>
              <p>
                We license each of our {COMPANY_FACTS.poundCodes} #Codes and our premium vanity numbers to a single
                business per category in each territory, so the number you advertise builds your brand and no one
                else's. Behind every license stands a team with {COMPANY_FACTS.yearsInMarketing} years in marketing and
                campaigns run in {COMPANY_FACTS.countries} countries.
              </p>
            </div>
            <div className="lg:col-span-6">
              <FactStrip />
            </div>
          </div>
        </MarketingSection>

        <MarketingSection
          id="values"
          tone="subtle"
          eyebrow="Our values"
          title="What we stand for"
          description="Four commitments guide every license we grant and every call we route."
        >
          <FeatureGrid items={VALUES} columns={4} />
        </MarketingSection>

        <MarketingSection
          id="leadership"
          eyebrow="Leadership"
          title="The people behind PoundCodes"
          action={
            <Button asChild variant="outline">
              <Link to="/team">
                Meet the whole team
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
          }
        >
          <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4 lg:gap-6">
            {LEADERSHIP.map((person) => (
              <li key={person.name}>
                <PersonCard person={person} />
              </li>
            ))}
          </ul>
        </MarketingSection>

        <MarketingSection
          id="family"
          tone="subtle"
          eyebrow="Beyond licensing"
          title="Our family of companies"
          description="The same people, the same standards, for advertisers and for the causes we support."
        >
          <FeatureGrid items={FAMILY} columns={2} />
        </MarketingSection>

        <CtaBand
          id="get-in-touch"
          eyebrow="Talk to us"
          title="Get in Touch"
          body="Ask about a territory, a #Code or a partnership. Our licensing team answers Monday to Friday, 9:00 AM to 6:00 PM EST."
          primary={{ to: "/contact", label: "Get in Touch" }}
          secondary={{ to: "/all-numbers", label: "Browse Numbers" }}
        />
      </MarketingBody>
    </>
  );
}

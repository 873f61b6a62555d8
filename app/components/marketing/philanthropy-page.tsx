import { Link } from "react-router";
import { PageHeader } from "#app/components/layout/page-header.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { ArrowRight, HandHeart, LifeBuoy, Megaphone, PhoneCall } from "#app/components/ui/icons.tsx";
import { PHILANTHROPY_CONTACT_PATH, SISTER_COMPANIES } from "#kernel/schemas/company.ts";
import { CheckList } from "./check-list";
import { CtaBand } from "./cta-band";
import { type Feature, FeatureGrid } from "./feature-grid";
import { MarketingBody, MarketingSection } from "./section";
import { Steps } from "./steps";

const PROGRAMMES: readonly Feature[] = [
  {
    title: "Numbers for good",
    body: "Qualifying non-profits can receive a memorable number and call routing for a helpline or donation line, with the license fee waived.",
    Icon: PhoneCall,
  },
  {
    title: "Pro bono campaigns",
    body: "Our marketing agency gives creative, media planning and reporting to a number of non-profit campaigns every year.",
    Icon: Megaphone,
  },
  {
    title: "Disaster response lines",
    body: "When disaster strikes, we help relief organizations put an easy-to-remember number in front of the people affected, quickly.",
    Icon: LifeBuoy,
  },
  {
    title: "Volunteer time",
    body: "Our people give their time and skills to the organizations we support, from phone-tree design to fundraising events.",
    Icon: HandHeart,
  },
];

const ELIGIBILITY = [
  "Recognized as a 501(c)(3) public charity, or a comparable charitable organization",
  "Serving people in the United States",
  "A clear public benefit, such as crisis support, legal aid, veterans' services, health or disaster relief",
  "A plan for how a memorable number or campaign would help the people you serve",
  "Willing to share call volumes and outcomes with us once a year",
];

const BEFORE_YOU_APPLY = [
  "Your organization's legal name and EIN",
  "Your IRS determination letter, or proof of comparable charitable status",
  "A few lines on your program and the people it serves each year",
];

const HOW_TO_APPLY = [
  { title: "Tell us about your mission", body: "Send an inquiry with who you serve and what you need." },
  { title: "Talk with our team", body: "We learn about your program and suggest the help that fits it best." },
  { title: "Agree the terms", body: "A short agreement sets out the number, the campaign or the support we give." },
  { title: "Launch together", body: "We set up routing and creative with you and report on the results." },
];

export function PhilanthropyPage() {
  return (
    <>
      <PageHeader
        title={SISTER_COMPANIES.philanthropy.name}
        subtitle="Memorable numbers and marketing know-how for non-profits that help people in their hardest moments."
      />
      <MarketingBody>
        <MarketingSection
          id="mission"
          eyebrow="Our giving"
          title="Giving what we know best"
          description="A person in crisis should reach help as easily as a customer reaches a business. We put our numbers, our agency and our time behind the organizations that make that happen."
        >
          <FeatureGrid items={PROGRAMMES} columns={4} />
        </MarketingSection>

        <MarketingSection
          id="eligibility"
          tone="subtle"
          eyebrow="Who can apply"
          title="Eligibility"
          description="We review every inquiry individually. These are the organizations we are set up to help."
        >
          <div className="grid gap-8 lg:grid-cols-12 lg:gap-12">
            <CheckList items={ELIGIBILITY} className="lg:col-span-7" />
            <aside
              aria-labelledby="apply-ready-title"
              className="h-fit rounded-2xl bg-navy-950 p-6 text-white ring-1 ring-navy-800 sm:p-7 lg:col-span-5"
            >
              <h3 id="apply-ready-title" className="text-lg font-semibold tracking-tight">
                Before you apply
              </h3>
              <ul className="mt-4 grid gap-2.5 text-[0.9375rem] leading-relaxed text-navy-100">
                {BEFORE_YOU_APPLY.map((item) => (
                  <li key={item} className="flex gap-2.5">
                    <span aria-hidden="true" className="mt-2.5 size-1.5 shrink-0 rounded-full bg-gold-300" />
                    {item}
                  </li>
                ))}
              </ul>
              <Button asChild variant="gold" className="mt-6">
                <Link to={PHILANTHROPY_CONTACT_PATH}>
                  Start an Inquiry
                  <ArrowRight aria-hidden="true" />
                </Link>
              </Button>
            </aside>
          </div>
        </MarketingSection>

        <MarketingSection id="apply" eyebrow="How to apply" title="Four steps to support">
          <Steps items={HOW_TO_APPLY} />
        </MarketingSection>

        <CtaBand
          id="philanthropy-inquiry"
          eyebrow="Apply"
          title="Start a philanthropy inquiry"
          body="Tell us about your organization and the people you serve. Our philanthropy team replies to every inquiry."
          primary={{ to: PHILANTHROPY_CONTACT_PATH, label: "Contact Our Philanthropy Team" }}
          secondary={{ to: "/about", label: "About PoundCodes" }}
        />
      </MarketingBody>
    </>
  );
}

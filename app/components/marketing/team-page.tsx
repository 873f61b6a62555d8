import { PageHeader } from "#app/components/layout/page-header.tsx";
import { COMPANY_FACTS } from "#kernel/schemas/company.ts";
import { CtaBand } from "./cta-band";
import { PersonCard } from "./person-card";
import { MarketingBody, MarketingSection } from "./section";
import { TEAM } from "./team";

export function TeamPage() {
  const [leadership, ...teams] = TEAM;
  return (
    <>
      <PageHeader
        title="Our Team"
        subtitle={`Licensing advisors, marketers, engineers and support specialists with ${COMPANY_FACTS.yearsInMarketing} years in marketing behind them and one job: more calls for our licensees.`}
      />
      <MarketingBody>
        {leadership ? (
          <MarketingSection id={leadership.id} title={leadership.title} description={leadership.description}>
            <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4 lg:gap-6">
              {leadership.people.map((person) => (
                <li key={person.name}>
                  <PersonCard person={person} />
                </li>
              ))}
            </ul>
          </MarketingSection>
        ) : null}
        <MarketingSection
          id="teams"
          tone="subtle"
          eyebrow="Our teams"
          title="The people you will work with"
          description="From your first call about a territory to the campaigns that follow, each team has a name and a face."
        >
          <div className="grid">
            {teams.map((group) => (
              <section
                key={group.id}
                id={group.id}
                aria-labelledby={`${group.id}-title`}
                className="grid scroll-mt-20 gap-6 border-t border-border py-10 first:border-t-0 first:pt-0 last:pb-0 lg:grid-cols-12 lg:gap-10"
              >
                <div className="lg:col-span-4">
                  <h3 id={`${group.id}-title`} className="text-xl font-semibold tracking-tight text-foreground">
                    {group.title}
                  </h3>
                  <p className="mt-2 text-[0.9375rem] leading-relaxed text-muted-foreground">{group.description}</p>
                </div>
                <ul className="grid gap-5 sm:grid-cols-2 lg:col-span-8 lg:gap-6">
                  {group.people.map((person) => (
                    <li key={person.name}>
                      <PersonCard person={person} headingLevel="h4" />
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
        </MarketingSection>
        <CtaBand
          id="work-with-us"
          eyebrow="Work with us"
          title="Talk to the team"
          body="Whether you want a territory, a campaign or a career with us, start with a message and the right person will answer."
          primary={{ to: "/contact", label: "Contact Us" }}
          secondary={{ to: "/about", label: "About PoundCodes" }}
        />
      </MarketingBody>
    </>
  );
}

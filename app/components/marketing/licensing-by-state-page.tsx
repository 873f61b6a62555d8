import { PageHeader } from "#app/components/layout/page-header.tsx";
import { formatCents } from "#kernel/format.ts";
import { LICENCE_TERMS } from "#kernel/schemas/company.ts";
import type { PriceExtreme, StateExplainer } from "#kernel/schemas/licensing.ts";
import { CtaBand } from "./cta-band";
import {
  CatalogueFiguresStrip,
  LicensingNav,
  NoExample,
  QuoteTable,
  StandingTerms,
  territoryPhrase,
} from "./licensing-parts";
import { MarketingBody, MarketingSection } from "./section";
import { Steps } from "./steps";

function names(e: PriceExtreme): string {
  return new Intl.ListFormat("en-US", { style: "long", type: "conjunction" }).format(e.names);
}

export function LicensingByStatePage({ explainer }: { explainer: StateExplainer }) {
  const { figures, example } = explainer;
  return (
    <>
      <PageHeader
        title="Licensing by State"
        subtitle="License a whole state, or a portion of a larger one, priced by its population. The simplest way to own a memorable number in your market."
      >
        <LicensingNav current="/licensing/by-state" />
      </PageHeader>
      <MarketingBody>
        <MarketingSection
          id="scope"
          eyebrow="What it covers"
          title="One territory, licensed to you alone"
          description={`A state license gives you a territory: a whole state or the District of Columbia, or one portion of the ${figures.splitStates} largest states, which are divided so that smaller businesses can license the region they serve. Calls from the territory reach you, and no one else there may license the same number in your category.`}
        >
          <CatalogueFiguresStrip figures={figures} />
        </MarketingSection>

        <MarketingSection
          id="pricing"
          tone="subtle"
          eyebrow="How it is priced"
          title="Priced by population"
          description="The monthly fee follows the number of people in the territory, from the 2020 Census, so a license costs in proportion to the market it reaches."
        >
          {example ? (
            <div className="grid gap-6 lg:grid-cols-2">
              <div className="rounded-2xl border border-border bg-card p-6 shadow-card sm:p-7">
                <h3 className="text-lg font-semibold tracking-tight">From the smallest market to the largest</h3>
                <p className="mt-3 text-[0.9375rem] leading-relaxed text-muted-foreground">
                  Licensed alone, a territory costs from{" "}
                  <strong className="text-foreground" data-figure="lowestMonthly">
                    {formatCents(example.lowest.monthlyCents)}
                  </strong>{" "}
                  a month ({names(example.lowest)}) to{" "}
                  <strong className="text-foreground" data-figure="highestMonthly">
                    {formatCents(example.highest.monthlyCents)}
                  </strong>{" "}
                  a month ({names(example.highest)}).
                </p>
              </div>
              <div className="rounded-2xl border border-border bg-card p-6 shadow-card sm:p-7">
                <h3 className="text-lg font-semibold tracking-tight">A portion or the whole state</h3>
                <p className="mt-3 text-[0.9375rem] leading-relaxed text-muted-foreground">
                  In a divided state you can license one portion, several, or the whole state at its full-state fee. The
                  setup fee is collected as a deposit and is refundable if you cancel within{" "}
                  {LICENCE_TERMS.depositRefundBusinessDays} business days.
                </p>
              </div>
            </div>
          ) : (
            <NoExample />
          )}
        </MarketingSection>

        <MarketingSection
          id="example"
          eyebrow="Worked example"
          title={example ? `${example.territory.name}, priced today` : "A worked example"}
          description={
            example
              ? `${territoryPhrase(example.territory)}: the price of the territory alone${example.fullStateQuote ? ` and of all of ${example.territory.stateName}` : ""}, from the live catalog.`
              : undefined
          }
        >
          {example ? (
            <div className="grid gap-6 lg:grid-cols-2" data-example-territory={example.territory.name}>
              <QuoteTable
                id="territory-quote"
                title={`${example.territory.name} alone`}
                quote={example.territoryQuote}
              />
              {example.fullStateQuote ? (
                <QuoteTable
                  id="full-state-quote"
                  title={`All of ${example.territory.stateName}`}
                  quote={example.fullStateQuote}
                />
              ) : null}
            </div>
          ) : (
            <NoExample />
          )}
        </MarketingSection>

        <MarketingSection
          id="adjacent-territories"
          tone="subtle"
          eyebrow="Room to grow"
          title="The adjacent-territory option"
          description={`For ${LICENCE_TERMS.adjacentTerritoryOptionBusinessDays} business days after your license starts, you may add an available territory that borders yours, priced at your per-million-people monthly rate.`}
        >
          <Steps
            columns={3}
            items={[
              {
                title: "License your territory",
                body: "Your license starts when the agreement is signed and the setup deposit is paid.",
              },
              {
                title: `Choose within ${LICENCE_TERMS.adjacentTerritoryOptionBusinessDays} business days`,
                body: "Pick any neighboring territory that is still available, in the same category.",
              },
              {
                title: "Pay your own rate",
                body: "The rate per million residents you pay for your territory, applied to the population of the new one.",
              },
            ]}
          />
        </MarketingSection>

        <MarketingSection id="terms" eyebrow="Every license" title="What every license includes">
          <StandingTerms />
        </MarketingSection>

        <CtaBand
          id="licensing-next"
          eyebrow="Find your market"
          title="See every territory on the map"
          body="Open territories, area codes and prices for every state and portion, with reservations in a few clicks."
          primary={{ to: "/all-numbers", label: "Browse Territories" }}
          secondary={{ to: "/contact", label: "Talk to Licensing" }}
        />
      </MarketingBody>
    </>
  );
}

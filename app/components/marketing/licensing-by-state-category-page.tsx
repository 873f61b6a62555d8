import { Link } from "react-router";
import { PageHeader } from "#app/components/layout/page-header.tsx";
import { formatCents } from "#kernel/format.ts";
import { COMPANY_FACTS } from "#kernel/schemas/company.ts";
import type { CategoryExplainer } from "#kernel/schemas/licensing.ts";
import { CtaBand } from "./cta-band";
import {
  CatalogueFiguresStrip,
  LicensingNav,
  NoExample,
  percentLabel,
  QuoteTable,
  StandingTerms,
  territoryPhrase,
} from "./licensing-parts";
import { MarketingBody, MarketingSection } from "./section";

function HowItIsBuilt({ example }: { example: NonNullable<CategoryExplainer["example"]> }) {
  const worked = example.codes.find((c) => c.name === example.worked.name);
  const ownRates = example.codes.filter((c) => c.codeSpecificFee).map((c) => c.name);
  const steps = [
    "Start from the territory's base monthly fee, set by its population.",
    worked && !worked.codeSpecificFee
      ? `Apply the #Code's percentage: ${worked.name} is priced at ${percentLabel(worked.feePercentageOfBase)} of the base, reflecting demand for it.`
      : "Apply the #Code's percentage of the base, which reflects demand for it.",
    ownRates.length > 0
      ? `Where a territory sets its own rate for a #Code, that rate is the whole price: in ${example.territory.name}, ${new Intl.ListFormat("en-US").format(ownRates)}.`
      : "Where a territory sets its own rate for a #Code, that rate is the whole price.",
    "The result is never below the territory's minimum monthly fee.",
  ];
  return (
    <div className="h-fit rounded-2xl bg-navy-950 p-6 text-white ring-1 ring-navy-800 sm:p-7">
      <h3 className="text-lg font-semibold tracking-tight">How the price is built</h3>
      <ol className="mt-5 grid gap-4">
        {steps.map((step, i) => (
          <li key={i} className="flex gap-3 text-[0.9375rem] leading-relaxed text-navy-100">
            <span
              aria-hidden="true"
              className="grid size-7 shrink-0 place-items-center rounded-full bg-gradient-to-br from-gold-300 to-gold-500 text-xs font-bold text-navy-950"
            >
              {i + 1}
            </span>
            <span>{step}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}

export function LicensingByStateCategoryPage({ explainer }: { explainer: CategoryExplainer }) {
  const { figures, example } = explainer;
  return (
    <>
      <PageHeader
        title="Licensing by State & Category"
        subtitle="License one #Code in one territory. The code is yours alone there, while each other #Code in the same territory can go to a business in another line of work."
      >
        <LicensingNav current="/licensing/by-state-category" />
      </PageHeader>
      <MarketingBody>
        <MarketingSection
          id="scope"
          eyebrow="What it covers"
          title="One #Code, one territory, one licensee"
          description={`Each #Code is a category of its own: #4LAW for lawyers, #HELP for emergency services and so on. Only ${COMPANY_FACTS.poundCodes} exist, and each can be licensed once in every territory, so the business that holds it is the only one its callers can reach.`}
        >
          <CatalogueFiguresStrip figures={figures} />
        </MarketingSection>

        <MarketingSection
          id="codes"
          tone="subtle"
          eyebrow="Prices by #Code"
          title={example ? `Every #Code in ${example.territory.name}` : "Every #Code"}
          description={
            example
              ? `${territoryPhrase(example.territory)}. Each #Code is priced as a percentage of the territory's base fee, reflecting demand for it; where a territory has its own rate for a #Code, that rate is the price.`
              : undefined
          }
        >
          {example ? (
            <div className="overflow-x-auto rounded-2xl border border-border bg-card shadow-card">
              <table className="w-full min-w-[32rem] text-sm" data-example-territory={example.territory.name}>
                <caption className="sr-only">Monthly price of each #Code in {example.territory.name}</caption>
                <thead className="bg-muted/60 text-left text-xs tracking-wide text-muted-foreground uppercase">
                  <tr>
                    <th scope="col" className="px-5 py-3 font-semibold">
                      #Code
                    </th>
                    <th scope="col" className="px-5 py-3 font-semibold">
                      Priced at
                    </th>
                    <th scope="col" className="px-5 py-3 text-right font-semibold">
                      Monthly
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-border">
                  {example.codes.map((code) => (
                    <tr key={code.slug} data-code={code.name}>
                      <th scope="row" className="px-5 py-3 text-left font-semibold">
                        <Link
                          to={`/number/${code.slug}`}
                          className="rounded-sm text-foreground underline-offset-4 hover:text-accent-text hover:underline"
                        >
                          {code.name}
                        </Link>
                      </th>
                      <td className="px-5 py-3 text-muted-foreground">
                        {code.codeSpecificFee
                          ? `${example.territory.name} rate`
                          : `${percentLabel(code.feePercentageOfBase)} of base`}
                      </td>
                      <td className="px-5 py-3 text-right font-semibold tabular-nums" data-monthly>
                        {formatCents(code.monthlyCents)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <NoExample />
          )}
        </MarketingSection>

        <MarketingSection
          id="example"
          eyebrow="Worked example"
          title={example ? `${example.worked.name} in ${example.territory.name}` : "A worked example"}
          description={
            example
              ? `How ${example.worked.name}'s monthly price is built from the territory's base fee, line by line.`
              : undefined
          }
        >
          {example ? (
            <div className="grid gap-6 lg:grid-cols-2">
              <QuoteTable
                id="category-quote"
                title={`${example.worked.name} in ${example.territory.name}`}
                quote={example.worked.quote}
              />
              <HowItIsBuilt example={example} />
            </div>
          ) : (
            <NoExample />
          )}
        </MarketingSection>

        <MarketingSection id="terms" tone="subtle" eyebrow="Every license" title="What every license includes">
          <StandingTerms />
        </MarketingSection>

        <CtaBand
          id="licensing-next"
          eyebrow="Find your code"
          title="See where your #Code is open"
          body="Every #Code has its own map of open, reserved and licensed territories, with the price of each."
          primary={{ to: "/all-numbers", label: "Browse #Codes" }}
          secondary={{ to: "/contact", label: "Talk to Licensing" }}
        />
      </MarketingBody>
    </>
  );
}

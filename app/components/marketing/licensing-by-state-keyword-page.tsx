import { PageHeader } from "#app/components/layout/page-header.tsx";
import { formatCents } from "#kernel/format.ts";
import type { KeywordExplainer } from "#kernel/schemas/licensing.ts";
import { CtaBand } from "./cta-band";
import {
  CatalogueFiguresStrip,
  LicensingNav,
  multiplierLabel,
  NoExample,
  QuoteTable,
  StandingTerms,
  territoryPhrase,
} from "./licensing-parts";
import { MarketingBody, MarketingSection } from "./section";

export function LicensingByStateKeywordPage({ explainer }: { explainer: KeywordExplainer }) {
  const { figures, example, keywords } = explainer;
  return (
    <>
      <PageHeader
        title="Licensing by State & Keyword"
        subtitle="License the advertising keywords of your trade in your territory: keyword groups and special pricing keywords, priced as multiples of the territory's fee."
      >
        <LicensingNav current="/licensing/by-state-keyword" />
      </PageHeader>
      <MarketingBody>
        <MarketingSection
          id="scope"
          eyebrow="What it covers"
          title="The words your customers search, in your territory"
          description="A keyword group is a set of search and advertising terms, such as the legal or medical terms of a trade, licensed like a category: once per territory. Special pricing keywords are single terms whose advertising costs more, priced by their own multiplier on top."
        >
          <CatalogueFiguresStrip figures={figures} />
        </MarketingSection>

        <MarketingSection
          id="groups"
          tone="subtle"
          eyebrow="Keyword groups"
          title={example ? `Keyword groups in ${example.territory.name}` : "Keyword groups"}
          description={
            example
              ? `${territoryPhrase(example.territory)}. Each group's price is the territory's base fee times the group's multiplier.`
              : undefined
          }
        >
          {example ? (
            <ul className="grid gap-5 sm:grid-cols-2" data-example-territory={example.territory.name}>
              {example.groups.map((group) => (
                <li
                  key={group.slug}
                  data-group={group.name}
                  className="flex flex-col rounded-2xl border border-border bg-card p-6 shadow-card"
                >
                  <div className="flex items-baseline justify-between gap-4">
                    <h3 className="text-lg font-semibold tracking-tight">{group.name}</h3>
                    <span className="rounded-full bg-gold-100 px-2.5 py-0.5 text-xs font-semibold text-gold-900 dark:bg-gold-900/40 dark:text-gold-200">
                      {multiplierLabel(group.keywordBaseMultiplier)}
                    </span>
                  </div>
                  {group.description ? (
                    <p className="mt-2 flex-1 text-[0.9375rem] leading-relaxed text-muted-foreground">
                      {group.description}
                    </p>
                  ) : null}
                  <p className="mt-4 text-sm text-muted-foreground">
                    <span className="text-2xl font-bold tracking-tight text-foreground tabular-nums" data-monthly>
                      {formatCents(group.monthlyCents)}
                    </span>{" "}
                    a month
                  </p>
                </li>
              ))}
            </ul>
          ) : (
            <NoExample />
          )}
        </MarketingSection>

        <MarketingSection
          id="keywords"
          eyebrow="Special pricing keywords"
          title="Terms priced by their own multiplier"
          description="Some terms cost far more to advertise on than others. Adding one to a license multiplies its monthly price by the keyword's multiplier."
        >
          {keywords.length > 0 ? (
            <ul className="flex flex-wrap gap-2.5">
              {keywords.map((k) => (
                <li
                  key={k.keywordText}
                  title={k.description ?? undefined}
                  className="inline-flex items-center gap-2 rounded-full border border-border bg-card py-1.5 pr-1.5 pl-4 text-sm font-medium shadow-card"
                >
                  {k.keywordText}
                  <span className="rounded-full bg-navy-950 px-2.5 py-0.5 text-xs font-semibold text-gold-300 dark:bg-navy-800">
                    {multiplierLabel(k.multiplier)}
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-[0.9375rem] text-muted-foreground">
              No special pricing keywords are listed at the moment.
            </p>
          )}
        </MarketingSection>

        <MarketingSection
          id="example"
          tone="subtle"
          eyebrow="Worked example"
          title={example ? `${example.worked.name} in ${example.territory.name}` : "A worked example"}
          description={
            example
              ? example.withKeyword
                ? `The group on its own, and with the keyword "${example.withKeyword.keywordText}" added.`
                : "The group on its own, line by line."
              : undefined
          }
        >
          {example ? (
            <div className="grid gap-6 lg:grid-cols-2">
              <QuoteTable id="group-quote" title={`${example.worked.name} alone`} quote={example.worked.quote} />
              {example.withKeyword ? (
                <QuoteTable
                  id="keyword-quote"
                  title={`${example.withKeyword.name} with "${example.withKeyword.keywordText}"`}
                  quote={example.withKeyword.quote}
                />
              ) : null}
            </div>
          ) : (
            <NoExample />
          )}
        </MarketingSection>

        <MarketingSection id="terms" eyebrow="Every license" title="What every license includes">
          <StandingTerms />
        </MarketingSection>

        <CtaBand
          id="licensing-next"
          eyebrow="Plan your coverage"
          title="Pair your #Code with your keywords"
          body="Our licensing team will price the territory, #Code and keywords that fit your campaigns, before you commit."
          primary={{ to: "/contact", label: "Talk to Licensing" }}
          secondary={{ to: "/all-numbers", label: "Browse Territories" }}
        />
      </MarketingBody>
    </>
  );
}

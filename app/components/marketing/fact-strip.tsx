import { COMPANY_FACTS } from "#kernel/schemas/company.ts";

/** The company's four published facts, as figures. */
export const FACTS: readonly { value: string; label: string }[] = [
  { value: String(COMPANY_FACTS.poundCodes), label: "#Codes in existence" },
  { value: COMPANY_FACTS.callThrough, label: "call-through vs. vanity numbers" },
  { value: String(COMPANY_FACTS.yearsInMarketing), label: "years in marketing" },
  { value: COMPANY_FACTS.countries, label: "countries reached" },
];

/** The facts in a navy band of four figures. */
export function FactStrip() {
  return (
    <dl className="grid grid-cols-2 gap-px overflow-hidden rounded-2xl bg-white/10 ring-1 ring-navy-800 sm:grid-cols-4 dark:ring-navy-700">
      {FACTS.map((fact) => (
        <div key={fact.label} className="flex flex-col gap-1 bg-navy-950 px-5 py-6 sm:px-6 sm:py-7">
          <dt className="order-last text-xs leading-snug text-navy-300 sm:text-sm">{fact.label}</dt>
          <dd className="text-3xl font-bold tracking-tight text-gold-300 sm:text-4xl">{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}

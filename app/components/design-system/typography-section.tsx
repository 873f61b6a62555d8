import { ShowcaseSection } from "./showcase-section.tsx";

const TYPE_SCALE = [
  { name: "Display", className: "text-5xl font-bold tracking-tight", sample: "Own the #Code" },
  { name: "H1", className: "text-4xl font-bold tracking-tight", sample: "Licensing by territory" },
  { name: "H2", className: "text-3xl font-bold tracking-tight", sample: "Browse available numbers" },
  { name: "H3", className: "text-xl font-semibold tracking-tight", sample: "California, Southern portion" },
  { name: "Body large", className: "text-lg leading-relaxed", sample: "Customers dial #4LAW from any mobile phone." },
  {
    name: "Body",
    className: "text-base leading-relaxed",
    sample: "Each license covers one territory and one category.",
  },
  { name: "Small", className: "text-sm text-muted-foreground", sample: "Monday to Friday, 9:00 AM to 6:00 PM EST" },
  {
    name: "Eyebrow",
    className: "text-xs font-semibold tracking-[0.18em] text-accent-text uppercase",
    sample: "Why #Codes",
  },
] as const;

export function TypographySection() {
  return (
    <ShowcaseSection id="typography" title="Typography" description="One sans-serif family, one scale.">
      <dl className="grid gap-5">
        {TYPE_SCALE.map((row) => (
          <div key={row.name} className="grid items-baseline gap-1 sm:grid-cols-[9rem_1fr] sm:gap-6">
            <dt className="text-xs font-medium text-muted-foreground">{row.name}</dt>
            <dd className={`${row.className} min-w-0 break-words`}>{row.sample}</dd>
          </div>
        ))}
      </dl>
    </ShowcaseSection>
  );
}

/** Links to the sections of the design system page; each id is the id of a section's heading. */
const SECTIONS = [
  ["colors", "Colors"],
  ["typography", "Typography"],
  ["buttons", "Buttons"],
  ["forms", "Forms"],
  ["badges", "Badges"],
  ["cards", "Cards"],
  ["overlays", "Dialog & toast"],
  ["table", "Table"],
  ["data-table", "Admin list"],
  ["alerts", "Alerts"],
] as const;

export function SectionNav() {
  return (
    <nav aria-label="Design system sections">
      <ul className="flex flex-wrap gap-2">
        {SECTIONS.map(([id, label]) => (
          <li key={id}>
            <a
              href={`#${id}`}
              className="inline-flex rounded-full border border-white/15 px-3.5 py-1.5 text-sm text-navy-100 transition-colors hover:border-gold-300/60 hover:text-white"
            >
              {label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** "On this page": pill links to the sections of a long page. */
export function AnchorNav({
  items,
  label = "On this page",
}: {
  items: readonly { id: string; label: string }[];
  label?: string;
}) {
  return (
    <nav aria-label={label}>
      <p className="text-xs font-semibold tracking-[0.16em] text-gold-300 uppercase">{label}</p>
      <ul className="mt-3 flex flex-wrap gap-2">
        {items.map((item) => (
          <li key={item.id}>
            <a
              href={`#${item.id}`}
              className="inline-flex h-9 items-center rounded-full border border-white/20 bg-white/5 px-4 text-sm font-medium text-white transition-colors hover:border-gold-300/70 hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-300"
            >
              {item.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

import type { MapShape, UsMapData } from "./map-data.ts";
import { Decor, Stroke } from "./svg-parts.tsx";

/** State and portion borders, and the outline of the hovered territory. */
export function Borders({ borders, hovered }: { borders: UsMapData["borders"]; hovered: MapShape | undefined }) {
  return (
    <Decor>
      <Stroke d={borders.states} width={1} className="stroke-background" />
      <Stroke d={borders.portions} width={0.8} dash="3 2.5" className="stroke-background" />
      {hovered && <Stroke d={hovered.d} width={1.25} className="stroke-navy-950/70 dark:stroke-white/85" />}
    </Decor>
  );
}

/** The selected territory's gold outline and, above it, the focus ring of the keyboard-focused one. */
export function SelectionOutlines({
  selected,
  focused,
}: {
  selected: MapShape | undefined;
  focused: MapShape | undefined;
}) {
  return (
    <Decor>
      {selected && (
        <>
          <Stroke d={selected.d} width={4} className="stroke-navy-950 dark:stroke-background" />
          <Stroke d={selected.d} width={2} className="stroke-gold-400" />
        </>
      )}
      {focused && (
        <>
          <Stroke d={focused.d} width={6} className="stroke-navy-950 dark:stroke-background" />
          <Stroke d={focused.d} width={3} className="stroke-gold-300" />
        </>
      )}
    </Decor>
  );
}

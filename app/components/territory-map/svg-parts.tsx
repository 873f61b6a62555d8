import type { ReactNode } from "react";

/** A group hidden from assistive technology (the shapes' own labels carry the information). */
export function Decor({ children, interactive = false }: { children: ReactNode; interactive?: boolean }) {
  return (
    // biome-ignore lint/a11y/noAriaHiddenOnFocusable: an SVG <g> without tabindex is not focusable.
    <g aria-hidden="true" pointerEvents={interactive ? undefined : "none"}>
      {children}
    </g>
  );
}

/** An outline whose width is in CSS pixels whatever the map's rendered size. */
export function Stroke({ d, width, className, dash }: { d: string; width: number; className: string; dash?: string }) {
  return (
    <path
      d={d}
      fill="none"
      vectorEffect="non-scaling-stroke"
      strokeLinejoin="round"
      strokeLinecap="round"
      strokeWidth={width}
      strokeDasharray={dash}
      className={className}
    />
  );
}

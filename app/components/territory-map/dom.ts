/** The map key of the territory an event happened on: the nearest element with a `data-key`, or null. */
export function keyAt(target: EventTarget | null): string | null {
  if (!(target instanceof Element)) return null;
  const el = target.closest("[data-key]");
  return el instanceof SVGElement || el instanceof HTMLElement ? (el.dataset.key ?? null) : null;
}

/** Whether the element shows a focus ring (keyboard focus); true where `:focus-visible` is not supported. */
export function isFocusVisible(el: EventTarget): boolean {
  try {
    return el instanceof Element && el.matches(":focus-visible");
  } catch {
    return true;
  }
}

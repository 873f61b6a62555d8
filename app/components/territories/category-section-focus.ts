import { CATEGORY_SECTION_ID } from "./card-actions.ts";

function prefersReducedMotion(): boolean {
  return typeof window !== "undefined" && window.matchMedia?.("(prefers-reduced-motion: reduce)").matches === true;
}

/** Whether the page has a category section to send the visitor to. */
export function hasCategorySection(): boolean {
  return document.getElementById(CATEGORY_SECTION_ID) !== null;
}

/**
 * Scrolls the category section into view (smoothly unless reduced motion is preferred) and focuses its chosen
 * radio, or else its first one.
 */
export function showCategorySection(): void {
  const section = document.getElementById(CATEGORY_SECTION_ID);
  section?.scrollIntoView({ behavior: prefersReducedMotion() ? "auto" : "smooth", block: "start" });
  const radio =
    section?.querySelector<HTMLInputElement>('input[type="radio"]:checked') ??
    section?.querySelector<HTMLInputElement>('input[type="radio"]');
  radio?.focus({ preventScroll: true });
}

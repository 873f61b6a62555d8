import { useSyncExternalStore } from "react";
import { useRouteLoaderData } from "react-router";

export type ResolvedTheme = "light" | "dark";
type RootData = { theme?: string | null } | undefined;

function subscribe(onChange: () => void) {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
  return () => observer.disconnect();
}

function readDocumentTheme(): ResolvedTheme {
  return document.documentElement.classList.contains("dark") ? "dark" : "light";
}

/**
 * The theme in effect. The root loader's cookie value (`theme`) wins; without one the document follows the
 * system preference (root's inline script adds `dark`), which only the browser knows: the server renders
 * "light" and the browser corrects it right after hydration.
 */
export function useResolvedTheme(): { theme: ResolvedTheme; explicit: boolean } {
  const root = useRouteLoaderData("root") as RootData;
  const chosen = root?.theme === "dark" || root?.theme === "light" ? root.theme : null;
  const documentTheme = useSyncExternalStore(subscribe, readDocumentTheme, () => chosen ?? "light");
  return { theme: chosen ?? documentTheme, explicit: chosen !== null };
}

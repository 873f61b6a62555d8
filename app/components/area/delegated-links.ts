import { type MouseEvent, useCallback } from "react";
import { useLocation, useNavigate } from "react-router";

/**
 * Client-side navigation for a block of plain links, such as the application shell's sidebar: one click handler on
 * the block instead of a React Router `<Link>` per item, each of which resolves its path and binds its own handler on
 * every render of every page. The links stay `<a href>` (they work before the page's script runs, open in a new tab
 * with a modifier, and are followed by Enter like any link) and carry `data-discover`, so React Router still learns
 * their routes ahead of a click.
 *
 * What the handler leaves to the browser is what `<Link>` leaves to it: a click already handled, another button than
 * the main one, a modifier key, a link with a target or a download, and another origin. Following a link to the
 * address already shown replaces the history entry, as `<Link>` does.
 */
export function useDelegatedLinks(onNavigate?: () => void) {
  const navigate = useNavigate();
  const location = useLocation();
  const here = location.pathname + location.search + location.hash;
  return useCallback(
    (event: MouseEvent<HTMLElement>) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      const anchor = event.target instanceof Element ? event.target.closest("a[href]") : null;
      if (!(anchor instanceof HTMLAnchorElement) || !event.currentTarget.contains(anchor)) return;
      if ((anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download")) return;
      if (anchor.origin !== window.location.origin) return;
      event.preventDefault();
      onNavigate?.();
      const to = anchor.pathname + anchor.search + anchor.hash;
      void navigate(to, { replace: to === here });
    },
    [navigate, onNavigate, here],
  );
}

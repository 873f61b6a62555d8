import { useEffect, useRef, useSyncExternalStore } from "react";
import { useRevalidator } from "react-router";

/** How often an open thread asks whether it changed, while the tab is visible. */
export const TICKET_POLL_MS = 10_000;

const noSubscription = () => () => {};

/** False during server rendering and hydration, true once the page is interactive. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * Keeps an open thread current without a reload: while the tab is visible, asks the thread's small `updates`
 * endpoint for the ticket's version every {@link TICKET_POLL_MS} (and at once when the tab becomes visible
 * again); only when the version differs from the one on the page do the page's loaders run again. Nothing is
 * asked while no thread is open, the tab is hidden, or a previous check is still running; an answer that is not
 * the version (signed out, ticket gone) stops the polling.
 */
export function useTicketUpdates(url: string | null, version: string | null, intervalMs = TICKET_POLL_MS): void {
  const revalidator = useRevalidator();
  const latest = useRef({ version, revalidator });
  useEffect(() => {
    latest.current = { version, revalidator };
  });

  useEffect(() => {
    if (!url) return;
    let stopped = false;
    let busy = false;
    const stop = () => {
      stopped = true;
      clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisible);
    };
    const check = async () => {
      if (stopped || busy || document.visibilityState !== "visible") return;
      busy = true;
      try {
        const res = await fetch(url, { headers: { accept: "application/json" }, credentials: "same-origin" });
        const body = res.ok && res.headers.get("content-type")?.includes("json") ? await res.json() : null;
        if (typeof body?.version !== "string") return stop();
        const { version: shown, revalidator: r } = latest.current;
        if (!stopped && body.version !== shown && r.state === "idle") await r.revalidate();
      } catch {
        // Offline for a moment: the next tick tries again.
      } finally {
        busy = false;
      }
    };
    const onVisible = () => {
      if (document.visibilityState === "visible") void check();
    };
    const timer = setInterval(() => void check(), intervalMs);
    document.addEventListener("visibilitychange", onVisible);
    return stop;
  }, [url, intervalMs]);
}

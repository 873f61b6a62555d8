import { useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import type { CampaignProgress } from "#kernel/schemas/newsletter-admin.ts";

/** How often a sending campaign's page asks for its progress, while the tab is visible. */
export const CAMPAIGN_POLL_MS = 2_000;

const same = (a: CampaignProgress, b: CampaignProgress) =>
  a.status === b.status &&
  a.sent === b.sent &&
  a.failed === b.failed &&
  a.bounced === b.bounced &&
  a.pending === b.pending;

/**
 * The live progress of a campaign: starts from what the page loaded and, while the campaign is sending and the tab
 * is visible, asks the small progress endpoint every {@link CAMPAIGN_POLL_MS} (and at once when the tab becomes
 * visible again). When a failure appears or the campaign finishes, the page's loaders run again (the failure list).
 * Polling stops once the campaign is delivered, or when the endpoint stops answering progress (signed out).
 */
export function useCampaignProgress(url: string, initial: CampaignProgress, intervalMs = CAMPAIGN_POLL_MS) {
  const [progress, setProgress] = useState(initial);
  const revalidator = useRevalidator();
  const latest = useRef({ progress: initial, revalidator });
  useEffect(() => {
    latest.current = { progress, revalidator };
  });
  // A fresh load of the page (revalidation) is the newest word.
  useEffect(() => {
    setProgress(initial);
  }, [initial]);

  const sending = progress.status === "sending";
  useEffect(() => {
    if (!sending) return;
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
        const next = body?.progress as CampaignProgress | undefined;
        if (!next || typeof next.sent !== "number") return stop();
        const { progress: shown, revalidator: r } = latest.current;
        if (stopped || same(shown, next)) return;
        setProgress(next);
        const problemsChanged = next.failed + next.bounced !== shown.failed + shown.bounced;
        if ((next.status !== "sending" || problemsChanged) && r.state === "idle") await r.revalidate();
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
  }, [url, sending, intervalMs]);

  return progress;
}

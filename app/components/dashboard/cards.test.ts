/**
 * No dead links and no stale disabled cards: every internal target of the dashboard is either a route of
 * `app/routes.ts` (and its card is live) or listed in AWAITING_SCREENS (and its card is disabled with a line).
 */
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import routes from "../../routes.ts";
import {
  AWAITING_SCREENS,
  type DashboardCard,
  PROFILE_PATH,
  pathOf,
  resolveCard,
  SERVICE_CARDS,
  SUPPORT_CARDS,
  visibleCards,
} from "./cards.ts";

function paths(entries: RouteConfigEntry[], base = ""): string[] {
  return entries.flatMap((e) => {
    const path = [base, e.path ?? ""].filter(Boolean).join("/");
    const isLayout = !e.path && !e.index && e.children?.length;
    return [...(isLayout ? [] : [`/${path}`]), ...paths(e.children ?? [], path)];
  });
}
const built = new Set(paths(routes));
const cards: DashboardCard[] = [...SERVICE_CARDS, ...SUPPORT_CARDS];
const internal = [PROFILE_PATH, ...cards.flatMap((c) => (c.external ? [] : [pathOf(c.to)]))];
const none = { callAnalytics: null, community: null };

describe("dashboard card targets", () => {
  it("every internal target is built or awaiting, never both", () => {
    for (const p of internal) {
      const awaiting = p in AWAITING_SCREENS;
      if (built.has(p)) {
        expect(awaiting, `${p} is built now: take it off AWAITING_SCREENS in app/components/dashboard/cards.ts`).toBe(
          false,
        );
      } else {
        expect(awaiting, `${p} is not a route: add it to AWAITING_SCREENS or link elsewhere`).toBe(true);
      }
    }
  });

  it("lists only screens the dashboard links to", () => {
    for (const p of Object.keys(AWAITING_SCREENS)) expect(internal, p).toContain(p);
  });

  it("has the spec's cards in the spec's order", () => {
    expect(SERVICE_CARDS.map((c) => c.title)).toEqual([
      "Dynamic Page Content",
      "Call Analytics",
      "Form Submissions",
      "Billing & Wallet",
      "Agreements",
      "Add-ons",
    ]);
    expect(SUPPORT_CARDS.map((c) => c.title)).toEqual(["Support Tickets", "Chat Community", "Support Topics"]);
    expect(cards.flatMap((c) => (c.external ? [] : [c.to]))).toEqual([
      "/admin/dynamic-pages",
      "/dashboard/submissions",
      "/dashboard/billing",
      "/dashboard/agreements",
      "/products-services#addons",
      "/dashboard/support-tickets",
      "/support-topics",
    ]);
  });
});

describe("visibleCards", () => {
  it("shows Dynamic Page Content to admins only", () => {
    expect(visibleCards(SERVICE_CARDS, false, none).map((c) => c.title)).not.toContain("Dynamic Page Content");
    expect(visibleCards(SERVICE_CARDS, true, none).map((c) => c.title)).toContain("Dynamic Page Content");
  });

  it("links the external cards to the configured URLs, and says so when one is not configured", () => {
    const links = { callAnalytics: "https://calls.example.com", community: null };
    const [analytics, community] = [
      resolveCard(SERVICE_CARDS.find((c) => c.title === "Call Analytics")!, links),
      resolveCard(SUPPORT_CARDS.find((c) => c.title === "Chat Community")!, links),
    ];
    expect(analytics).toMatchObject({ to: "https://calls.example.com", external: true, disabled: null });
    expect(community!.to).toBeNull();
    expect(community!.disabled?.line).toMatch(/not open on this site yet/);
  });

  it("disables an awaiting screen's card with what it will hold, and links a built one", () => {
    for (const c of visibleCards([...SERVICE_CARDS, ...SUPPORT_CARDS], true, none)) {
      if (c.external) continue;
      const original = cards.find((x) => x.title === c.title)!;
      const awaiting = !original.external && AWAITING_SCREENS[pathOf(original.to)];
      if (awaiting) expect(c).toMatchObject({ to: null, disabled: { line: awaiting } });
      else expect(c.to).toBe(original.external ? null : original.to);
    }
  });
});

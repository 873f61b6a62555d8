/**
 * The dashboard's two card sections (spec 1 §2 "Dashboard"): 'Your Services' and 'Client Communication & Support',
 * with the spec's targets. External destinations come from configuration (CALL_ANALYTICS_URL, COMMUNITY_URL);
 * while one is unset its card says so instead of linking nowhere.
 *
 * A card whose screen is not in the route table yet is shown disabled, with a line saying what it will hold
 * ({@link AWAITING_SCREENS}). `cards.test.ts` compares this list with `app/routes.ts`: it fails when a listed screen
 * has been built (take it off the list so the card goes live) and when a card links to a path that is neither
 * built nor listed.
 */
import {
  BarChart3,
  CreditCard,
  FileSignature,
  FileText,
  type IconComponent,
  LayoutTemplate,
  LifeBuoy,
  MessagesSquare,
  PackagePlus,
  Ticket,
} from "#app/components/ui/icons.tsx";

/** The external links of the portal, as configured (`config.links`). */
export type PortalLinks = { callAnalytics: string | null; community: string | null };

export type DashboardCard = {
  title: string;
  description: string;
  icon: IconComponent;
  /** Only admins see it. */
  adminOnly?: boolean;
} & (
  | { to: string; external?: undefined }
  | {
      external: keyof PortalLinks;
      /** Shown, disabled, while the link is not configured. */
      unconfigured: string;
    }
);

/** The profile screen the profile overview's 'Edit Text Details' links to. */
export const PROFILE_PATH = "/dashboard/profile";

/**
 * Screens the dashboard links to that are not in the route table yet, with what each will hold. Their cards (and
 * the 'Edit Text Details' link) are shown disabled until the screen is built and taken off this list.
 */
export const AWAITING_SCREENS: Readonly<Record<string, string>> = {};

export const SERVICE_CARDS: readonly DashboardCard[] = [
  {
    to: "/admin/dynamic-pages",
    adminOnly: true,
    icon: LayoutTemplate,
    title: "Dynamic Page Content",
    description: "Edit licensee landing pages.",
  },
  {
    external: "callAnalytics",
    icon: BarChart3,
    title: "Call Analytics",
    description: "Calls, minutes and caller data in the analytics portal.",
    unconfigured: "The call-analytics portal is not connected to this site yet. Ask support for your sign-in.",
  },
  {
    to: "/dashboard/submissions",
    icon: FileText,
    title: "Form Submissions",
    description: "Leads captured from your landing pages.",
  },
  {
    to: "/dashboard/billing",
    icon: CreditCard,
    title: "Billing & Wallet",
    description: "Top up your wallet and review transactions.",
  },
  {
    to: "/dashboard/agreements",
    icon: FileSignature,
    title: "Agreements",
    description: "Your license agreements and their terms.",
  },
  {
    to: "/products-services#addons",
    icon: PackagePlus,
    title: "Add-ons",
    description: "Extend your #Code with marketing add-ons.",
  },
];

export const SUPPORT_CARDS: readonly DashboardCard[] = [
  {
    to: "/dashboard/support-tickets",
    icon: Ticket,
    title: "Support Tickets",
    description: "Open a ticket and follow the conversation.",
  },
  {
    external: "community",
    icon: MessagesSquare,
    title: "Chat Community",
    description: "Talk with other licensees and our team.",
    unconfigured: "The chat community is not open on this site yet. Support tickets reach our team today.",
  },
  {
    to: "/support-topics",
    icon: LifeBuoy,
    title: "Support Topics",
    description: "Guides and answers to common questions.",
  },
];

/** The path part of an internal target (no query or #anchor). */
export function pathOf(to: string): string {
  return to.replace(/[?#].*$/, "");
}

/** What a card renders: a live link, or disabled with the reason. */
export type ResolvedCard = {
  title: string;
  description: string;
  icon: IconComponent;
  to: string | null;
  external: boolean;
  /** Set when the card is disabled: the line saying why, and the badge. */
  disabled: { line: string; badge: string } | null;
};

export function resolveCard(card: DashboardCard, links: PortalLinks): ResolvedCard {
  const base = { title: card.title, description: card.description, icon: card.icon };
  if (card.external) {
    const url = links[card.external];
    return url
      ? { ...base, to: url, external: true, disabled: null }
      : { ...base, to: null, external: true, disabled: { line: card.unconfigured, badge: "Not connected" } };
  }
  const awaiting = AWAITING_SCREENS[pathOf(card.to)];
  return awaiting
    ? { ...base, to: null, external: false, disabled: { line: awaiting, badge: "In preparation" } }
    : { ...base, to: card.to, external: false, disabled: null };
}

/** The cards a user sees: admin-only cards for admins alone. */
export function visibleCards(cards: readonly DashboardCard[], isAdmin: boolean, links: PortalLinks): ResolvedCard[] {
  return cards.filter((c) => isAdmin || !c.adminOnly).map((c) => resolveCard(c, links));
}

/**
 * Licensee landing pages (/p/{pound_code}/{territory_slug}): the URL rules, the product's strings and the page's
 * shapes, without zod, so the page does not pull the form library into its first JavaScript. The lead schema is in
 * kernel/schemas/landing-page.ts, which re-exports all of this.
 */
import { territorySlugFromName } from "../catalogue.ts";
import { formatCents } from "../format.ts";

/** The error view's heading and its messages (404 for the not-found cases). */
export const LANDING_PAGE_ERROR_TITLE = "Oops! Something went wrong.";
export const TERRITORY_NOT_FOUND = "Territory not found.";
export const PAGE_CONTENT_NOT_FOUND = "Page content not found for this territory and Poundcode combination.";
/** A page whose license ended: gone (410), said plainly, with the way to the catalog. */
export const LANDING_PAGE_GONE = {
  title: "This page is no longer available",
  message: "The firm that answered this #Code here no longer does. The territory may be open to license.",
} as const;

/** A suspended license's page (an invoice unpaid past the grace period): neutral, not the firm's content. */
export const LANDING_PAGE_UNAVAILABLE = {
  title: "Temporarily unavailable",
  message: "This page is temporarily unavailable. Please try again later.",
} as const;
/** A page that exists but has nothing to show. */
export const NO_PAGE_DATA = "No page data available for this selection.";

export const LEAD_SENT = {
  title: "Message Sent!",
  message: "Thank you. Your message has been sent to the firm, and someone from their office will contact you soon.",
} as const;
export const LEAD_FAILED_TITLE = "Submission Failed";

/** form_submissions.form_type of a landing page lead. */
export const LEAD_FORM_TYPE = "web_form";

/** The social networks a landing page links to, in display order. */
export const SOCIAL_NETWORKS = ["facebook", "twitter", "linkedin", "youtube", "instagram"] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];
export const SOCIAL_NETWORK_LABELS: Record<SocialNetwork, string> = {
  facebook: "Facebook",
  twitter: "X (Twitter)",
  linkedin: "LinkedIn",
  youtube: "YouTube",
  instagram: "Instagram",
};

/** An absolute http(s) URL, or null: links a visitor may follow from a licensee's page. */
export function httpUrl(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const trimmed = value.trim();
  if (!trimmed || trimmed.length > 2000) return null;
  try {
    const url = new URL(trimmed);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * The #Code a URL segment names, as stored ("#4LAW"), or null. Accepted: "4law", "4LAW", "#4LAW" (sent as %234LAW)
 * and the category slug form "hash-4law".
 */
export function poundCodeFromSegment(segment: string | null | undefined): string | null {
  if (typeof segment !== "string") return null;
  const bare = segment
    .trim()
    .replace(/^#/, "")
    .replace(/^hash-/i, "")
    .toUpperCase();
  if (!/^[A-Z0-9][A-Z0-9-]{0,39}$/.test(bare)) return null;
  return `#${bare}`;
}

/** The canonical path of a landing page: "#4LAW" in "Georgia" → "/p/4law/georgia". */
export function landingPagePath(poundCode: string, territoryName: string): string {
  const code = poundCode.trim().replace(/^#/, "").toLowerCase();
  return `/p/${encodeURIComponent(code)}/${encodeURIComponent(territorySlugFromName(territoryName))}`;
}

/** The public view of a landing page, as the page renders it. */
export type LandingOffice = { name: string; address: string; city: string; phone: string; hours: string };
export type LandingReview = { quote: string; author: string };
export type LandingPartner = { name: string; description: string };
export type LandingSocialLink = { network: SocialNetwork; label: string; url: string };

/** What the landing page shows; every list may be empty and every text may be null (the section is hidden). */
export type LandingPageView = {
  /** The canonical path, e.g. /p/4law/georgia. */
  path: string;
  poundCode: string;
  territory: { id: string; name: string; state: string; portion: string | null };
  pageTitle: string | null;
  /** business_name_on_page, else the licensee's company name. */
  businessName: string | null;
  /** Sanitized HTML ("" when empty). */
  descriptionHtml: string;
  /** The description as plain text (meta description, structured data). */
  descriptionText: string;
  areasOfLaw: string[];
  services: string[];
  officeLocations: LandingOffice[];
  partners: LandingPartner[];
  reviews: LandingReview[];
  /** Sanitized HTML ("" when empty). */
  highlightsHtml: string;
  yearsInBusiness: number | null;
  /** A key of LANDING_ACCENTS (kernel/landing-accents.ts). */
  accent: string;
  logoUrl: string | null;
  testimonialUrl: string | null;
  attorneyDirectoryUrl: string | null;
  socialLinks: LandingSocialLink[];
  /** contact_info, with the licensee's phone when the page gives none. */
  contact: { phone: string | null; email: string | null; address: string | null };
  /** ISO 8601. */
  updatedAt: string;
  /** False when the page has nothing to show at all. */
  hasContent: boolean;
  /** The required content the page lacks (kernel/landing-view.ts); a page lacking any is not public. */
  missing: ("businessName" | "description" | "practice")[];
};

/** The line of the firm's lead email that says whether the lead cost anything, and why not (ADR 016). */
export const LEAD_BILLING_NOTES: Record<
  "billed" | "repeat" | "over_cap" | "spam" | "free",
  (unitCents: number) => string
> = {
  billed: (c) => `Billed: ${formatCents(c)} from your wallet.`,
  repeat: () => "Not billed: the same person sent your page a lead within the last 30 days.",
  over_cap: () => "Not billed: your page has reached today's cap of billed leads.",
  spam: () => "Not billed: it looks like spam (a throwaway email address, or a form sent faster than a person types).",
  free: () => "Not billed: leads are free in this territory.",
};

/** How the portal shows a lead's billing, and a dispute's state. */
export const LEAD_BILLING_LABELS: Record<"billed" | "repeat" | "over_cap" | "spam" | "free", string> = {
  billed: "Billed",
  repeat: "Not billed: repeat within 30 days",
  over_cap: "Not billed: over today's cap",
  spam: "Not billed: spam",
  free: "Not billed: free in this territory",
};
export const LEAD_DISPUTE_LABELS: Record<"open" | "accepted" | "declined", string> = {
  open: "Disputed: under review",
  accepted: "Dispute accepted: credited",
  declined: "Dispute declined",
};

/** The rules of lead billing, as the firm's billing page states them (ADR 016). `cap` is LEAD_DAILY_CAP. */
export function leadBillingRules(cap: number): string[] {
  return [
    "You pay for a lead once per person per page every 30 days: a second message from the same email address or phone number within 30 days is delivered and marked as a repeat, free.",
    "Spam is never billed: throwaway email addresses and forms sent faster than a person can type are delivered marked as spam, and forms with an invalid US phone number are turned away.",
    `At most ${cap} leads a day are billed per page; leads past that are still delivered, free, and we tell you when a page reaches the cap.`,
    "A billed lead can be disputed within 7 days from its page under Form Submissions; if we agree, the fee goes back to your wallet.",
  ];
}

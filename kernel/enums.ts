/**
 * Status and type values shared by the database schema (CHECK constraints) and the UI.
 * Browser-safe: plain constants and types only, no imports.
 * The first value of each list is not necessarily the default; defaults live in the schema.
 */

/** `user.role` (Better Auth admin plugin). */
export const USER_ROLES = ["admin", "user"] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** Territory status as stored. The list card also shows `unlicensed`, which is displayed, never stored, and means available. */
export const TERRITORY_STATUSES = ["available", "active", "inactive", "licensed", "negotiations", "partial"] as const;
export type TerritoryStatus = (typeof TERRITORY_STATUSES)[number];

/** Portion of a state: North, Central, South, East, West. A whole-state territory has no portion (null). */
export const TERRITORY_PORTIONS = ["N", "C", "S", "E", "W"] as const;
export type TerritoryPortion = (typeof TERRITORY_PORTIONS)[number];

/** Category type: a #Code (standard) or a keyword group priced by a multiplier. */
export const CATEGORY_TYPES = ["standard", "keyword_group"] as const;
export type CategoryType = (typeof CATEGORY_TYPES)[number];

/** Status of a category inside one territory (territory_categories.status). */
export const TERRITORY_CATEGORY_STATUSES = ["available", "negotiations", "licensed"] as const;
export type TerritoryCategoryStatus = (typeof TERRITORY_CATEGORY_STATUSES)[number];

export const VANITY_NUMBER_STATUSES = ["available", "licensed", "pending", "reserved"] as const;
export type VanityNumberStatus = (typeof VANITY_NUMBER_STATUSES)[number];

/** Featured number type: `poundcode` (#Code) or `vanity`. */
export const FEATURED_NUMBER_TYPES = ["poundcode", "vanity"] as const;
export type FeaturedNumberType = (typeof FEATURED_NUMBER_TYPES)[number];

export const LICENSEE_STATUSES = ["active", "inactive"] as const;
export type LicenseeStatus = (typeof LICENSEE_STATUSES)[number];

/**
 * `pending`: issued by an approved order, not yet signed and paid; the pair stays held, not licensed.
 * `suspended`: an invoice stayed unpaid past the grace period; the pair stays the licensee's, the page and usage are
 * off until a payment clears. `ended`: terminated for an invoice left unpaid (docs/decisions/015).
 */
export const LICENSE_STATUSES = ["pending", "active", "suspended", "expired", "cancelled", "ended"] as const;
export type LicenseStatus = (typeof LICENSE_STATUSES)[number];

/** The statuses in which a license holds its pair: no one else may reserve or license it. */
export const LICENSE_HOLDING_STATUSES = ["active", "suspended"] as const satisfies readonly LicenseStatus[];

/**
 * A license invoice's state as recorded from Stripe's events: `open` (issued, not yet paid), `paid`, `failed` (a
 * payment attempt was declined), `action_required` (the card asks its holder to authenticate), `void`.
 */
export const LICENSE_INVOICE_STATUSES = ["open", "paid", "failed", "action_required", "void"] as const;
export type LicenseInvoiceStatus = (typeof LICENSE_INVOICE_STATUSES)[number];

export const RESERVATION_STATUSES = ["active", "converted", "cancelled", "expired"] as const;
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];

/**
 * A license order's states (docs/decisions/014-license-order-state-machine.md): held → approved → signed → paid →
 * active, or closed as expired (a hold that lapsed unapproved), abandoned (approved but not signed and paid in
 * time) or cancelled (released by an administrator).
 */
export const ORDER_STATES = [
  "held",
  "approved",
  "signed",
  "paid",
  "active",
  "expired",
  "abandoned",
  "cancelled",
] as const;
export type OrderState = (typeof ORDER_STATES)[number];

export const AGREEMENT_STATUSES = ["pending", "active", "expired", "terminated"] as const;
export type AgreementStatus = (typeof AGREEMENT_STATUSES)[number];

export const BLOG_POST_STATUSES = ["draft", "published"] as const;
export type BlogPostStatus = (typeof BLOG_POST_STATUSES)[number];

export const TICKET_PRIORITIES = ["low", "medium", "high", "urgent"] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];

export const TICKET_STATUSES = ["open", "pending_admin", "pending_user", "resolved", "closed"] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/** Wallet ledger entry type. `top_up` is always a credit (> 0) and `usage` always a debit (< 0). */
export const WALLET_TRANSACTION_TYPES = ["top_up", "usage", "adjustment", "refund"] as const;
export type WalletTransactionType = (typeof WALLET_TRANSACTION_TYPES)[number];

export const CONTACT_STATUSES = [
  "new",
  "contacted",
  "qualified",
  "proposal",
  "negotiation",
  "closed_won",
  "closed_lost",
  "on_hold",
] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];

export const NEWSLETTER_CAMPAIGN_STATUSES = ["draft", "sending", "sent"] as const;
export type NewsletterCampaignStatus = (typeof NEWSLETTER_CAMPAIGN_STATUSES)[number];

/** One newsletter campaign's delivery to one address. */
export const NEWSLETTER_DELIVERY_STATUSES = ["pending", "sent", "failed", "bounced"] as const;
export type NewsletterDeliveryStatus = (typeof NEWSLETTER_DELIVERY_STATUSES)[number];

/** A licensee's proposed change to their landing page, waiting for an administrator. */
export const PAGE_REVISION_STATUSES = ["pending", "approved", "rejected"] as const;
export type PageRevisionStatus = (typeof PAGE_REVISION_STATUSES)[number];

export const EMAIL_STATUSES = ["pending", "sending", "sent", "failed"] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

/**
 * How a landing-page lead was billed (docs/decisions/016-lead-billing.md): `billed` (the per-lead fee was debited),
 * `repeat` (the same person on the same page within 30 days), `over_cap` (past the page's daily cap), `spam` (a
 * disposable address or a form sent faster than a person types), `free` (the territory prices leads at $0.00).
 * Only `billed` costs the firm anything.
 */
export const LEAD_BILLING = ["billed", "repeat", "over_cap", "spam", "free"] as const;
export type LeadBilling = (typeof LEAD_BILLING)[number];

/** A disputed lead: `open` until an administrator accepts it (the fee is credited back) or declines it. */
export const LEAD_DISPUTE_STATUSES = ["open", "accepted", "declined"] as const;
export type LeadDisputeStatus = (typeof LEAD_DISPUTE_STATUSES)[number];

/** A lead's place in the firm's pipeline (stored; a lead with none is `new`). */
export const LEAD_STATUSES = ["new", "contacted", "qualified", "won", "lost", "spam"] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/**
 * A few sales contacts and newsletter subscribers so the admin screens have something to show.
 * Fictional people, example.com addresses and 555-01xx phone numbers.
 */
import type { ContactStatus } from "#kernel/enums.ts";

export interface ContactSeed {
  name: string;
  email: string;
  phone: string | null;
  company: string | null;
  message: string;
  source: string;
  status: ContactStatus;
  notes: string | null;
  /** YYYY-MM-DD. */
  followUpDate: string | null;
  territoryKey: string | null;
  categorySlug: string | null;
  /** ISO 8601, UTC. */
  createdAt: string;
}

export const CONTACTS: readonly ContactSeed[] = [
  {
    name: "Gregory Lindqvist",
    email: "glindqvist@example.com",
    phone: "(512) 555-0172",
    company: "Lindqvist Roofing & Restoration",
    message: "We would like #ROOF for East Texas before hail season. Is it still open, and can we start in February?",
    source: "contact_form",
    status: "qualified",
    notes: "Available in East Texas. Sent pricing on Nov 10; decision expected after their December budget meeting.",
    followUpDate: "2026-12-08",
    territoryKey: "TX-E",
    categorySlug: "hash-roof",
    createdAt: "2026-11-09T17:44:00Z",
  },
  {
    name: "Angela Brooks",
    email: "abrooks@example.com",
    phone: "(614) 555-0158",
    company: "Brooks Disability Advocates",
    message: "Interested in #SSDI for Ohio. We currently advertise on two radio stations in Columbus.",
    source: "contact_form",
    status: "proposal",
    notes: "Proposal sent for #SSDI in Ohio, 12-month term.",
    followUpDate: "2026-11-24",
    territoryKey: "OH",
    categorySlug: "hash-ssdi",
    createdAt: "2026-11-03T14:10:00Z",
  },
  {
    name: "Samuel Ortiz",
    email: "sortiz@example.com",
    phone: null,
    company: "Ortiz Tax Group",
    message: "Please send pricing for the Instant Caller Data Enrich service for a two-location tax practice.",
    source: "instant_caller_data_enrich_inquiry",
    status: "new",
    notes: null,
    followUpDate: null,
    territoryKey: null,
    categorySlug: null,
    createdAt: "2026-11-19T21:32:00Z",
  },
  {
    name: "Rachel Kim",
    email: "rachel.kim@example.com",
    phone: "(312) 555-0104",
    company: "Kim Family Law",
    message: "Is #4LAW available in Northern Illinois? We would also consider a vanity number.",
    source: "contact_form",
    status: "contacted",
    notes: "Left voicemail Nov 17 with #4LAW availability for Northern Illinois.",
    followUpDate: "2026-11-23",
    territoryKey: "IL-N",
    categorySlug: "hash-4law",
    createdAt: "2026-11-16T15:05:00Z",
  },
];

export interface NewsletterSubscriberSeed {
  email: string;
  /** ISO 8601, UTC. */
  subscribedAt: string;
}

export const NEWSLETTER_SUBSCRIBERS: readonly NewsletterSubscriberSeed[] = [
  { email: "marketing@example.com", subscribedAt: "2026-04-02T12:00:00Z" },
  { email: "intake.manager@example.com", subscribedAt: "2026-07-19T18:30:00Z" },
  { email: "media.buyer@example.com", subscribedAt: "2026-10-08T09:15:00Z" },
];

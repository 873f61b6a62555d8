/**
 * Licensee landing pages as administrators and licensees edit them (/admin/dynamic-pages, /admin/content-approval,
 * /dashboard/page-content; spec 2 §2, §5, §8 and spec 1 "Licensee landing page"): the forms, the fields a licensee
 * may propose, the product's strings and the create dialog's choices. Shared by the route actions (server), the domain
 * and the forms (browser). Browser-safe: zod only.
 */
import { z } from "zod";
import type { Choice } from "../forms.ts";
import { LANDING_ACCENT_KEYS, type LandingAccentKey } from "../landing-accents.ts";
import { httpUrl, SOCIAL_NETWORK_LABELS, SOCIAL_NETWORKS, type SocialNetwork } from "./landing-page-strings.ts";

export const PAGE_TITLE_MAX = 160;
export const BUSINESS_NAME_MAX = 160;
export const RICH_TEXT_MAX = 10_000;
export const LIST_ITEM_MAX = 200;
export const LIST_MAX_ITEMS = 40;
export const GROUP_MAX_ITEMS = 20;
export const URL_MAX = 2000;
export const SHORT_TEXT_MAX = 300;
export const REVIEW_NOTE_MAX = 2000;
export const YEARS_MAX = 500;
export const REVIEW_MAX = 1000;

/** The spec's strings (2 §5, §8) and the ones these screens add. */
export const DYNAMIC_PAGES_TEXT = {
  pageTitle: "Dynamic Pages",
  empty: "No landing pages yet. Create one from a licensee's active license.",
  noMatch: "No landing pages found matching your search.",
  errorFetching: "Error fetching dynamic pages",
  errorCreating: "Error creating dynamic page",
  errorUpdating: "Error updating dynamic page",
  errorDeleting: "Error deleting dynamic page",
  notFound: "This landing page no longer exists. It may have been deleted by someone else.",
  created: (what: string) => ({ title: "Landing page created", message: `The page for ${what} is ready to edit.` }),
  updated: (what: string) => ({ title: "Landing page updated", message: `The page for ${what} has been saved.` }),
  unchanged: (what: string) => ({ title: "Nothing to save", message: `The page for ${what} already says this.` }),
  deleted: (what: string) => ({ title: "Landing page deleted", message: `The page for ${what} has been deleted.` }),
  deleteWarning:
    "This action cannot be undone. The public page goes offline at once, and any proposal waiting for approval goes with it.",
  pairTaken: (code: string, territory: string) =>
    `${code} in ${territory} already has a landing page. Edit that page instead.`,
  licenceNotActive:
    "That license is not an active #Code license of this licensee any more. Choose one of their active licenses.",
  licenseeNotFound: "That licensee no longer exists. Choose another.",
  noPairs: "No licensee has an active #Code license without a landing page.",
} as const;

export const PAGE_CONTENT_TEXT = {
  pageTitle: "Dynamic Page Content",
  subtitle: "Everything on your landing pages, with a live preview. Changes go live once our team approves them.",
  subtitleDirect: "Everything on your landing pages, with a live preview. Changes go live when you publish them.",
  published: { title: "Changes published", message: "Your page shows your changes now." },
  notPublic: "Not public yet",
  notPublicMessage: "Visitors see a page-not-found until your page has:",
  isPublic: "Public",
  waiting: "Waiting for approval",
  submitted: { title: "Changes submitted", message: "Your changes are waiting for approval. We will email you." },
  replaced: {
    title: "Changes submitted",
    message: "Your new changes replace the ones that were waiting. We will email you once they are reviewed.",
  },
  nothingChanged: "Nothing has changed: edit a field before submitting.",
  noLicence:
    "You can edit this page while you hold an active license for its #Code and territory. This license is no longer active; contact support to renew it.",
  noLicensee: "No Licensee Profile",
  noLicenseeMessage: "Create your licensee profile first: your landing pages are linked to it.",
  noPages: "You have no landing page yet. Our team sets one up for each #Code and territory you license.",
  notYours: "This landing page does not exist.",
  errorSubmitting: "Error submitting page changes",
  lastReview: "Last review",
} as const;

export const CONTENT_APPROVAL_TEXT = {
  pageTitle: "Content Approval",
  subtitle: "Landing page changes proposed by licensees. Nothing goes live until you approve it.",
  emptyPending: "No changes are waiting for approval.",
  emptyHistory: "No reviewed changes yet.",
  noMatch: "No reviewed changes match your search.",
  errorFetching: "Error fetching page changes",
  errorReviewing: "Error reviewing page changes",
  notFound: "This proposal no longer exists. Its page may have been deleted.",
  alreadyReviewed: "This proposal has already been reviewed by someone else.",
  approved: (what: string) => ({ title: "Changes approved", message: `The changes to ${what} are live.` }),
  rejected: (what: string) => ({
    title: "Changes rejected",
    message: `The licensee of ${what} has been told why.`,
  }),
  noteRequired: "Say why, so the licensee can fix it.",
} as const;

/** Every editable field of a page, by its name, as the screens label it (in form order). */
export const PAGE_FIELD_LABELS = {
  pageTitle: "Page title",
  businessNameOnPage: "Business name on page",
  companyDescription: "Company description",
  services: "Services",
  areasOfLaw: "Areas of law",
  lawFirmHighlights: "Highlights",
  yearsInBusiness: "Years in business",
  accent: "Accent color",
  lawFirmLogoUrl: "Logo",
  testimonialLink: "Testimonials link",
  attorneyDirectoryUrl: "Attorney directory URL",
  officeLocations: "Office locations",
  partnersInfo: "Partners",
  reviews: "Reviews",
  socialMediaLinks: "Social media links",
  contactInfo: "Contact information",
} as const;
export type PageField = keyof typeof PAGE_FIELD_LABELS;
/** The fields a licensee may propose for their own page: all of them. */
export const PROPOSABLE_FIELDS = Object.keys(PAGE_FIELD_LABELS) as PageField[];
export type ProposableField = PageField;

export { SOCIAL_NETWORK_LABELS, SOCIAL_NETWORKS, type SocialNetwork };

const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

/** Optional text: blank is null. */
const optionalText = (label: string, max: number) =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .max(max, `${label} must be at most ${max} characters.`)
      .optional()
      .transform((v) => v ?? null),
  );

/** Blank is null; otherwise an absolute http(s) address. */
const optionalUrl = (label: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .max(URL_MAX, `${label} must be at most ${URL_MAX} characters.`)
      .refine((v) => httpUrl(v) !== null, `${label} must be a web address starting with http:// or https://.`)
      .optional()
      .transform((v) => v ?? null),
  );

/** One item per line (or an array of items): trimmed, blanks and repeats dropped. */
const lineList = (label: string) =>
  z.preprocess(
    (v) => {
      const items = Array.isArray(v) ? v : typeof v === "string" ? v.split(/\r?\n/) : [];
      const out: string[] = [];
      for (const item of items) {
        const t = typeof item === "string" ? item.trim() : "";
        if (t && !out.includes(t)) out.push(t);
      }
      return out;
    },
    z
      .array(z.string().max(LIST_ITEM_MAX, `Each line of ${label} must be at most ${LIST_ITEM_MAX} characters.`))
      .max(LIST_MAX_ITEMS, `${label} may hold at most ${LIST_MAX_ITEMS} lines.`),
  );

const yearsField = z.preprocess(
  (v) => (v === undefined || v === null || (typeof v === "string" && v.trim() === "") ? undefined : v),
  z.coerce
    .number({ error: "Years in business must be a whole number." })
    .int("Years in business must be a whole number.")
    .min(0, "Years in business cannot be negative.")
    .max(YEARS_MAX, `Years in business must be at most ${YEARS_MAX}.`)
    .optional()
    .transform((v) => v ?? null),
);

const text = (v: unknown) => (typeof v === "string" ? v.trim() : "");

/** A repeatable group: rows whose every field is blank are dropped. */
const officeRow = z.object({
  name: optionalText("Office name", SHORT_TEXT_MAX),
  address: optionalText("Office address", SHORT_TEXT_MAX),
  city: optionalText("Office city", SHORT_TEXT_MAX),
  phone: optionalText("Office phone", 40),
  hours: optionalText("Office hours", SHORT_TEXT_MAX),
});
const partnerRow = z.object({
  name: optionalText("Partner name", SHORT_TEXT_MAX),
  description: optionalText("Partner description", 2000),
});

const officeList = z
  .preprocess(
    (v) => (Array.isArray(v) ? v : []).filter((r) => r && typeof r === "object" && Object.values(r).some(text)),
    z.array(officeRow).max(GROUP_MAX_ITEMS, `At most ${GROUP_MAX_ITEMS} office locations.`),
  )
  .superRefine((rows, ctx) => {
    rows.forEach((r, i) => {
      if (!r.name && !r.address)
        ctx.addIssue({ code: "custom", path: [i, "name"], message: "An office needs a name or an address." });
    });
  })
  .transform((rows) =>
    rows.map((r) => ({
      name: r.name ?? "",
      address: r.address ?? "",
      city: r.city ?? "",
      phone: r.phone ?? "",
      hours: r.hours ?? "",
    })),
  );

const partnerList = z
  .preprocess(
    (v) => (Array.isArray(v) ? v : []).filter((r) => r && typeof r === "object" && Object.values(r).some(text)),
    z.array(partnerRow).max(GROUP_MAX_ITEMS, `At most ${GROUP_MAX_ITEMS} partners.`),
  )
  .superRefine((rows, ctx) => {
    rows.forEach((r, i) => {
      if (!r.name) ctx.addIssue({ code: "custom", path: [i, "name"], message: "A partner needs a name." });
    });
  })
  .transform((rows) => rows.map((r) => ({ name: r.name ?? "", description: r.description ?? "" })));

const reviewRow = z.object({
  quote: optionalText("Review", REVIEW_MAX),
  author: optionalText("Reviewer's name", SHORT_TEXT_MAX),
});

const reviewList = z
  .preprocess(
    (v) => (Array.isArray(v) ? v : []).filter((r) => r && typeof r === "object" && Object.values(r).some(text)),
    z.array(reviewRow).max(GROUP_MAX_ITEMS, `At most ${GROUP_MAX_ITEMS} reviews.`),
  )
  .superRefine((rows, ctx) => {
    rows.forEach((r, i) => {
      if (!r.quote) ctx.addIssue({ code: "custom", path: [i, "quote"], message: "A review needs its words." });
      if (!r.author)
        ctx.addIssue({
          code: "custom",
          path: [i, "author"],
          message: "Say who wrote the review (a name or initials).",
        });
    });
  })
  .transform((rows) => rows.map((r) => ({ quote: r.quote ?? "", author: r.author ?? "" })));

const accentField = z.preprocess(
  blankToUndefined,
  z
    .enum(LANDING_ACCENT_KEYS as [LandingAccentKey, ...LandingAccentKey[]], {
      error: "Choose one of the accent colors.",
    })
    .optional()
    .transform((v) => v ?? null),
);

/** Blank is null; otherwise an http(s) address or an image stored here ("/media/…"). */
const imageRef = (label: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .max(URL_MAX, `${label} must be at most ${URL_MAX} characters.`)
      .refine(
        (v) => httpUrl(v) !== null || /^\/media\/[A-Za-z0-9_./-]+$/.test(v),
        `${label} must be a web address starting with http:// or https://.`,
      )
      .optional()
      .transform((v) => v ?? null),
  );

const socialLinksField = z
  .object(
    Object.fromEntries(SOCIAL_NETWORKS.map((n) => [n, optionalUrl(SOCIAL_NETWORK_LABELS[n])])) as Record<
      SocialNetwork,
      ReturnType<typeof optionalUrl>
    >,
  )
  .optional()
  .transform((v) => {
    const out: Partial<Record<SocialNetwork, string>> = {};
    for (const n of SOCIAL_NETWORKS) {
      const url = v?.[n];
      if (url) out[n] = url;
    }
    return out;
  });

const contactInfoField = z
  .object({
    phone: optionalText("Contact phone", 40),
    email: z.preprocess(
      blankToUndefined,
      z
        .string()
        .trim()
        .max(254, "Contact email is too long.")
        .pipe(z.email("Contact email must be a valid email address."))
        .optional()
        .transform((v) => v ?? null),
    ),
    address: optionalText("Contact address", SHORT_TEXT_MAX),
  })
  .optional()
  .transform((v) => {
    const out: { phone?: string; email?: string; address?: string } = {};
    if (v?.phone) out.phone = v.phone;
    if (v?.email) out.email = v.email.toLowerCase();
    if (v?.address) out.address = v.address;
    return out;
  });

/** The text fields a licensee may propose (and the admin form's first part). */
const textFields = {
  pageTitle: optionalText("Page title", PAGE_TITLE_MAX),
  businessNameOnPage: optionalText("Business name on page", BUSINESS_NAME_MAX),
  companyDescription: optionalText("Company description", RICH_TEXT_MAX),
  services: lineList("Services"),
  areasOfLaw: lineList("Areas of law"),
  lawFirmHighlights: optionalText("Highlights", RICH_TEXT_MAX),
};

/** Every field of a landing page, as the administrator's edit form sends it. */
export const pageContentSchema = z.object({
  ...textFields,
  yearsInBusiness: yearsField,
  accent: accentField,
  lawFirmLogoUrl: imageRef("Logo"),
  testimonialLink: optionalUrl("Testimonials link"),
  attorneyDirectoryUrl: optionalUrl("Attorney directory URL"),
  officeLocations: officeList,
  partnersInfo: partnerList,
  reviews: reviewList,
  socialMediaLinks: socialLinksField,
  contactInfo: contactInfoField,
});
export type PageContentData = z.output<typeof pageContentSchema>;

const idField = (message: string) => z.uuid(message);

export const savePageSchema = pageContentSchema.extend({ intent: z.literal("save-page") });
export type SavePageData = z.output<typeof savePageSchema>;

/** The create dialog: a licensee, then one of their active #Code licences without a page. */
export const createPageSchema = z.object({
  intent: z.literal("create-page"),
  licenseeId: z.uuid({ error: "Choose a licensee." }),
  licenceId: z.uuid({ error: "Choose one of the licensee's active licenses." }),
  pageTitle: optionalText("Page title", PAGE_TITLE_MAX),
});
export type CreatePageData = z.output<typeof createPageSchema>;

export const deletePageSchema = z.object({
  intent: z.literal("delete-page"),
  id: idField(DYNAMIC_PAGES_TEXT.notFound),
});
export type DeletePageData = z.output<typeof deletePageSchema>;

/**
 * A licensee's proposal: the page and every field but the logo, which comes as an uploaded file (read by the route,
 * outside this schema) or is removed with `removeLogo`.
 */
export const proposePageSchema = pageContentSchema.omit({ lawFirmLogoUrl: true }).extend({
  intent: z.literal("propose"),
  pageId: idField(PAGE_CONTENT_TEXT.notYours),
  removeLogo: z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean()),
});
export type ProposePageData = z.output<typeof proposePageSchema>;
export type ProposedChanges = Partial<PageContentData>;

export const approveRevisionSchema = z.object({
  intent: z.literal("approve"),
  revisionId: idField(CONTENT_APPROVAL_TEXT.notFound),
});
export const rejectRevisionSchema = z.object({
  intent: z.literal("reject"),
  revisionId: idField(CONTENT_APPROVAL_TEXT.notFound),
  note: z
    .string({ error: CONTENT_APPROVAL_TEXT.noteRequired })
    .trim()
    .min(1, CONTENT_APPROVAL_TEXT.noteRequired)
    .max(REVIEW_NOTE_MAX, `The note must be at most ${REVIEW_NOTE_MAX} characters.`),
});
export type ApproveRevisionData = z.output<typeof approveRevisionSchema>;
export type RejectRevisionData = z.output<typeof rejectRevisionSchema>;

/** A field's value as the screens show it in a before/after comparison. */
export function displayValue(value: unknown): string {
  if (value === null || value === undefined || value === "") return "";
  if (Array.isArray(value)) {
    return value
      .map((v) =>
        v && typeof v === "object"
          ? Object.values(v as Record<string, unknown>)
              .filter((x) => typeof x === "string" && x.trim())
              .join(", ")
          : String(v),
      )
      .filter(Boolean)
      .join("\n");
  }
  if (typeof value === "object") {
    return Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => typeof v === "string" && v.trim())
      .map(([k, v]) => `${k}: ${v}`)
      .join("\n");
  }
  return String(value);
}

/** A licensee the create dialog offers, with their active #Code licences that have no page yet ("#4LAW · Central
 * Florida"). */
export type LicenseeChoice = Choice & { pairs: Choice[] };

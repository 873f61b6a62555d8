/**
 * What every route of `app/routes.ts` answers each kind of caller, for the authorization matrix
 * (`platform/authorization.spec.ts`). Keyed by the route's path pattern exactly as the route table spells it; a route
 * with no line here fails the matrix, naming it, so a new route needs an expectation before it ships.
 *
 * `path` is the request made for the pattern: `{name}` placeholders are filled with real ids at run time (the
 * demo licensee A's own records, read from its screens; see FIXTURES in the spec). Without `path` the pattern itself
 * is requested (it has no parameters).
 *
 * An outcome is a status code (no redirect followed), `LOGIN` (302 to /login with the request as `redirectTo`), or
 * `{ redirect }` (302 to exactly that location, or one starting with it when it ends in `*`).
 */
export const ACTORS = ["anonymous", "member", "licenseeA", "licenseeB", "admin"] as const;
export type ActorName = (typeof ACTORS)[number];

export const LOGIN = "login" as const;
export type Outcome = number | typeof LOGIN | { redirect: string };
export type Row = Readonly<Record<ActorName, Outcome>>;
export type Expectation = { path?: string; expect: Row };

const all = (o: Outcome): Row => ({ anonymous: o, member: o, licenseeA: o, licenseeB: o, admin: o });
const home = {
  member: { redirect: "/dashboard" },
  licenseeA: { redirect: "/dashboard" },
  licenseeB: { redirect: "/dashboard" },
  admin: { redirect: "/admin/dashboard" },
} as const;

/** Open to everyone. */
const PUBLIC = all(200);
/** Signed-out pages (sign-in, sign-up): a signed-in caller is sent to their home. */
const SIGNED_OUT = { anonymous: 200, ...home } satisfies Row;
/** A portal screen of one's own: every signed-in caller, anonymous to sign in. */
const PORTAL = { anonymous: LOGIN, member: 200, licenseeA: 200, licenseeB: 200, admin: 200 } satisfies Row;
/** An admin screen: anonymous to sign in, everyone else but admins to /dashboard. */
const ADMIN = {
  anonymous: LOGIN,
  member: { redirect: "/dashboard" },
  licenseeA: { redirect: "/dashboard" },
  licenseeB: { redirect: "/dashboard" },
  admin: 200,
} satisfies Row;
/** One of licensee A's own records in the portal: A alone; every other signed-in caller gets 404. */
const A_ONLY = { anonymous: LOGIN, member: 404, licenseeA: 200, licenseeB: 404, admin: 404 } satisfies Row;
/** A resource route that only takes posts: a GET is sent back to the page it belongs to. */
const POST_ONLY = (to: string): Row => all({ redirect: to });

export const EXPECTATIONS: Readonly<Record<string, Expectation>> = {
  // public
  "/": { expect: PUBLIC },
  "/login": { expect: SIGNED_OUT },
  "/login/two-factor": {
    expect: { anonymous: { redirect: "/login?message=two_factor_expired" }, ...home },
  },
  "/signup": { expect: SIGNED_OUT },
  "/reset-password": { expect: PUBLIC },
  "/logout": { expect: all({ redirect: "/" }) },
  "/theme-showcase": { expect: PUBLIC },
  "/all-numbers": { expect: PUBLIC },
  "/number/:numberId": { path: "/number/hash-4law", expect: PUBLIC },
  "/number/:numberId/:territorySlug": { path: "/number/hash-4law/georgia", expect: PUBLIC },
  "/reservations/confirm": { expect: PUBLIC },
  // An order is seen through its signed link, by its owner or by an administrator; an unknown one is the same 404
  // for everyone (who may see a real one: server/domain/orders/orders.test.ts).
  "/orders/:orderId": { path: "/orders/00000000-0000-4000-8000-000000000000", expect: all(404) },
  "/products-services": { expect: PUBLIC },
  "/about": { expect: PUBLIC },
  "/team": { expect: PUBLIC },
  "/marketing-agency": { expect: PUBLIC },
  "/philanthropy": { expect: PUBLIC },
  "/services": { expect: PUBLIC },
  "/virtual-pbx-features": { expect: PUBLIC },
  "/licensing/by-state": { expect: PUBLIC },
  "/licensing/by-state-category": { expect: PUBLIC },
  "/licensing/by-state-keyword": { expect: PUBLIC },
  "/legal/adjunct-marketing-agreement": { expect: PUBLIC },
  "/terms": { expect: PUBLIC },
  "/terms-of-use": { expect: PUBLIC },
  "/disclaimers": { expect: PUBLIC },
  "/privacy": { expect: PUBLIC },
  "/contact": { expect: PUBLIC },
  "/services/instant-caller-data-enrich": { expect: PUBLIC },
  "/newsletter/confirm": { expect: PUBLIC },
  "/newsletter/unsubscribe": { expect: PUBLIC },
  "/p/:poundCode/:territorySlug": { path: "/p/4law/georgia", expect: PUBLIC },
  "/p/:poundCode/:territorySlug/share.png": { path: "/p/4law/georgia/share.png", expect: PUBLIC },
  "/blog": { expect: PUBLIC },
  "/blog/:slug": { path: "/blog/{blogSlug}", expect: PUBLIC },
  "/faq": { expect: PUBLIC },
  "/support-topics": { expect: PUBLIC },
  "/support-topics/:slug": { path: "/support-topics/{topicSlug}", expect: PUBLIC },
  "/*": { path: "/no-such-page", expect: all(404) },

  // portal
  "/dashboard": { expect: PORTAL },
  "/dashboard/profile": { expect: PORTAL },
  "/dashboard/profile/two-factor": { expect: PORTAL },
  "/dashboard/submissions": { expect: PORTAL },
  "/dashboard/submissions/:submissionId": { path: "/dashboard/submissions/{submissionId}", expect: A_ONLY },
  "/dashboard/billing": { expect: PORTAL },
  "/dashboard/billing/transactions/:transactionId": {
    path: "/dashboard/billing/transactions/{transactionId}",
    expect: A_ONLY,
  },
  "/dashboard/support-tickets": { expect: PORTAL },
  "/dashboard/support-tickets/:ticketId/updates": {
    path: "/dashboard/support-tickets/{ticketId}/updates",
    expect: A_ONLY,
  },
  "/dashboard/agreements": { expect: PORTAL },
  // Administrators may read any agreement.
  "/dashboard/agreements/:agreementId": {
    path: "/dashboard/agreements/{agreementId}",
    expect: { ...A_ONLY, admin: 200 },
  },
  // A fresh signed link to the PDF; administrators may open any agreement's PDF.
  "/dashboard/agreements/:agreementId/pdf": {
    path: "/dashboard/agreements/{agreementId}/pdf",
    expect: {
      anonymous: LOGIN,
      member: 404,
      licenseeA: { redirect: "/resources/agreements/{agreementId}/document?*" },
      licenseeB: 404,
      admin: { redirect: "/resources/agreements/{agreementId}/document?*" },
    },
  },
  // One's own landing pages (read through the caller's licensee record; none is an explanation, not an error).
  // One's own leads as CSV (read through the caller's licensee record; none is a 404).
  "/dashboard/submissions/export.csv": { expect: { ...PORTAL, member: 404, admin: 404 } },
  "/dashboard/page-content": { expect: PORTAL },
  "/dashboard/*": {
    path: "/dashboard/no-such-screen",
    expect: { ...PORTAL, member: 404, licenseeA: 404, licenseeB: 404, admin: 404 },
  },

  // admin
  "/admin": { expect: { ...ADMIN, admin: { redirect: "/admin/dashboard" } } },
  "/admin/dashboard": { expect: ADMIN },
  "/admin/search": { path: "/admin/search?q=georgia", expect: ADMIN },
  "/admin/emails": { expect: ADMIN },
  "/admin/audit": { expect: ADMIN },
  "/admin/jobs": { expect: ADMIN },
  "/admin/users": { expect: ADMIN },
  "/admin/reservations": { expect: ADMIN },
  "/admin/licenses": { expect: ADMIN },
  // No fixture names a license; an unknown id still proves the guard (administrators get the 404).
  "/admin/lead-disputes": { expect: ADMIN },
  "/admin/licenses/:licenseId": { path: "/admin/licenses/{unknownOwner}", expect: { ...ADMIN, admin: 404 } },
  // The old addresses of the two above, moved for good (301), behind the same guard.
  "/admin/licences": { expect: { ...ADMIN, admin: { redirect: "/admin/licenses" } } },
  "/admin/licences/:licenseId": {
    path: "/admin/licences/{unknownOwner}",
    expect: { ...ADMIN, admin: { redirect: "/admin/licenses/{unknownOwner}" } },
  },
  "/admin/users/:userId": { path: "/admin/users/{userId}", expect: ADMIN },
  "/admin/categories": { expect: ADMIN },
  "/admin/territories": { expect: ADMIN },
  "/admin/territories/:territoryId": { path: "/admin/territories/{territoryId}", expect: ADMIN },
  "/admin/emails/:id": { path: "/admin/emails/{emailId}", expect: ADMIN },
  "/admin/pricing-upload": { expect: ADMIN },
  // Takes only posts (the upload); a GET is answered 405.
  "/admin/pricing-upload/run": { expect: { ...ADMIN, admin: 405 } },
  "/admin/support-tickets": { expect: ADMIN },
  "/admin/support-tickets/:ticketId": { path: "/admin/support-tickets/{ticketId}", expect: ADMIN },
  "/admin/support-tickets/:ticketId/updates": { path: "/admin/support-tickets/{ticketId}/updates", expect: ADMIN },
  "/admin/vanity-numbers": { expect: ADMIN },
  // No fixture names a vanity number; an unknown id still proves the guard (administrators get the 404).
  "/admin/vanity-numbers/:id": { path: "/admin/vanity-numbers/{unknownOwner}", expect: { ...ADMIN, admin: 404 } },
  "/admin/featured-numbers": { expect: ADMIN },
  "/admin/contacts": { expect: ADMIN },
  // The CSV download: administrators get the file (200), everyone else the guard's answer.
  "/admin/contacts/export.csv": { expect: ADMIN },
  // No fixture names a contact; an unknown id still proves the guard (administrators get the 404).
  "/admin/contacts/:contactId": { path: "/admin/contacts/{unknownOwner}", expect: { ...ADMIN, admin: 404 } },
  "/admin/dynamic-pages": { expect: ADMIN },
  // No fixture names a landing page; an unknown id still proves the guard (administrators get the 404).
  "/admin/dynamic-pages/:pageId": { path: "/admin/dynamic-pages/{unknownOwner}", expect: { ...ADMIN, admin: 404 } },
  "/admin/content-approval": { expect: ADMIN },
  "/admin/newsletter": { expect: ADMIN },
  "/admin/newsletter/campaigns/:campaignId": {
    path: "/admin/newsletter/campaigns/{unknownOwner}",
    expect: { ...ADMIN, admin: 404 },
  },
  "/admin/newsletter/campaigns/:campaignId/progress": {
    path: "/admin/newsletter/campaigns/{unknownOwner}/progress",
    expect: { ...ADMIN, admin: 404 },
  },
  "/admin/content-editor": { expect: ADMIN },
  "/admin/faq": { expect: ADMIN },
  "/admin/blog": { expect: ADMIN },
  // "new" is the empty post form; an unknown id still proves the guard (administrators get the 404).
  "/admin/blog/:postId": { path: "/admin/blog/{unknownOwner}", expect: { ...ADMIN, admin: 404 } },
  "/admin/support-topics": { expect: ADMIN },
  "/admin/support-topics/:topicId": { path: "/admin/support-topics/{unknownOwner}", expect: { ...ADMIN, admin: 404 } },
  "/admin/assistant-guide": { expect: ADMIN },
  "/admin/analytics": { expect: ADMIN },
  // The CSV download of the figures: administrators get the file (200), everyone else the guard's answer.
  "/admin/analytics/export.csv": { expect: ADMIN },
  "/admin/billing": { expect: ADMIN },
  // An unknown licensee still proves the guard (administrators get the 404).
  "/admin/billing/:licenseeId": { path: "/admin/billing/{unknownOwner}", expect: { ...ADMIN, admin: 404 } },
  "/admin/*": { path: "/admin/no-such-screen", expect: { ...ADMIN, admin: 404 } },

  // resources
  "/resources/theme": { expect: POST_ONLY("/") },
  "/resources/reserve": { expect: POST_ONLY("/all-numbers") },
  "/resources/waitlist": { expect: POST_ONLY("/all-numbers") },
  "/resources/newsletter": { expect: POST_ONLY("/") },
  "/resources/territory-popup/:territorySlug": { path: "/resources/territory-popup/georgia", expect: PUBLIC },
  "/resources/territories": { expect: PUBLIC },
  "/resources/pound-codes": { path: "/resources/pound-codes?territory=georgia&only=available", expect: PUBLIC },
  // A signed link is needed (the owned-record probes open A's); without one, 404 for everyone.
  "/resources/agreements/:agreementId/document": {
    path: "/resources/agreements/{agreementId}/document",
    expect: all(404),
  },
  // Stored images; the owned-record probes open a real avatar. An unknown key is 404 for everyone.
  // Administrators' uploads for stored content; a GET goes back to the blog admin.
  "/resources/editor-image": { expect: POST_ONLY("/admin/blog") },
  // Images inside stored content are public; an unknown key is 404 for everyone.
  "/media/content_images/:owner/:file": {
    path: "/media/content_images/{unknownOwner}/00000000-0000-4000-8000-000000000000.png",
    expect: all(404),
  },
  "/media/:area/:owner/:file": { path: "/media/profile_images/{unknownOwner}/none.png", expect: all(404) },
  "/robots.txt": { expect: PUBLIC },
  "/sitemap.xml": { expect: PUBLIC },
  // A part of a sitemap too large for one urlset; the demo catalog fits in one, so there is no part 1.
  "/sitemap/:part": { path: "/sitemap/1.xml", expect: all(404) },
};

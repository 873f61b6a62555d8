/** Public support topics (HTML content); slug derived from the title as the admin form does. */

export interface SupportTopicSeed {
  title: string;
  slug: string;
  category: string;
  summary: string;
  /** HTML. */
  content: string;
  keywords: string[];
  /** ISO 8601, UTC. */
  publishedAt: string;
}

/** Topic slugs: lower case, spaces to hyphens, other non-alphanumerics removed. */
export function topicSlug(title: string): string {
  return title
    .toLowerCase()
    .replaceAll(" ", "-")
    .replace(/[^a-z0-9-]/g, "")
    .replace(/-+/g, "-")
    .replace(/^-|-$/g, "");
}

function topic(
  title: string,
  category: string,
  summary: string,
  content: string,
  keywords: string[],
  publishedAt: string,
): SupportTopicSeed {
  return { title, slug: topicSlug(title), category, summary, content, keywords, publishedAt };
}

export const SUPPORT_TOPICS: readonly SupportTopicSeed[] = [
  topic(
    "Getting Started with Your Licensee Dashboard",
    "Getting Started",
    "A tour of the dashboard: profile, services, billing, agreements and support.",
    `<p>Your dashboard is the home of your account. After signing in you will find:</p>
<ul>
<li><strong>Profile overview</strong>: your contact details and company logo. Use <em>Edit Text Details</em> to update them.</li>
<li><strong>Financial overview</strong>: your active licenses, monthly total and wallet balance.</li>
<li><strong>Your Services</strong>: call analytics, form submissions, billing, agreements and add-ons.</li>
<li><strong>Client Communication &amp; Support</strong>: support tickets, the licensee community chat and these support topics.</li>
</ul>
<p>If anything looks wrong, open a support ticket and our team will respond during business hours.</p>`,
    ["dashboard", "getting started", "overview"],
    "2026-01-08T15:00:00Z",
  ),
  topic(
    "Updating Your Profile and Company Logo",
    "Account",
    "Change your contact details, address, avatar and the logo shown on your landing page.",
    `<p>Open <strong>Profile</strong> from your dashboard. Your email address is read-only because it is your sign-in; contact support to change it. All other fields can be edited and saved at once. Contact name is required.</p>
<p>To change your avatar or company logo, choose an image in PNG, JPEG or GIF format. The new image replaces the old one immediately. Use <em>Remove</em> to clear an image.</p>`,
    ["profile", "logo", "avatar", "address"],
    "2026-01-08T15:10:00Z",
  ),
  topic(
    "Topping Up Your Wallet",
    "Billing",
    "How the prepaid wallet pays for minutes, SMS messages and web form leads.",
    `<p>Usage is paid from a prepaid wallet: $0.05 per minute, $0.02 per SMS message and $0.50 per web form submission. Your territory may apply a multiplier to minutes and SMS; the web form price is the same everywhere.</p>
<ol>
<li>Open <strong>Billing</strong> from your dashboard.</li>
<li>Choose a top-up amount of $10.00, $25.00 or $50.00.</li>
<li>Complete the payment on the secure checkout page.</li>
</ol>
<p>You return to Billing once the payment is complete. The balance updates when our payment processor confirms the charge, usually within a minute. Every top-up and usage charge is listed in your transaction history.</p>`,
    ["wallet", "top up", "billing", "payment"],
    "2026-02-03T15:00:00Z",
  ),
  topic(
    "Understanding Your Monthly License Fees",
    "Billing",
    "How base fees, #Code percentages and keyword groups add up on your statement.",
    `<p>Each license has a monthly fee made of three parts:</p>
<ul>
<li><strong>Base license fee</strong>: the territory's monthly fee, calculated from its 2020 Census population with a $95.00 minimum.</li>
<li><strong>Category modifier</strong>: the difference made by your #Code's percentage of the base fee. A code priced at 125% adds a quarter of the base fee.</li>
<li><strong>Keyword modifier</strong>: the add-on for a keyword group, if your license includes one.</li>
</ul>
<p>The sum is the final monthly fee shown on your agreement and in your financial overview. The one-time setup deposit is listed separately.</p>`,
    ["fees", "pricing", "license", "statement"],
    "2026-02-03T15:10:00Z",
  ),
  topic(
    "Changing Where Your #Code Rings",
    "Call Routing",
    "Route your #Code to a new number, an intake team or an after-hours service.",
    `<p>Open a support ticket with the subject <em>Routing change</em> and include:</p>
<ul>
<li>The #Code and territory, for example #4LAW in Georgia.</li>
<li>The new destination number.</li>
<li>Any schedule, such as a different number after 6:00 PM or on weekends.</li>
</ul>
<p>Routing changes are usually completed within one business day. Place a test call from a mobile phone inside your territory once we confirm the change.</p>`,
    ["routing", "forwarding", "after hours", "destination"],
    "2026-03-10T14:00:00Z",
  ),
  topic(
    "Viewing Form Submissions",
    "Leads",
    "Where web form leads from your landing page appear and how to work them.",
    `<p>Every web form submitted on your landing page appears under <strong>Form Submissions</strong>, newest first, with the details the visitor entered. A submission without a status is shown as <em>New</em>.</p>
<p>We recommend assigning each new submission the same day and recording the outcome in your own CRM. Each submission is charged $0.50 from your wallet.</p>`,
    ["form submissions", "leads", "web form"],
    "2026-03-10T14:10:00Z",
  ),
  topic(
    "Using the Call Analytics Portal",
    "Leads",
    "Call counts, durations, recordings and caller locations for every #Code.",
    `<p>The call analytics portal opens from the <strong>Your Services</strong> section of your dashboard. It shows every call to your #Codes and vanity numbers with its time, duration and the caller's general location.</p>
<p>Use the date filters to line calls up with your advertising schedule, and export the report for your media buyer. Calls shorter than ten seconds are usually hang-ups and can be filtered out.</p>`,
    ["analytics", "calls", "reports", "recordings"],
    "2026-04-14T14:00:00Z",
  ),
  topic(
    "Managing Your Landing Page",
    "Marketing",
    "What appears on your public #Code landing page and how to update it.",
    `<p>Each license includes a public landing page for your #Code in your territory. It shows your firm name, description, practice areas, office locations, partners, highlights, social links and contact details. Sections without content are hidden automatically.</p>
<p>To update the page, open a support ticket with the new text or details. Our team reviews changes for accuracy and publishes them, usually within two business days.</p>`,
    ["landing page", "dynamic page", "website", "profile"],
    "2026-05-19T14:00:00Z",
  ),
  topic(
    "Reserving a Territory and Joining a Waitlist",
    "Licensing",
    "How reservations and waitlists work for available and taken territories.",
    `<p>On the territory map or list, select a territory and choose a #Code in the category section. If the territory is available, press <strong>Select Category &amp; Reserve</strong> and complete the short form. The territory then shows as in negotiations while we prepare your agreement.</p>
<p>If the territory is licensed or in negotiations, press <strong>Join Waitlist</strong>. We contact waitlisted businesses in the order they joined when the territory becomes available.</p>`,
    ["reserve", "reservation", "waitlist", "territory"],
    "2026-06-23T14:00:00Z",
  ),
  topic(
    "Opening and Following a Support Ticket",
    "Getting Started",
    "How to contact support from your dashboard and what the ticket statuses mean.",
    `<p>Open <strong>Support Tickets</strong> from your dashboard and choose <em>New Ticket</em>. Enter a subject, a description and a priority. Our team replies in the same thread during business hours, Monday to Friday, 9:00 AM to 6:00 PM Eastern.</p>
<ul>
<li><strong>Open</strong>: received, not yet answered.</li>
<li><strong>Pending admin</strong>: you replied; our team will respond next.</li>
<li><strong>Pending user</strong>: we replied and are waiting for you.</li>
<li><strong>Resolved</strong> and <strong>Closed</strong>: the request is complete.</li>
</ul>`,
    ["support", "tickets", "help", "status"],
    "2026-07-14T14:00:00Z",
  ),
];

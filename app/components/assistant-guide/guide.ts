/**
 * The assistant guide's tips (spec 2 §2: a static tips page), written for the people who run PoundCodes day to
 * day. Each section is one task, with the screen it happens on; the page renders them in this order with a table of
 * contents. Keep the steps true to the screens: when a screen changes, change its section here.
 */

export type GuideStep = string;

export type GuideSection = {
  /** The anchor of the section on the page. */
  id: string;
  title: string;
  /** Where the task is done. */
  screen: { to: string; label: string };
  /** One sentence: what the task is for. */
  summary: string;
  steps: readonly GuideStep[];
  /** Worth knowing before you start. */
  tips?: readonly string[];
};

export const GUIDE_SECTIONS: readonly GuideSection[] = [
  {
    id: "approve-a-reservation",
    title: "Approve a reservation",
    screen: { to: "/admin/reservations", label: "Reservations" },
    summary:
      "A visitor who reserves a #Code or vanity number in a territory holds it for five business days once they confirm the emailed link (within 24 hours). Your decision turns the hold into a license or frees the territory.",
    steps: [
      "Open Reservations. The list starts on the Held reservations, soonest-ending hold first; the Status filter shows approved, released and expired ones too.",
      "Read the requester and their lead: name, email, whether they have an account and have confirmed, company, phone and message. The Waitlist column counts who is waiting for the same territory.",
      "Approve: the dialog says what happens. The license is priced at today's fees, the territory shows as licensed on the public pages, an agreement is drafted for the licensee to sign, and someone without an account is emailed an invitation to set a password.",
      "Need more time to talk it over? Extend adds 1 to 10 business days (Monday to Friday) to the hold.",
      "Release ends the hold now: the territory is available again and its waitlist is emailed in the order people joined.",
    ],
    tips: [
      "An approved reservation's license appears on the Licenses tab. End license there when a licensee leaves: the territory becomes available and its waitlist is emailed.",
      "The licensee signs the agreement from their dashboard; you can check the invitation and agreement emails in the Mailbox.",
    ],
  },
  {
    id: "import-prices",
    title: "Import prices from a CSV file",
    screen: { to: "/admin/pricing-upload", label: "Pricing Upload" },
    summary:
      "Update many territories' fees, populations and area codes, or the special pricing keywords, in one go from a spreadsheet saved as CSV.",
    steps: [
      "Pick the card for your file: Territory CSV (fees, population, area codes and status per territory) or Keyword CSV (keywords and their multipliers). Open 'Columns this file may carry' to check your column headings.",
      "Choose the file, then what should happen if some rows have errors: change nothing at all (the safe default), or apply the valid rows and list the others.",
      "Press Preview changes. Nothing is saved yet: the summary counts the rows processed, to be created, updated and unchanged, lists each change with its old and new value, and names every row with an error (for example 'Row 4: Missing required fields 'name' or 'state'.').",
      "When the preview looks right, press Import these changes. The same file is checked again and applied, and the summary shows what was created and updated.",
    ],
    tips: [
      "Territory rows need a name and a state. A row updates the territory with the same name, state and portion, or creates a new one. Fees are in dollars; area codes are separated by semicolons; an empty minimum monthly fee becomes $95 and an empty status becomes available.",
      "Keyword rows need a keyword and a multiplier; a row updates the keyword with the same text, or adds it.",
      "Files up to 8 MB. New prices apply to quotes and licenses from now on; existing licenses keep the fee they were approved at.",
    ],
  },
  {
    id: "territories",
    title: "Show, hide or re-price one territory",
    screen: { to: "/admin/territories", label: "Territories" },
    summary:
      "For a change to a single territory there is no need for a file: every territory has its own page of fees and category statuses.",
    steps: [
      "Territories lists every territory by state, with the status of each #Code in it. Search by name, state or slug, or filter by status.",
      "Hide takes an active territory off the public pages; Show puts any other territory back as active.",
      "Open a territory's name to edit its fees. The price preview beside the form shows what customers would be quoted before you press Save fees.",
      "Under Category statuses, set a #Code's status in that territory. A status that contradicts an active license or reservation is refused, so a held or licensed territory cannot be offered twice.",
    ],
  },
  {
    id: "publish-a-post",
    title: "Publish a blog post",
    screen: { to: "/admin/blog", label: "Blog" },
    summary: "News and articles on the public blog, and the latest three on the home page's news strip.",
    steps: [
      "In Blog, press New post and give it a title: the web address (slug) is made from it while you create the post and stays fixed once saved, so links keep working.",
      "Write the post in the editor (headings, bold, lists, links and images), add a cover image and comma-separated tags, and use Preview to see it as visitors will.",
      "Save it as a draft while you work: drafts are never shown on the site.",
      "Publish when it is ready. The post appears on the blog at once, dated the moment you published; unpublishing takes it down again and clears that date.",
    ],
    tips: ["Deleting a post asks for confirmation and cannot be undone. Unpublish instead if you may want it back."],
  },
  {
    id: "run-a-campaign",
    title: "Send a newsletter campaign",
    screen: { to: "/admin/newsletter", label: "Newsletter" },
    summary:
      "Email everyone who subscribed from the site's footer and confirmed their address from the email we sent them.",
    steps: [
      "In Newsletter, compose a campaign: a subject and the content. Both are required.",
      "Preview it to read the email as subscribers will receive it.",
      "Send a test to yourself first and read it in your own inbox (or in the Mailbox): check the links and the unsubscribe line.",
      "Send the campaign. Its page shows the progress as each subscriber's email goes out, and which ones failed.",
    ],
    tips: [
      "Sending is not possible while there are no subscribers.",
      "The subscriber list shows who signed up; removing someone asks for confirmation. Subscribers can also leave through the unsubscribe link in every newsletter.",
    ],
  },
  {
    id: "site-text",
    title: "Change the site's text",
    screen: { to: "/admin/content-editor", label: "Content Editor" },
    summary:
      "Headlines, notes and the Privacy Policy's sections are stored as content items you can edit without a release.",
    steps: [
      "In Content Editor, pick a page from the Page filter (or keep All Pages) and find the item by its key or text.",
      "Edit the value in its card and press Save. The public page shows the new text at once; the card says which page shows it.",
      "Add New Content Item creates a new key. Keys are lower case with underscores, unique and permanent, because the site finds text by its key.",
    ],
    tips: [
      "Each item whose key starts with privacy_policy_ is a section of the Privacy Policy: add one to add a section, and its 'Last updated' date follows your latest change.",
      "Values may be plain text (a blank line starts a new paragraph) or simple HTML; anything unsafe, such as scripts, is removed when you save.",
    ],
  },
  {
    id: "faq",
    title: "Keep the FAQ current",
    screen: { to: "/admin/faq", label: "FAQ" },
    summary: "The questions on the public FAQ page and in the home page's FAQ block.",
    steps: [
      "In FAQ, questions are grouped by category in the order visitors see them: lowest display order first within each category.",
      "Add FAQ opens the form: question, answer, category (blank means General), display order, and whether it is published.",
      "Unpublish hides a question from visitors without losing it; Publish shows it again. Drafts stay on this screen only.",
      "Delete asks you to confirm and cannot be undone.",
    ],
  },
  {
    id: "support",
    title: "Answer support tickets",
    screen: { to: "/admin/support-tickets", label: "Support Tickets" },
    summary: "Every conversation licensees start from their dashboard.",
    steps: [
      "Filter by status (Pending Admin means the licensee is waiting for you) or priority, or search by subject, name, email or company.",
      "Open a ticket to read the thread; new replies from the licensee appear without reloading.",
      "Reply in the box under the thread. Replying to a ticket that is waiting for you sets it to Pending User; your replies are labeled Admin.",
      "Set any status directly with the status selector, for example Resolved once the question is answered.",
    ],
  },
  {
    id: "mailbox",
    title: "Check what was emailed",
    screen: { to: "/admin/emails", label: "Mailbox" },
    summary:
      "Every email the site writes (confirmations, invitations, ticket replies, newsletters) is listed in the Mailbox, whether or not it has left yet.",
    steps: [
      "Search by recipient or subject, or filter by status and by template (the kind of email, such as a reservation confirmation).",
      "Open an email to read exactly what was sent.",
      "A failed email shows why; Retry sends it again.",
    ],
    tips: [
      "Until an outgoing mail server is connected, emails stay in the Mailbox and do not reach inboxes; the Mailbox says so at the top.",
    ],
  },
  {
    id: "audit",
    title: "See who changed what",
    screen: { to: "/admin/audit", label: "Audit Log" },
    summary: "Every change made in these screens is recorded with who made it, when, and the values before and after.",
    steps: [
      "Filter the Audit Log by who made the change, by the kind of record (entity) and by when, to trace a change.",
    ],
  },
];

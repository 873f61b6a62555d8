import { StatTile } from "#app/components/admin/stat-tile.tsx";
import { LinkCard } from "#app/components/dashboard/link-card.tsx";
import { PageHeader } from "#app/components/layout/page-header.tsx";
import {
  BadgeCheck,
  BarChart3,
  BookOpen,
  CalendarClock,
  CheckSquare,
  CircleHelp,
  Cog,
  Contact,
  FileSignature,
  FolderTree,
  History,
  type IconComponent,
  Inbox,
  Lightbulb,
  Mail,
  MapIcon,
  Newspaper,
  PanelsTopLeft,
  PencilLine,
  Phone,
  Send,
  Star,
  Ticket,
  Upload,
  Users,
  Wallet,
} from "#app/components/ui/icons.tsx";
import { areaUser } from "#server/auth/guards.ts";
import { adminOverview } from "#server/domain/admin/overview.ts";
import { services } from "#server/web/route-kit.ts";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = () => [
  { title: "Admin Dashboard · PoundCodes" },
  { name: "robots", content: "noindex" },
];

export async function loader({ context }: Route.LoaderArgs) {
  const user = areaUser(context);
  return { name: user.name, figures: await adminOverview(services(context).db) };
}

type Card = { to: string; icon: IconComponent; title: string; description: string };

/** Every admin screen, grouped by the work it serves. */
const GROUPS: readonly { id: string; title: string; cards: readonly Card[] }[] = [
  {
    id: "catalog",
    title: "Catalog and licensing",
    cards: [
      {
        to: "/admin/reservations",
        icon: CalendarClock,
        title: "Reservations",
        description: "Approve, extend or release holds; the waitlist follows.",
      },
      {
        to: "/admin/licenses",
        icon: BadgeCheck,
        title: "Licenses",
        description: "Active licenses, their fees and agreements.",
      },
      {
        to: "/admin/territories",
        icon: MapIcon,
        title: "Territories",
        description: "States and portions, their categories and status.",
      },
      {
        to: "/admin/categories",
        icon: FolderTree,
        title: "Categories & Keywords",
        description: "#Codes, keyword groups and pricing modifiers.",
      },
      {
        to: "/admin/vanity-numbers",
        icon: Phone,
        title: "Vanity Numbers",
        description: "Toll-free numbers, their fees and territories.",
      },
      {
        to: "/admin/featured-numbers",
        icon: Star,
        title: "Featured Numbers",
        description: "The numbers featured on All Numbers, in order.",
      },
      {
        to: "/admin/pricing-upload",
        icon: Upload,
        title: "Pricing Upload",
        description: "Bulk-update territories and keywords from CSV.",
      },
    ],
  },
  {
    id: "customers",
    title: "Customers",
    cards: [
      {
        to: "/admin/users",
        icon: Users,
        title: "Users & Licensees",
        description: "Search accounts, licensees and their access.",
      },
      {
        to: "/admin/contacts",
        icon: Contact,
        title: "Contacts & Leads",
        description: "The sales pipeline: every lead, its status and follow-up.",
      },
      {
        to: "/admin/support-tickets",
        icon: Ticket,
        title: "Support Tickets",
        description: "Answer licensees and move tickets along.",
      },
      {
        to: "/admin/billing",
        icon: Wallet,
        title: "Billing",
        description: "Every licensee's wallet, top-ups and usage, with manual adjustments.",
      },
      {
        to: "/admin/analytics",
        icon: BarChart3,
        title: "Analytics",
        description:
          "Leads by source, reservations and their outcomes, conversion, licenses and revenue over a period.",
      },
    ],
  },
  {
    id: "content",
    title: "Content",
    cards: [
      {
        to: "/admin/content-approval",
        icon: CheckSquare,
        title: "Content Approval",
        description: "Licensees' landing-page edits, approved before they go live.",
      },
      {
        to: "/admin/dynamic-pages",
        icon: PanelsTopLeft,
        title: "Landing Pages",
        description: "Licensees' pages at /p/…: create, edit and remove.",
      },
      {
        to: "/admin/content-editor",
        icon: PencilLine,
        title: "Content Editor",
        description: "The site's editable text, page by page.",
      },
      { to: "/admin/blog", icon: Newspaper, title: "Blog", description: "Write, preview and publish articles." },
      {
        to: "/admin/faq",
        icon: CircleHelp,
        title: "FAQ",
        description: "Questions and answers on the public FAQ page.",
      },
      {
        to: "/admin/support-topics",
        icon: BookOpen,
        title: "Support Topics",
        description: "Help articles licensees search.",
      },
      {
        to: "/admin/newsletter",
        icon: Send,
        title: "Newsletter",
        description: "Subscribers and campaigns, sent in batches with live progress.",
      },
    ],
  },
  {
    id: "operations",
    title: "Operations",
    cards: [
      {
        to: "/admin/emails",
        icon: Mail,
        title: "Mailbox",
        description: "Every email the product has sent or is sending.",
      },
      {
        to: "/admin/jobs",
        icon: Cog,
        title: "Background Jobs",
        description: "Queues, schedules and failed jobs, with retry.",
      },
      {
        to: "/admin/audit",
        icon: History,
        title: "Audit Log",
        description: "Who changed what, when, with before and after.",
      },
      {
        to: "/admin/assistant-guide",
        icon: Lightbulb,
        title: "Assistant Guide",
        description: "How to approve a reservation, import prices, publish a post and run a campaign.",
      },
    ],
  },
];

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const { figures } = loaderData;
  return (
    <>
      <PageHeader
        title="Admin Dashboard"
        subtitle={`Welcome back, ${loaderData.name}. Run the catalog, content and customers from here.`}
      />
      <div className="mx-auto grid w-full max-w-6xl gap-10 px-4 pb-24 sm:px-6">
        <section aria-labelledby="waiting-heading">
          <h2 id="waiting-heading" className="mb-4 text-lg font-semibold tracking-tight">
            Waiting for you
          </h2>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
            <StatTile
              label={{ one: "Open reservation", other: "Open reservations" }}
              value={figures.openReservations}
              icon={CalendarClock}
              to="/admin/reservations"
            />
            <StatTile
              label={{ one: "Pending agreement", other: "Pending agreements" }}
              value={figures.pendingAgreements}
              icon={FileSignature}
              to="/dashboard/agreements"
            />
            <StatTile
              label={{ one: "Open ticket", other: "Open tickets" }}
              value={figures.openTickets}
              icon={Ticket}
              to="/admin/support-tickets"
            />
            <StatTile
              label={{ one: "New lead this week", other: "New leads this week" }}
              value={figures.newLeadsThisWeek}
              icon={Inbox}
              to="/admin/contacts"
            />
            <StatTile
              label={{ one: "Page edit to approve", other: "Page edits to approve" }}
              value={figures.pendingPageEdits}
              icon={CheckSquare}
              to="/admin/content-approval"
            />
          </div>
        </section>
        {GROUPS.map((group) => (
          <section key={group.id} aria-labelledby={`${group.id}-heading`}>
            <h2 id={`${group.id}-heading`} className="mb-4 text-lg font-semibold tracking-tight">
              {group.title}
            </h2>
            <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {group.cards.map((card) => (
                <LinkCard key={card.to} {...card} />
              ))}
            </div>
          </section>
        ))}
      </div>
    </>
  );
}

import {
  BarChart3,
  CalendarClock,
  CheckSquare,
  FileSignature,
  FolderTree,
  History,
  Inbox,
  Mail,
  Map as MapIcon,
  Phone,
  Star,
  Ticket,
  Upload,
  Users,
  Wallet,
} from "lucide-react";
import { StatTile } from "#app/components/admin/stat-tile.tsx";
import { LinkCard } from "#app/components/dashboard/link-card.tsx";
import { PageHeader } from "#app/components/layout/page-header.tsx";
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

/** Screens of the next admin release are shown disabled: the description says what they will hold, the note when. */
const NEXT_RELEASE = "Arrives with the next admin release, together with content, CRM and newsletter tools.";

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const { figures } = loaderData;
  return (
    <>
      <PageHeader
        title="Admin Dashboard"
        subtitle={`Welcome back, ${loaderData.name}. Run the catalogue, content and customers from here.`}
      />
      <div className="mx-auto grid w-full max-w-6xl gap-10 px-4 pb-24 sm:px-6">
        <section aria-labelledby="waiting-heading">
          <h2 id="waiting-heading" className="mb-4 text-lg font-semibold tracking-tight">
            Waiting for you
          </h2>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <StatTile
              label="Open reservations"
              value={figures.openReservations}
              icon={CalendarClock}
              to="/admin/reservations"
            />
            <StatTile label="Pending agreements" value={figures.pendingAgreements} icon={FileSignature} />
            <StatTile label="Open tickets" value={figures.openTickets} icon={Ticket} to="/admin/support-tickets" />
            <StatTile label="New leads this week" value={figures.newLeadsThisWeek} icon={Inbox} />
          </div>
        </section>
        <section aria-labelledby="screens-heading">
          <h2 id="screens-heading" className="mb-4 text-lg font-semibold tracking-tight">
            Manage
          </h2>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <LinkCard
              to="/admin/users"
              icon={Users}
              title="Users & Licensees"
              description="Search accounts, licensees and their access."
            />
            <LinkCard
              to="/admin/territories"
              icon={MapIcon}
              title="Territories"
              description="States and portions, their categories and status."
            />
            <LinkCard
              to="/admin/categories"
              icon={FolderTree}
              title="Categories & Keywords"
              description="#Codes, keyword groups and pricing modifiers."
            />
            <LinkCard
              to="/admin/vanity-numbers"
              icon={Phone}
              title="Vanity Numbers"
              description="Toll-free numbers, their fees and territories."
            />
            <LinkCard
              to="/admin/featured-numbers"
              icon={Star}
              title="Featured Numbers"
              description="The numbers featured on All Numbers, in order."
            />
            <LinkCard
              to="/admin/support-tickets"
              icon={Ticket}
              title="Support Tickets"
              description="Answer licensees and move tickets along."
            />
            <LinkCard
              to="/admin/pricing-upload"
              icon={Upload}
              title="Pricing Upload"
              description="Bulk-update territories and keywords from CSV."
            />
            <LinkCard
              to="/admin/audit"
              icon={History}
              title="Audit Log"
              description="Who changed what, when, with before and after."
            />
            <LinkCard
              to="/admin/emails"
              icon={Mail}
              title="Mailbox"
              description="Every email the product has sent or is sending."
            />
            <LinkCard
              to="/admin/analytics"
              icon={BarChart3}
              title="Analytics"
              description="Leads by source, reservations and their outcomes, conversion, licences and revenue over a period."
              disabled
              note={NEXT_RELEASE}
            />
            <LinkCard
              to="/admin/content-approval"
              icon={CheckSquare}
              title="Content Approval"
              description="Licensees' landing-page edits, approved before they go live."
              disabled
              note={NEXT_RELEASE}
            />
            <LinkCard
              to="/admin/billing"
              icon={Wallet}
              title="Billing"
              description="Every licensee's wallet, top-ups and usage, with manual adjustments."
              disabled
              note={NEXT_RELEASE}
            />
          </div>
        </section>
      </div>
    </>
  );
}

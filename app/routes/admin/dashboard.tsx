import { FolderTree, Mail, Map as MapIcon, Ticket, Upload, Users } from "lucide-react";
import { LinkCard } from "#app/components/dashboard/link-card.tsx";
import { PageHeader } from "#app/components/layout/page-header.tsx";
import { areaUser } from "#server/auth/guards.ts";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = () => [
  { title: "Admin Dashboard · PoundCodes" },
  { name: "robots", content: "noindex" },
];

export async function loader({ context }: Route.LoaderArgs) {
  const user = areaUser(context);
  return { name: user.name };
}

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        title="Admin Dashboard"
        subtitle={`Welcome back, ${loaderData.name}. Run the catalogue, content and customers from here.`}
      />
      <div className="mx-auto grid w-full max-w-6xl gap-4 px-4 pb-24 sm:grid-cols-2 sm:px-6 lg:grid-cols-3">
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
          to="/admin/emails"
          icon={Mail}
          title="Mailbox"
          description="Every email the product has sent or is sending."
        />
      </div>
    </>
  );
}

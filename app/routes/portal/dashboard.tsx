import {
  BarChart3,
  CreditCard,
  FileSignature,
  FileText,
  LayoutTemplate,
  LifeBuoy,
  MessagesSquare,
  PackagePlus,
  Ticket,
} from "lucide-react";
import { Link } from "react-router";
import { LinkCard } from "#app/components/dashboard/link-card.tsx";
import { PageHeader } from "#app/components/layout/page-header.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { formatCents } from "#kernel/format.ts";
import { EXTERNAL_LINKS } from "#kernel/links.ts";
import { areaUser } from "#server/auth/guards.ts";
import { actorFor, services } from "#server/web/route-kit.ts";
import { getDashboardOverview } from "#server/domain/licensing/overview.ts";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = () => [
  { title: "Dashboard · PoundCodes" },
  { name: "robots", content: "noindex" },
];

export async function loader({ context }: Route.LoaderArgs) {
  const user = areaUser(context);
  const overview = await getDashboardOverview(services(context).db, actorFor(user, context));
  return { user: { name: user.name, email: user.email, role: user.role, emailVerified: user.emailVerified }, overview };
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { user, overview } = loaderData;
  const isAdmin = user.role === "admin";
  const profile = overview.profile;
  const fin = overview.financial;
  return (
    <>
      <PageHeader
        title={`Welcome back, ${user.name.split(" ")[0]}`}
        subtitle="Everything for your #Codes, leads and billing in one place."
      />
      <div className="mx-auto grid w-full max-w-6xl gap-10 px-4 pb-24 sm:px-6">
        {!user.emailVerified ? (
          <p role="status" className="rounded-md border border-amber-500/40 bg-amber-500/10 px-4 py-3 text-sm">
            Please confirm your email address: we sent a link to <strong>{user.email}</strong>.
          </p>
        ) : null}

        <div className="grid gap-6 lg:grid-cols-2">
          <Card>
            <CardHeader>
              <CardTitle>Profile overview</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-4">
              <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-sm">
                <dt className="text-muted-foreground">Company</dt>
                <dd className="font-medium">{profile.companyName ?? "—"}</dd>
                <dt className="text-muted-foreground">Contact</dt>
                <dd className="font-medium">{profile.contactName ?? user.name}</dd>
                <dt className="text-muted-foreground">Email</dt>
                <dd className="font-medium break-all">{profile.email ?? user.email}</dd>
                <dt className="text-muted-foreground">Phone</dt>
                <dd className="font-medium">{profile.phone ?? "—"}</dd>
              </dl>
              <div>
                <Button asChild variant="outline" size="sm">
                  <Link to="/dashboard/profile">Edit Text Details</Link>
                </Button>
              </div>
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle>Financial overview</CardTitle>
            </CardHeader>
            <CardContent>
              {fin ? (
                <div className="grid gap-4">
                  <dl className="grid grid-cols-2 gap-4">
                    <div className="rounded-lg bg-muted/60 p-4">
                      <dt className="text-xs uppercase tracking-wide text-muted-foreground">Monthly licence fees</dt>
                      <dd className="mt-1 text-2xl font-semibold tabular-nums">{formatCents(fin.monthlyTotalCents)}</dd>
                    </div>
                    <div className="rounded-lg bg-muted/60 p-4">
                      <dt className="text-xs uppercase tracking-wide text-muted-foreground">Wallet balance</dt>
                      <dd className="mt-1 text-2xl font-semibold tabular-nums">{formatCents(fin.walletCents)}</dd>
                      <dd className="text-xs text-muted-foreground">Available for minutes and SMS</dd>
                    </div>
                  </dl>
                  <ul className="grid gap-1 text-sm">
                    {fin.activeLicenses.map((l) => (
                      <li key={l.id} className="flex justify-between gap-4">
                        <span>{l.territoryName}</span>
                        <span className="tabular-nums">{formatCents(l.monthlyCents)}/mo</span>
                      </li>
                    ))}
                  </ul>
                  <p className="text-xs text-muted-foreground">
                    Provisioning (setup) total {formatCents(fin.provisioningTotalCents)} · Per minute{" "}
                    {formatCents(fin.rates.perMinute)} · Per SMS {formatCents(fin.rates.perSms)} · Per web-form lead{" "}
                    {formatCents(fin.rates.perWebFormLead)} · Add-ons {formatCents(0)}
                  </p>
                </div>
              ) : (
                <p className="text-sm text-muted-foreground">No financial summary available at this time.</p>
              )}
            </CardContent>
          </Card>
        </div>

        <section aria-labelledby="services-heading" className="grid gap-4">
          <h2 id="services-heading" className="text-xl font-semibold tracking-tight">
            Your Services
          </h2>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {isAdmin ? (
              <LinkCard
                to="/admin/dynamic-pages"
                icon={LayoutTemplate}
                title="Dynamic Page Content"
                description="Edit licensee landing pages."
              />
            ) : null}
            <LinkCard
              to={EXTERNAL_LINKS.callAnalytics}
              external
              icon={BarChart3}
              title="Call Analytics"
              description="Calls, minutes and caller data in the analytics portal."
            />
            <LinkCard
              to="/dashboard/submissions"
              icon={FileText}
              title="Form Submissions"
              description="Leads captured from your landing pages."
            />
            <LinkCard
              to="/dashboard/billing"
              icon={CreditCard}
              title="Billing & Wallet"
              description="Top up your wallet and review transactions."
            />
            <LinkCard
              to="/dashboard/agreements"
              icon={FileSignature}
              title="Agreements"
              description="Your licence agreements and their terms."
            />
            <LinkCard
              to="/products-services#addons"
              icon={PackagePlus}
              title="Add-ons"
              description="Extend your #Code with marketing add-ons."
            />
          </div>
        </section>

        <section aria-labelledby="support-heading" className="grid gap-4">
          <h2 id="support-heading" className="text-xl font-semibold tracking-tight">
            Client Communication &amp; Support
          </h2>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <LinkCard
              to="/dashboard/support-tickets"
              icon={Ticket}
              title="Support Tickets"
              description="Open a ticket and follow the conversation."
            />
            <LinkCard
              to={EXTERNAL_LINKS.chatCommunity}
              external
              icon={MessagesSquare}
              title="Chat Community"
              description="Talk with other licensees and our team."
            />
            <LinkCard
              to="/support-topics"
              icon={LifeBuoy}
              title="Support Topics"
              description="Guides and answers to common questions."
            />
          </div>
        </section>
      </div>
    </>
  );
}

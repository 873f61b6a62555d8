import { Link } from "react-router";
import { CardSection } from "#app/components/dashboard/card-sections.tsx";
import {
  AWAITING_SCREENS,
  PROFILE_PATH,
  SERVICE_CARDS,
  SUPPORT_CARDS,
  visibleCards,
} from "#app/components/dashboard/cards.ts";
import { FinancialOverview } from "#app/components/dashboard/financial-overview.tsx";
import { FirstStepsChecklist } from "#app/components/dashboard/first-steps.tsx";
import { ProfileOverview } from "#app/components/dashboard/profile-overview.tsx";
import { welcomeSubtitle, welcomeTitle } from "#app/components/dashboard/texts.ts";
import { PAGE_CONTENT_CARD } from "#app/components/dynamic-pages/portal-card.ts";
import { PageHeader } from "#app/components/layout/page-header.tsx";
import { Alert, AlertDescription, AlertTitle } from "#app/components/ui/alert.tsx";
import { formatDate } from "#kernel/format.ts";
import { areaUser } from "#server/auth/guards.ts";
import { licenseAlertsOfUser } from "#server/domain/billing/view.ts";
import { getDashboardOverview, isFirstVisit } from "#server/domain/licensing/overview.ts";
import { licenseeChecklist } from "#server/domain/orders/view.ts";
import { actorFor, services } from "#server/web/route-kit.ts";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = () => [
  { title: "Dashboard · PoundCodes" },
  { name: "robots", content: "noindex" },
];

/**
 * The signed-in user's own overview (spec 1 §2 "Dashboard", §9). A failed read shows the spec's error texts
 * (the profile falls back to the account's own details) rather than an error page.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const user = areaUser(context);
  const s = services(context);
  const actor = actorFor(user, context);
  const [overview, firstVisit, firstSteps, billingAlerts] = await Promise.all([
    getDashboardOverview(s.db, actor).catch((err) => {
      s.logger.error({ err }, "dashboard overview failed");
      return null;
    }),
    isFirstVisit(s.db, actor).catch((err) => {
      s.logger.error({ err }, "dashboard first-visit check failed");
      return false;
    }),
    licenseeChecklist(s.db, actor).catch((err) => {
      s.logger.error({ err }, "dashboard checklist failed");
      return null;
    }),
    licenseAlertsOfUser(s.db, actor, { dunning: s.config.dunning }).catch((err) => {
      s.logger.error({ err }, "dashboard billing alerts failed");
      return [];
    }),
  ]);
  return {
    user: { name: user.name, email: user.email, emailVerified: user.emailVerified, isAdmin: user.role === "admin" },
    firstVisit,
    firstSteps,
    billingAlerts,
    profile: overview?.profile ?? {
      companyName: user.companyName,
      contactName: user.name,
      email: user.email,
      phone: null,
    },
    financial: overview?.financial ?? null,
    failed: overview === null,
    links: { callAnalytics: s.config.links.callAnalytics ?? null, community: s.config.links.community ?? null },
  };
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { user, firstVisit, firstSteps, billingAlerts, profile, financial, failed, links } = loaderData;
  return (
    <>
      <PageHeader title={welcomeTitle(user.name, firstVisit)} subtitle={welcomeSubtitle(firstVisit)} />
      <div className="mx-auto grid w-full max-w-6xl gap-10 px-4 pb-24 sm:px-6">
        {!user.emailVerified ? (
          <p role="status" className="rounded-md border border-amber-500/40 bg-amber-500/10 px-4 py-3 text-sm">
            Please confirm your email address: we sent a link to <strong>{user.email}</strong>.
          </p>
        ) : null}

        {billingAlerts.map((a) => (
          <Alert key={a.id} variant={a.standing === "suspended" ? "destructive" : "warning"}>
            <AlertTitle>
              {a.standing === "suspended" ? `${a.what} is suspended` : `Payment overdue: ${a.what}`}
            </AlertTitle>
            <AlertDescription>
              {a.standing === "suspended"
                ? `Your landing page and calls are paused until the invoice is paid. Unpaid on ${formatDate(a.endOn)}, the license ends.`
                : `We could not collect your latest invoice. Update your card before ${formatDate(a.suspendOn)} to keep your page and calls running.`}{" "}
              <Link to="/dashboard/billing" className="font-medium underline underline-offset-4">
                Go to billing
              </Link>
            </AlertDescription>
          </Alert>
        ))}

        {firstSteps ? <FirstStepsChecklist steps={firstSteps} /> : null}

        <div className="grid items-start gap-6 lg:grid-cols-2">
          <ProfileOverview
            profile={profile}
            failed={failed}
            editTo={PROFILE_PATH}
            editNote={AWAITING_SCREENS[PROFILE_PATH] ?? null}
          />
          <FinancialOverview figures={financial} failed={failed} />
        </div>

        <CardSection
          id="services-heading"
          title="Your Services"
          cards={[...(user.isAdmin ? [] : [PAGE_CONTENT_CARD]), ...visibleCards(SERVICE_CARDS, user.isAdmin, links)]}
        />
        <CardSection
          id="support-heading"
          title="Client Communication & Support"
          cards={visibleCards(SUPPORT_CARDS, user.isAdmin, links)}
        />
      </div>
    </>
  );
}

/**
 * /admin/vanity-numbers/:id: one vanity number, its fees and assignment, and every visible territory with the
 * number's status there (written only through reservations and licences). The edit dialog posts to the list's
 * action (/admin/vanity-numbers); deleting is done from the list.
 */
import type { ReactNode } from "react";
import { Link } from "react-router";
import { LoadError } from "#app/components/data-table/load-error.tsx";
import { PageHeader } from "#app/components/layout/page-header.tsx";
import { VanityDialogButton } from "#app/components/numbers-admin/vanity-dialog.tsx";
import { Badge, statusBadgeVariant } from "#app/components/ui/badge.tsx";
import { ArrowLeft } from "#app/components/ui/icons.tsx";
import { areaMeta } from "#app/lib/seo.ts";
import { formatCents } from "#kernel/format.ts";
import { VANITY_TEXT } from "#kernel/schemas/numbers-admin.ts";
import { areaUser } from "#server/auth/guards.ts";
import { getVanityNumberForAdmin, vanityFormChoices } from "#server/domain/catalogue/vanity-numbers-admin.ts";
import { throwAsRouteError } from "#server/web/respond.ts";
import { actorFor, services } from "#server/web/route-kit.ts";
import type { Route } from "./+types/vanity-number";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  areaMeta(loaderData?.number.numberText ?? "Vanity number", "Admin");

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function loader({ params, context }: Route.LoaderArgs) {
  if (!UUID.test(params.id)) throw new Response(VANITY_TEXT.notFound, { status: 404 });
  const db = services(context).db;
  const actor = actorFor(areaUser(context), context);
  const [number, choices] = await Promise.all([
    getVanityNumberForAdmin(db, actor, params.id),
    vanityFormChoices(db, actor),
  ]).catch(throwAsRouteError);
  const { createdAt, ...rest } = number;
  return { number: { ...rest, createdAt: createdAt.toISOString() }, choices };
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="font-medium break-words">{children}</dd>
    </div>
  );
}

export default function AdminVanityNumber({ loaderData }: Route.ComponentProps) {
  const { number, choices } = loaderData;
  const held = number.territories.filter((t) => t.status !== "available").length;
  return (
    <>
      <PageHeader title={number.numberText} subtitle={`/number/${number.slug}`} />
      <div className="mx-auto grid w-full max-w-5xl gap-8 px-4 pb-24 sm:px-6 lg:px-8">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Link
            to="/admin/vanity-numbers"
            className="inline-flex items-center gap-1.5 text-sm underline-offset-4 hover:underline"
          >
            <ArrowLeft className="size-4" aria-hidden="true" /> All vanity numbers
          </Link>
          <div className="flex flex-wrap gap-2">
            <VanityDialogButton number={number} licensees={choices.licensees} territories={choices.territories} />
          </div>
        </div>
        <dl className="grid gap-5 rounded-xl border border-border p-5 sm:grid-cols-3">
          <Fact label="Status">
            <Badge variant={statusBadgeVariant(number.status)} className="capitalize">
              {number.status}
            </Badge>
          </Fact>
          <Fact label="Monthly fee">
            {number.monthlyFeeCents === null ? "Territory base fee" : formatCents(number.monthlyFeeCents)}
          </Fact>
          <Fact label="Setup fee">
            {number.setupFeeCents === null ? "Territory base fee" : formatCents(number.setupFeeCents)}
          </Fact>
          <Fact label="Licensee">{number.licenseeName ?? "None"}</Fact>
          <Fact label="Territory">{number.territoryName ?? "None"}</Fact>
          <Fact label="Associated #Code">{number.associatedPoundCode ?? "—"}</Fact>
          {number.description ? <Fact label="Description">{number.description}</Fact> : null}
          {number.notes ? <Fact label="Notes">{number.notes}</Fact> : null}
        </dl>
        <section aria-labelledby="territories-heading" className="grid gap-3">
          <h2 id="territories-heading" className="text-xl font-semibold tracking-tight">
            Territories
          </h2>
          <p className="text-sm text-muted-foreground">
            {number.territories.length} territories, {held} in negotiations or licensed. Reservations and licenses
            change these.
          </p>
          <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
            {number.territories.map((t) => (
              <li
                key={t.territoryId}
                className="flex items-center justify-between gap-3 rounded-lg border border-border px-3 py-2 text-sm"
              >
                <span>
                  {t.name} <span className="text-muted-foreground">({t.state})</span>
                </span>
                <Badge variant={statusBadgeVariant(t.status)} className="capitalize">
                  {t.status}
                </Badge>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </>
  );
}

export function ErrorBoundary() {
  return <LoadError title={VANITY_TEXT.errorFetching} message={VANITY_TEXT.notFound} />;
}

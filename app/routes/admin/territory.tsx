/**
 * /admin/territories/{territoryId}: one territory's fees (every fee field of spec 2 §3) with a live price preview
 * from the pricing engine, each category's status in it, and the Hide/Show toggle (2 §4). Saving fees, toggling
 * and category statuses change public prices and availability, so they drop the cached public pages; the preview
 * (intent preview) only reads.
 */
import type { SubmissionResult } from "@conform-to/react";
import { Link, type ShouldRevalidateFunctionArgs } from "react-router";
import { ActionAnswerNotice, RowActionForm } from "#app/components/data-table/index.ts";
import { LoadError, refusalMessage } from "#app/components/data-table/load-error.tsx";
import { PageHeader } from "#app/components/layout/page-header.tsx";
import { CategoryStatusBrowser } from "#app/components/territories-admin/category-statuses.tsx";
import { TerritoryFeesForm } from "#app/components/territories-admin/fees-form.tsx";
import { TerritoryStatusBadge } from "#app/components/territories-admin/status.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { ArrowLeft } from "#app/components/ui/icons.tsx";
import { areaMeta } from "#app/lib/seo.ts";
import {
  CATEGORY_STATUS_LABELS,
  categoryStatusPage,
  centsToInput,
  isTerritoryShown,
  TERRITORY_ADMIN_TEXT,
  TERRITORY_FEE_FIELDS,
  territoryActionSchema,
  territoryPreviewSchema,
  toggleLabel,
} from "#kernel/schemas/territories-admin.ts";
import { areaUser } from "#server/auth/guards.ts";
import {
  getTerritoryForAdmin,
  previewTerritoryPrices,
  saveTerritoryFees,
  setTerritoryCategoryStatus,
  type TerritoryFees,
  toggleTerritoryVisibility,
} from "#server/domain/catalogue/territories-admin.ts";
import { redirectWithToast } from "#server/web/flash.ts";
import { readForm } from "#server/web/forms.ts";
import { throwAsRouteError } from "#server/web/respond.ts";
import { actorFor, formAction, services } from "#server/web/route-kit.ts";
import type { Route } from "./+types/territory";

export const meta: Route.MetaFunction = ({ loaderData: data }) =>
  areaMeta(data?.territory.name ?? "Territory", "Territories", "Admin");

const FEE_COLUMN_OF = {
  baseMonthlyFee: "baseMonthlyFeeCents",
  baseSetupFee: "baseSetupFeeCents",
  fullStateMonthlyFee: "fullStateMonthlyFeeCents",
  fullStateSetupFee: "fullStateSetupFeeCents",
  minimumMonthlyFee: "minimumMonthlyFeeCents",
  poundHelpMonthlyFee: "poundHelpMonthlyFeeCents",
  poundLawMonthlyFee: "poundLawMonthlyFeeCents",
  poundEasyMonthlyFee: "poundEasyMonthlyFeeCents",
  poundSsdiMonthlyFee: "poundSsdiMonthlyFeeCents",
} as const;

/** The stored fees as the form shows them: dollars with two decimals, multipliers as numbers, blank = not set. */
function feesAsInput(fees: TerritoryFees) {
  return Object.fromEntries(
    TERRITORY_FEE_FIELDS.map((f) => {
      if (f.kind === "multiplier") return [f.name, String(fees[f.name as keyof TerritoryFees])];
      return [f.name, centsToInput(fees[FEE_COLUMN_OF[f.name as keyof typeof FEE_COLUMN_OF]])];
    }),
  ) as Record<(typeof TERRITORY_FEE_FIELDS)[number]["name"], string>;
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const t = await getTerritoryForAdmin(
    services(context).db,
    actorFor(areaUser(context), context),
    params.territoryId,
  ).catch(throwAsRouteError);
  // A page of the categories, not the catalog: at 500 #Codes the list was 500 rows of buttons.
  const query = new URL(request.url).searchParams;
  const { categories, ...territory } = t;
  const categoryPage = categoryStatusPage(categories, {
    q: query.get("category"),
    page: Number.parseInt(query.get("page") ?? "1", 10),
  });
  return { territory, categoryPage, defaults: feesAsInput(t.fees) };
}

/** The preview reads only: it drops nothing from the page cache and reloads nothing. */
async function isPreview(request: Request): Promise<boolean> {
  return (await readForm(request.clone())).get("intent") === "preview";
}

export async function action(args: Route.ActionArgs) {
  const territoryId = args.params.territoryId;
  if (await isPreview(args.request)) {
    return formAction(args, {
      schema: territoryPreviewSchema,
      refusals: "toast",
      run: async (value, { s, actor }) => ({
        ok: true as const,
        preview: await previewTerritoryPrices(s.db, actor, value),
      }),
    });
  }
  return formAction(args, {
    schema: territoryActionSchema,
    run: async (value, { s, actor }) => {
      switch (value.intent) {
        case "save-fees": {
          const { intent: _intent, ...fees } = value;
          const r = await saveTerritoryFees(s.db, actor, { territoryId, ...fees });
          const answer = r.changed.length
            ? TERRITORY_ADMIN_TEXT.feesSaved(r.name)
            : TERRITORY_ADMIN_TEXT.feesUnchanged(r.name);
          return redirectWithToast(s.config, `/admin/territories/${territoryId}`, {
            type: "success",
            title: answer.title,
            description: answer.message,
          });
        }
        case "set-category-status": {
          const r = await setTerritoryCategoryStatus(s.db, actor, {
            territoryId,
            categoryId: value.categoryId,
            status: value.status,
          });
          return {
            ok: true as const,
            ...TERRITORY_ADMIN_TEXT.categoryStatusSaved(r.category, r.territory, CATEGORY_STATUS_LABELS[r.status]),
          };
        }
        case "toggle": {
          const r = await toggleTerritoryVisibility(s.db, actor, { territoryId });
          const answer =
            r.status === "inactive" ? TERRITORY_ADMIN_TEXT.hidden(r.name) : TERRITORY_ADMIN_TEXT.shown(r.name);
          return { ok: true as const, ...answer };
        }
      }
    },
  });
}

export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formData?.get("intent") === "preview") return false;
  return defaultShouldRevalidate;
}

export default function AdminTerritory({ loaderData, actionData }: Route.ComponentProps) {
  const { territory: t, categoryPage, defaults } = loaderData;
  const answer = actionData && "title" in actionData ? actionData : null;
  const lastResult =
    actionData && "result" in actionData ? (actionData.result as SubmissionResult<string[]> | undefined) : undefined;
  const action = `/admin/territories/${t.id}`;
  return (
    <>
      <PageHeader
        title={t.name}
        subtitle={`${t.state}${t.portion ? ` · portion ${t.portion}` : ""} · ${t.population.toLocaleString("en-US")} people`}
      >
        <Link
          to="/admin/territories"
          className="inline-flex items-center gap-1.5 text-sm font-medium text-white/90 hover:text-white"
        >
          <ArrowLeft aria-hidden="true" className="size-4" /> All territories
        </Link>
      </PageHeader>
      <div className="mx-auto grid w-full max-w-7xl gap-6 px-4 pb-24 sm:px-6 lg:px-8">
        <ActionAnswerNotice answer={answer} />
        <Card className="gap-4">
          <CardHeader>
            <CardTitle as="h2">Visibility</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-wrap items-center justify-between gap-3">
            <p className="flex items-center gap-2 text-sm">
              Status <TerritoryStatusBadge status={t.status} />
              <span className="text-muted-foreground">
                {isTerritoryShown(t.status) ? "Shown on the public pages." : "Hidden from the public pages."}
              </span>
            </p>
            <RowActionForm
              intent="toggle"
              values={{}}
              context={`${t.name}, now ${isTerritoryShown(t.status) ? "shown" : "hidden"} (status ${t.status})`}
              pendingLabel="Saving…"
              variant={isTerritoryShown(t.status) ? "outline" : "default"}
            >
              {toggleLabel(t.status)}
            </RowActionForm>
          </CardContent>
        </Card>
        <TerritoryFeesForm
          key={JSON.stringify(defaults)}
          action={action}
          defaults={defaults}
          initialPreview={t.preview}
          lastResult={lastResult}
        />
        <Card className="gap-4">
          <CardHeader>
            <CardTitle as="h2">Category statuses</CardTitle>
            <p className="text-sm text-muted-foreground">
              A category with an active license stays licensed, and one with an active reservation stays in
              negotiations, until the license ends or the hold lapses.
            </p>
          </CardHeader>
          <CardContent>
            <CategoryStatusBrowser territory={t.name} page={categoryPage} />
          </CardContent>
        </Card>
      </div>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <LoadError
      title={TERRITORY_ADMIN_TEXT.errorLoading(refusalMessage(error))}
      message={null}
      back={{ to: "/admin/territories", label: "All territories" }}
    />
  );
}

/**
 * /admin/territories: every territory joined with its categories, ordered by state (spec 2 §2), with the spec's
 * Hide/Show toggle (2 §4). Each name opens the territory's page, where its fees and category statuses are edited.
 */
import { z } from "zod";
import {
  ActionAnswerNotice,
  DataTable,
  dataColumns,
  RowActionForm,
  RowLink,
} from "#app/components/data-table/index.ts";
import { LoadError, refusalMessage } from "#app/components/data-table/load-error.tsx";
import { PageHeader } from "#app/components/layout/page-header.tsx";
import { CategoryLinks, TerritoryStatusBadge } from "#app/components/territories-admin/status.tsx";
import { TERRITORY_STATUSES } from "#kernel/enums.ts";
import { formatCents } from "#kernel/format.ts";
import { defineList } from "#kernel/list-query.ts";
import {
  isTerritoryShown,
  TERRITORY_ADMIN_TEXT,
  toggleLabel,
  toggleTerritorySchema,
} from "#kernel/schemas/territories-admin.ts";
import { toggleTerritoryVisibility } from "#server/domain/catalogue/territories-admin.ts";
import { territoriesForAdmin } from "#server/domain/read-models/catalogue-views.ts";
import { loadList } from "#server/web/list-loader.ts";
import { formAction } from "#server/web/route-kit.ts";
import type { Route } from "./+types/territories";

export const meta: Route.MetaFunction = () => [
  { title: `${TERRITORY_ADMIN_TEXT.pageTitle} · Admin · PoundCodes` },
  { name: "robots", content: "noindex" },
];

export const territoriesList = defineList({
  sorts: { state: "asc", name: "asc", status: "asc" },
  defaultSort: "state",
  filters: { status: z.enum(TERRITORY_STATUSES) },
});

export async function loader(args: Route.LoaderArgs) {
  // The domain's rows are what the list shows, and no more: the held categories by name and a count of the rest.
  const { query, page } = await loadList(args, territoriesList, territoriesForAdmin);
  return { query, total: page.total, territories: page.rows };
}

/** Hide/Show: the territory leaves or rejoins the public pages, so the cached pages are dropped. */
export const action = (args: Route.ActionArgs) =>
  formAction(args, {
    schema: toggleTerritorySchema,
    run: async (value, { s, actor }) => {
      const r = await toggleTerritoryVisibility(s.db, actor, { territoryId: value.territoryId });
      const answer = r.status === "inactive" ? TERRITORY_ADMIN_TEXT.hidden(r.name) : TERRITORY_ADMIN_TEXT.shown(r.name);
      return { ok: true as const, ...answer };
    },
  });

type Row = Route.ComponentProps["loaderData"]["territories"][number];
const col = dataColumns<Row>();
const columns = col.columns([
  col.accessor("name", {
    header: "Territory",
    cell: (c) => (
      <RowLink to={`/admin/territories/${c.row.original.id}`} className="font-medium">
        {c.getValue()}
      </RowLink>
    ),
    meta: { card: "title" },
  }),
  col.accessor("state", {
    header: "State",
    cell: (c) => (c.row.original.portion ? `${c.getValue()} (${c.row.original.portion})` : c.getValue()),
    meta: { className: "whitespace-nowrap" },
  }),
  col.accessor("status", { header: "Status", cell: (c) => <TerritoryStatusBadge status={c.getValue()} /> }),
  col.accessor("categories", {
    header: "Categories",
    cell: (c) => <CategoryLinks summary={c.getValue()} />,
  }),
  col.accessor("baseMonthlyFeeCents", {
    header: "Base monthly fee",
    cell: (c) => formatCents(c.getValue()),
    meta: { className: "whitespace-nowrap tabular-nums" },
  }),
]);

export default function AdminTerritories({ loaderData, actionData }: Route.ComponentProps) {
  const { query, total, territories } = loaderData;
  return (
    <>
      <PageHeader title={TERRITORY_ADMIN_TEXT.pageTitle} subtitle={TERRITORY_ADMIN_TEXT.subtitle} />
      <div className="mx-auto grid w-full max-w-7xl gap-6 px-4 pb-24 sm:px-6 lg:px-8">
        <ActionAnswerNotice answer={actionData} />
        <DataTable
          list={territoriesList}
          query={query}
          columns={columns}
          rows={territories}
          total={total}
          getRowId={(t) => t.id}
          label="Territories"
          noun={{ one: "territory", other: "territories" }}
          search={{ label: "Search", placeholder: "Name, state or slug" }}
          filters={[
            {
              name: "status",
              label: "Status",
              allLabel: "Any status",
              options: TERRITORY_STATUSES.map((s) => ({ value: s, label: s })),
            },
          ]}
          emptyMessage={TERRITORY_ADMIN_TEXT.empty}
          noMatchMessage={TERRITORY_ADMIN_TEXT.noMatch}
          rowActions={(t) => (
            <RowActionForm
              intent="toggle"
              values={{ territoryId: t.id }}
              context={`${t.name}, now ${isTerritoryShown(t.status) ? "shown" : "hidden"} (status ${t.status})`}
              pendingLabel="Saving…"
              variant={isTerritoryShown(t.status) ? "outline" : "default"}
            >
              {toggleLabel(t.status)}
            </RowActionForm>
          )}
        />
      </div>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <LoadError title={TERRITORY_ADMIN_TEXT.errorLoading(refusalMessage(error))} message={null} />;
}

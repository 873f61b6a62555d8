/**
 * /admin/featured-numbers (spec 2 §2, §4, §5, §8): the numbers featured on /all-numbers, in display
 * order (then newest first); search, add and edit dialogs, an active switch that flips is_active only, and
 * delete with a confirmation. Every write drops the cached public pages' catalogue tag (/all-numbers shows
 * them).
 */
import { z } from "zod";
import { ActionAnswerNotice } from "#app/components/data-table/action-answer.tsx";
import { ConfirmDeleteButton, DeleteConfirmationHost } from "#app/components/data-table/confirm-delete.tsx";
import { DataTable, dataColumns } from "#app/components/data-table/index.ts";
import { LoadError } from "#app/components/data-table/load-error.tsx";
import { PageHeader } from "#app/components/layout/page-header.tsx";
import { ActiveToggle } from "#app/components/numbers-admin/active-toggle.tsx";
import { FEATURED_ACTION, FeaturedDialogButton } from "#app/components/numbers-admin/featured-dialog.tsx";
import { defineList } from "#kernel/list-query.ts";
import {
  deleteFeaturedSchema,
  FEATURED_TEXT,
  FEATURED_TYPE_LABELS,
  featuredFormSchema,
  toggleFeaturedSchema,
} from "#kernel/schemas/numbers-admin.ts";
import {
  deleteFeaturedNumber,
  listFeaturedNumbersForAdmin,
  saveFeaturedNumber,
  toggleFeaturedNumber,
} from "#server/domain/catalogue/featured-numbers-admin.ts";
import { loadList } from "#server/web/list-loader.ts";
import { formAction } from "#server/web/route-kit.ts";
import type { Route } from "./+types/featured-numbers";

export const meta: Route.MetaFunction = () => [
  { title: `${FEATURED_TEXT.pageTitle} · Admin · PoundCodes` },
  { name: "robots", content: "noindex" },
];

const featuredList = defineList({ sorts: { order: "asc" }, defaultSort: "order" });

export async function loader(args: Route.LoaderArgs) {
  const { query, page } = await loadList(args, featuredList, listFeaturedNumbersForAdmin);
  return {
    query,
    total: page.total,
    numbers: page.rows.map(({ createdAt, ...r }) => ({ ...r, createdAt: createdAt.toISOString() })),
  };
}

const actionSchema = z.discriminatedUnion("intent", [featuredFormSchema, toggleFeaturedSchema, deleteFeaturedSchema]);

export const action = (args: Route.ActionArgs) =>
  formAction(args, {
    schema: actionSchema,
    refusals: "toast",
    run: async (value, { s, actor }) => {
      switch (value.intent) {
        case "save-featured": {
          const saved = await saveFeaturedNumber(s.db, actor, value);
          return {
            ok: true as const,
            ...(saved.created ? FEATURED_TEXT.created : FEATURED_TEXT.updated)(saved.numberText),
          };
        }
        case "toggle-featured": {
          const row = await toggleFeaturedNumber(s.db, actor, value);
          return { ok: true as const, ...FEATURED_TEXT.toggled(row.numberText, row.isActive) };
        }
        case "delete-featured": {
          const gone = await deleteFeaturedNumber(s.db, actor, value);
          return { ok: true as const, ...FEATURED_TEXT.deleted(gone.numberText) };
        }
      }
    },
  });

type Row = Route.ComponentProps["loaderData"]["numbers"][number];
const col = dataColumns<Row>();
const columns = col.columns([
  col.accessor("numberText", {
    header: "Number",
    cell: (c) => <span className="font-medium whitespace-nowrap">{c.getValue()}</span>,
    meta: { card: "title" },
  }),
  col.accessor("type", { header: "Type", cell: (c) => FEATURED_TYPE_LABELS[c.getValue()] }),
  col.accessor("description", {
    header: "Description",
    cell: (c) => c.getValue() ?? <span className="text-muted-foreground">—</span>,
  }),
  col.accessor("displayOrder", { id: "order", header: "Order", meta: { className: "tabular-nums" } }),
  col.accessor("isActive", {
    header: "Active",
    cell: (c) => <ActiveToggle id={c.row.original.id} active={c.getValue()} numberText={c.row.original.numberText} />,
  }),
]);

export default function AdminFeaturedNumbers({ loaderData, actionData }: Route.ComponentProps) {
  const { query, total, numbers } = loaderData;
  return (
    <>
      <PageHeader
        title={FEATURED_TEXT.pageTitle}
        subtitle="The #Codes and vanity numbers featured on the All Numbers page, lowest display order first."
      />
      <DeleteConfirmationHost action={FEATURED_ACTION}>
        <div className="mx-auto grid w-full max-w-7xl gap-6 px-4 pb-24 sm:px-6 lg:px-8">
          <ActionAnswerNotice answer={actionData} />
          <DataTable
            list={featuredList}
            query={query}
            columns={columns}
            rows={numbers}
            total={total}
            getRowId={(n) => n.id}
            label="Featured numbers"
            noun={{ one: "featured number", other: "featured numbers" }}
            search={{ label: "Search", placeholder: "Number, description or link" }}
            toolbarActions={<FeaturedDialogButton />}
            rowActions={(n) => (
              <div className="flex flex-wrap gap-2 md:flex-nowrap md:justify-end">
                <FeaturedDialogButton number={n} />
                <ConfirmDeleteButton
                  intent="delete-featured"
                  id={n.id}
                  itemName={n.numberText}
                  title={`Delete ${n.numberText}?`}
                  warning={FEATURED_TEXT.deleteWarning}
                />
              </div>
            )}
            emptyMessage={FEATURED_TEXT.empty}
            noMatchMessage={FEATURED_TEXT.empty}
          />
        </div>
      </DeleteConfirmationHost>
    </>
  );
}

/** The list could not be read: 'Error fetching numbers'. */
export function ErrorBoundary() {
  return <LoadError title={FEATURED_TEXT.errorFetching} />;
}

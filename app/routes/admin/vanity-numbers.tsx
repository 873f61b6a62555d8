/**
 * /admin/vanity-numbers (spec 2 §2, §5, §8): the vanity numbers with their status (derived from their
 * territories), fees and primary assignment; search, add and edit dialogs, and delete with a confirmation. A
 * number that reservations, licences, waitlist entries or held territories refer to is not deleted (the domain
 * says why). Every write drops the cached catalogue pages: vanity numbers show on public pages.
 */
import { z } from "zod";
import { ActionAnswerNotice } from "#app/components/data-table/action-answer.tsx";
import { ConfirmDeleteButton, DeleteConfirmationHost } from "#app/components/data-table/confirm-delete.tsx";
import { DataTable, dataColumns, RowLink } from "#app/components/data-table/index.ts";
import { LoadError } from "#app/components/data-table/load-error.tsx";
import { PageHeader } from "#app/components/layout/page-header.tsx";
import { VANITY_ACTION, VanityDialogButton } from "#app/components/numbers-admin/vanity-dialog.tsx";
import { Badge, statusBadgeVariant } from "#app/components/ui/badge.tsx";
import { formatCents } from "#kernel/format.ts";
import { defineList } from "#kernel/list-query.ts";
import { deleteVanitySchema, VANITY_TEXT, vanityFormSchema } from "#kernel/schemas/numbers-admin.ts";
import {
  deleteVanityNumber,
  listVanityNumbersForAdmin,
  saveVanityNumber,
  vanityFormChoices,
} from "#server/domain/catalogue/vanity-numbers-admin.ts";
import { loadList } from "#server/web/list-loader.ts";
import { formAction } from "#server/web/route-kit.ts";
import type { Route } from "./+types/vanity-numbers";

export const meta: Route.MetaFunction = () => [
  { title: `${VANITY_TEXT.pageTitle} · Admin · PoundCodes` },
  { name: "robots", content: "noindex" },
];

const vanityList = defineList({ sorts: { number: "asc", created: "desc" }, defaultSort: "number" });

export async function loader(args: Route.LoaderArgs) {
  const {
    query,
    page: [page, choices],
  } = await loadList(args, vanityList, (db, actor, query) =>
    Promise.all([listVanityNumbersForAdmin(db, actor, query), vanityFormChoices(db, actor)]),
  );
  return {
    query,
    total: page.total,
    numbers: page.rows.map(({ createdAt, ...r }) => ({ ...r, createdAt: createdAt.toISOString() })),
    choices,
  };
}

const actionSchema = z.discriminatedUnion("intent", [vanityFormSchema, deleteVanitySchema]);

/** One domain call per intent; the detail page's dialogs post here too. */
export const action = (args: Route.ActionArgs) =>
  formAction(args, {
    schema: actionSchema,
    refusals: "toast",
    run: async (value, { s, actor }) => {
      if (value.intent === "save-vanity") {
        const saved = await saveVanityNumber(s.db, actor, value);
        return { ok: true as const, ...(saved.created ? VANITY_TEXT.created : VANITY_TEXT.updated)(saved.numberText) };
      }
      const gone = await deleteVanityNumber(s.db, actor, value);
      return { ok: true as const, ...VANITY_TEXT.deleted(gone.numberText) };
    },
  });

type Row = Route.ComponentProps["loaderData"]["numbers"][number];
const col = dataColumns<Row>();
const fee = (cents: number | null) =>
  cents === null ? <span className="text-muted-foreground">—</span> : formatCents(cents);
const columns = col.columns([
  col.accessor("numberText", {
    id: "number",
    header: "Number",
    cell: (c) => (
      <RowLink to={`/admin/vanity-numbers/${c.row.original.id}`} className="font-medium whitespace-nowrap">
        {c.getValue()}
      </RowLink>
    ),
    meta: { card: "title" },
  }),
  col.accessor("status", {
    header: "Status",
    cell: (c) => (
      <Badge variant={statusBadgeVariant(c.getValue())} className="capitalize">
        {c.getValue()}
      </Badge>
    ),
  }),
  col.accessor("monthlyFeeCents", { header: "Monthly fee", cell: (c) => fee(c.getValue()) }),
  col.accessor("setupFeeCents", { header: "Setup fee", cell: (c) => fee(c.getValue()) }),
  col.accessor("licenseeName", {
    header: "Licensee",
    cell: (c) => c.getValue() ?? <span className="text-muted-foreground">None</span>,
  }),
  col.accessor("territoryName", {
    header: "Territory",
    cell: (c) => c.getValue() ?? <span className="text-muted-foreground">None</span>,
  }),
]);

export default function AdminVanityNumbers({ loaderData, actionData }: Route.ComponentProps) {
  const { query, total, numbers, choices } = loaderData;
  return (
    <>
      <PageHeader
        title={VANITY_TEXT.pageTitle}
        subtitle="Toll-free vanity numbers, licensed territory by territory. Their status follows their territories."
      />
      <DeleteConfirmationHost action={VANITY_ACTION}>
        <div className="mx-auto grid w-full max-w-7xl gap-6 px-4 pb-24 sm:px-6 lg:px-8">
          <ActionAnswerNotice answer={actionData} />
          <DataTable
            list={vanityList}
            query={query}
            columns={columns}
            rows={numbers}
            total={total}
            getRowId={(n) => n.id}
            label="Vanity numbers"
            noun={{ one: "vanity number", other: "vanity numbers" }}
            search={{ label: "Search", placeholder: "Number, slug, #Code, licensee or territory" }}
            toolbarActions={<VanityDialogButton licensees={choices.licensees} territories={choices.territories} />}
            rowActions={(n) => (
              <div className="flex flex-wrap gap-2 md:flex-nowrap md:justify-end">
                <VanityDialogButton number={n} licensees={choices.licensees} territories={choices.territories} />
                <ConfirmDeleteButton
                  intent="delete-vanity"
                  id={n.id}
                  itemName={n.numberText}
                  title={`Delete ${n.numberText}?`}
                  warning={VANITY_TEXT.deleteWarning}
                />
              </div>
            )}
            emptyMessage={VANITY_TEXT.empty}
            noMatchMessage={VANITY_TEXT.noMatch}
          />
        </div>
      </DeleteConfirmationHost>
    </>
  );
}

/** The list could not be read: 'Error fetching vanity numbers'. */
export function ErrorBoundary() {
  return <LoadError title={VANITY_TEXT.errorFetching} />;
}

/**
 * /admin/dynamic-pages (spec 2 §2, §8): every licensee landing page joined to its territory and licensee, with
 * search, sorting and paging; a create dialog (a licensee, then one of their active #Code licences without a page),
 * an edit screen per page and delete with a confirmation. Creating and deleting change the public pages and the
 * sitemap, so they drop the cached content pages.
 */
import { Link } from "react-router";
import { z } from "zod";
import { ActionAnswerNotice } from "#app/components/data-table/action-answer.tsx";
import { ConfirmDeleteButton, DeleteConfirmationHost } from "#app/components/data-table/confirm-delete.tsx";
import { DataTable, dataColumns, RowLink } from "#app/components/data-table/index.ts";
import { LoadError } from "#app/components/data-table/load-error.tsx";
import { CreatePageDialogButton, DYNAMIC_PAGES_ACTION } from "#app/components/dynamic-pages/create-page-dialog.tsx";
import { PageHeader } from "#app/components/layout/page-header.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { ExternalLink, Pencil } from "#app/components/ui/icons.tsx";
import { formatDateTime } from "#kernel/format.ts";
import { defineList } from "#kernel/list-query.ts";
import { createPageSchema, DYNAMIC_PAGES_TEXT, deletePageSchema } from "#kernel/schemas/dynamic-pages.ts";
import {
  createDynamicPage,
  deleteDynamicPage,
  dynamicPageCreateChoices,
  listDynamicPagesForAdmin,
} from "#server/domain/landing-pages/admin.ts";
import { redirectWithToast } from "#server/web/flash.ts";
import { loadList } from "#server/web/list-loader.ts";
import { formAction } from "#server/web/route-kit.ts";
import type { Route } from "./+types/dynamic-pages";

export const meta: Route.MetaFunction = () => [
  { title: `${DYNAMIC_PAGES_TEXT.pageTitle} · Admin · PoundCodes` },
  { name: "robots", content: "noindex" },
];

const pagesList = defineList({
  sorts: { territory: "asc", code: "asc", licensee: "asc", updated: "desc" },
  defaultSort: "territory",
});

export async function loader(args: Route.LoaderArgs) {
  const {
    query,
    page: [page, licensees],
  } = await loadList(args, pagesList, (db, actor, query) =>
    Promise.all([listDynamicPagesForAdmin(db, actor, query), dynamicPageCreateChoices(db, actor)]),
  );
  return {
    query,
    total: page.total,
    pages: page.rows.map(({ updatedAt, ...r }) => ({ ...r, updatedAt: updatedAt.toISOString() })),
    licensees,
  };
}

const actionSchema = z.discriminatedUnion("intent", [createPageSchema, deletePageSchema]);

/** Create (then the new page's edit screen opens) and delete; the detail page deletes through its own action. */
export const action = (args: Route.ActionArgs) =>
  formAction(args, {
    schema: actionSchema,
    refusals: "toast",
    run: async (value, { s, actor }) => {
      if (value.intent === "create-page") {
        const { intent: _intent, ...input } = value;
        const made = await createDynamicPage(s.db, actor, input);
        const done = DYNAMIC_PAGES_TEXT.created(made.name);
        // The new page's edit screen opens (a fetcher follows the redirect), with the answer as a toast.
        return redirectWithToast(s.config, `/admin/dynamic-pages/${made.id}`, {
          type: "success",
          title: done.title,
          description: done.message,
        });
      }
      const gone = await deleteDynamicPage(s.db, actor, { id: value.id });
      return { ok: true as const, ...DYNAMIC_PAGES_TEXT.deleted(gone.name) };
    },
  });

type Row = Route.ComponentProps["loaderData"]["pages"][number];
const col = dataColumns<Row>();
const muted = (text: string) => <span className="text-muted-foreground">{text}</span>;
const columns = col.columns([
  col.accessor("territoryName", {
    id: "territory",
    header: "Page",
    cell: (c) => {
      const r = c.row.original;
      return (
        <div className="grid gap-0.5">
          <RowLink to={`/admin/dynamic-pages/${r.id}`} className="font-medium">
            {r.poundCode.toUpperCase()} in {r.territoryName}
          </RowLink>
          <span className="text-xs text-muted-foreground">{r.path}</span>
        </div>
      );
    },
    meta: { card: "title" },
  }),
  col.accessor("poundCode", {
    id: "code",
    header: "#Code",
    cell: (c) => <span className="font-medium whitespace-nowrap">{c.getValue().toUpperCase()}</span>,
  }),
  col.accessor("licenseeName", {
    id: "licensee",
    header: "Licensee",
    cell: (c) => {
      const r = c.row.original;
      return r.licenseeName ? (
        <div className="grid gap-0.5">
          <span>{r.licenseeName}</span>
          <span className="text-xs break-all text-muted-foreground">{r.licenseeEmail}</span>
        </div>
      ) : (
        muted("None")
      );
    },
  }),
  col.accessor("pageTitle", { header: "Title", cell: (c) => c.getValue() ?? muted("Not set") }),
  col.accessor("pendingChanges", {
    header: "Changes",
    cell: (c) =>
      c.getValue() ? (
        <Badge variant="pending_admin">
          <Link to="/admin/content-approval">Waiting for approval</Link>
        </Badge>
      ) : (
        muted("None waiting")
      ),
  }),
  col.accessor("updatedAt", {
    id: "updated",
    header: "Updated",
    cell: (c) => <time dateTime={c.getValue()}>{formatDateTime(c.getValue())}</time>,
    meta: { className: "whitespace-nowrap" },
  }),
]);

export default function AdminDynamicPages({ loaderData, actionData }: Route.ComponentProps) {
  const { query, total, pages, licensees } = loaderData;
  return (
    <>
      <PageHeader
        title={DYNAMIC_PAGES_TEXT.pageTitle}
        subtitle="Licensee landing pages, one per #Code and territory. Licensees' own edits arrive in Content Approval."
      />
      <DeleteConfirmationHost action={DYNAMIC_PAGES_ACTION}>
        <div className="mx-auto grid w-full max-w-7xl gap-6 px-4 pb-24 sm:px-6 lg:px-8">
          <ActionAnswerNotice answer={actionData} />
          <DataTable
            list={pagesList}
            query={query}
            columns={columns}
            rows={pages}
            total={total}
            getRowId={(p) => p.id}
            label="Landing pages"
            noun={{ one: "landing page", other: "landing pages" }}
            search={{ label: "Search", placeholder: "#Code, territory, licensee or title" }}
            toolbarActions={<CreatePageDialogButton licensees={licensees} />}
            rowActions={(p) => (
              <div className="flex flex-wrap gap-2 md:flex-nowrap md:justify-end">
                <Button asChild variant="outline" size="sm">
                  <Link to={`/admin/dynamic-pages/${p.id}`}>
                    <Pencil aria-hidden="true" /> Edit
                    <span className="sr-only">
                      {" "}
                      {p.poundCode} in {p.territoryName}
                    </span>
                  </Link>
                </Button>
                {p.isPublic ? (
                  <Button asChild variant="ghost" size="sm">
                    <a href={p.path} target="_blank" rel="noopener noreferrer">
                      <ExternalLink aria-hidden="true" /> View
                      <span className="sr-only">
                        {" "}
                        the public page of {p.poundCode} in {p.territoryName} (opens in a new tab)
                      </span>
                    </a>
                  </Button>
                ) : (
                  // A page no licensee holds (its license ended), or one without its required content, is not public.
                  <span className="self-center px-2 text-xs text-muted-foreground">
                    {p.licenseeId ? "Not public yet" : "Not published"}
                  </span>
                )}
                <ConfirmDeleteButton
                  intent="delete-page"
                  id={p.id}
                  itemName={`${p.poundCode} in ${p.territoryName}`}
                  title={`Delete the page for ${p.poundCode.toUpperCase()} in ${p.territoryName}?`}
                  warning={DYNAMIC_PAGES_TEXT.deleteWarning}
                />
              </div>
            )}
            emptyMessage={DYNAMIC_PAGES_TEXT.empty}
            noMatchMessage={DYNAMIC_PAGES_TEXT.noMatch}
          />
        </div>
      </DeleteConfirmationHost>
    </>
  );
}

/** The list could not be read: 'Error fetching dynamic pages'. */
export function ErrorBoundary() {
  return <LoadError title={DYNAMIC_PAGES_TEXT.errorFetching} />;
}

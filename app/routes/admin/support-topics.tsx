/**
 * /admin/support-topics (spec 2 §2, §5, §8): search and a table of every topic, published or not (title, category,
 * last updated, edit, delete with confirmation), sorted and paged in the URL (the admin list kit). New topic and
 * Edit lead to the topic form (support-topic.tsx). Every write drops the cached public topic pages.
 */
import { Link } from "react-router";
import { ActionAnswerNotice } from "#app/components/data-table/action-answer.tsx";
import { ConfirmDeleteButton, DeleteConfirmationHost } from "#app/components/data-table/confirm-delete.tsx";
import { DataTable, dataColumns, RowLink } from "#app/components/data-table/index.ts";
import { LoadError } from "#app/components/data-table/load-error.tsx";
import { PageHeader } from "#app/components/layout/page-header.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Plus } from "#app/components/ui/icons.tsx";
import { formatDate } from "#kernel/format.ts";
import { defineList } from "#kernel/list-query.ts";
import { deleteTopicSchema, TOPIC_ADMIN_TEXT } from "#kernel/schemas/support-topics-admin.ts";
import { deleteTopic, listTopicsForAdmin } from "#server/domain/content/support-topics-admin.ts";
import { loadList } from "#server/web/list-loader.ts";
import { formAction } from "#server/web/route-kit.ts";
import type { Route } from "./+types/support-topics";

const LIST_PATH = "/admin/support-topics";

export const meta: Route.MetaFunction = () => [
  { title: `${TOPIC_ADMIN_TEXT.pageTitle} · Admin · PoundCodes` },
  { name: "robots", content: "noindex" },
];

const topicList = defineList({ sorts: { title: "asc", category: "asc", updated: "desc" }, defaultSort: "updated" });

export async function loader(args: Route.LoaderArgs) {
  const { query, page } = await loadList(args, topicList, listTopicsForAdmin);
  return {
    query,
    total: page.total,
    topics: page.rows.map((t) => ({
      ...t,
      publishedAt: t.publishedAt?.toISOString() ?? null,
      updatedAt: t.updatedAt.toISOString(),
    })),
  };
}

/** Delete, from the list's confirmation (the topic form's confirmation posts here too). */
export const action = (args: Route.ActionArgs) =>
  formAction(args, {
    schema: deleteTopicSchema,
    refusals: "toast",
    run: async (value, { s, actor }) => {
      const gone = await deleteTopic(s.db, actor, value);
      return { ok: true as const, ...TOPIC_ADMIN_TEXT.deleted(gone.title) };
    },
  });

type Row = Route.ComponentProps["loaderData"]["topics"][number];
const col = dataColumns<Row>();
const columns = col.columns([
  col.accessor("title", {
    id: "title",
    header: "Title",
    cell: (c) => (
      <span className="grid gap-1">
        <RowLink to={`${LIST_PATH}/${c.row.original.id}`} className="font-medium">
          {c.getValue()}
        </RowLink>
        {c.row.original.publishedAt ? null : (
          <Badge variant="outline" className="text-muted-foreground">
            Unpublished
          </Badge>
        )}
      </span>
    ),
    meta: { card: "title", className: "min-w-64" },
  }),
  col.accessor("category", {
    id: "category",
    header: "Category",
    cell: (c) => c.getValue() ?? <span className="text-muted-foreground">—</span>,
  }),
  col.accessor("updatedAt", {
    id: "updated",
    header: "Last updated",
    cell: (c) => <span className="whitespace-nowrap">{formatDate(c.getValue())}</span>,
  }),
]);

export default function AdminSupportTopics({ loaderData, actionData }: Route.ComponentProps) {
  const { query, total, topics } = loaderData;
  return (
    <>
      <PageHeader title={TOPIC_ADMIN_TEXT.pageTitle} subtitle={TOPIC_ADMIN_TEXT.subtitle} />
      <DeleteConfirmationHost action={LIST_PATH}>
        <div className="mx-auto grid w-full max-w-7xl gap-6 px-4 pb-24 sm:px-6 lg:px-8">
          <ActionAnswerNotice answer={actionData} />
          <DataTable
            list={topicList}
            query={query}
            columns={columns}
            rows={topics}
            total={total}
            getRowId={(t) => t.id}
            label="Support topics"
            noun={{ one: "topic", other: "topics" }}
            search={{ label: "Search", placeholder: "Title, category or keyword" }}
            toolbarActions={
              <Button asChild variant="gold">
                <Link to={`${LIST_PATH}/new`}>
                  <Plus aria-hidden="true" /> New topic
                </Link>
              </Button>
            }
            rowActions={(t) => (
              <div className="flex flex-wrap gap-2 md:flex-nowrap md:justify-end">
                <Button asChild variant="outline" size="sm">
                  <Link to={`${LIST_PATH}/${t.id}`}>
                    Edit<span className="sr-only"> {t.title}</span>
                  </Link>
                </Button>
                <ConfirmDeleteButton
                  intent="delete-topic"
                  id={t.id}
                  itemName={t.title}
                  title={`Delete “${t.title}”?`}
                  warning={TOPIC_ADMIN_TEXT.deleteWarning}
                />
              </div>
            )}
            emptyMessage={TOPIC_ADMIN_TEXT.empty}
            noMatchMessage={TOPIC_ADMIN_TEXT.noMatch}
          />
        </div>
      </DeleteConfirmationHost>
    </>
  );
}

/** The list could not be read: 'Error fetching topics'. */
export function ErrorBoundary() {
  return <LoadError title={TOPIC_ADMIN_TEXT.errorFetching} />;
}

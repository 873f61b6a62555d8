/**
 * /admin/blog (spec 2 §2, §4, §8): every post, drafts included, with title, status, publication date and author;
 * search, a status filter, sorting and paging in the URL (the admin list kit); New post and Edit lead to the post
 * form (blog-post.tsx); Delete asks for confirmation first. Every write drops the cached public blog pages.
 */
import { Link } from "react-router";
import { z } from "zod";
import { ActionAnswerNotice } from "#app/components/data-table/action-answer.tsx";
import { ConfirmDeleteButton, DeleteConfirmationHost } from "#app/components/data-table/confirm-delete.tsx";
import { DataTable, dataColumns, RowLink } from "#app/components/data-table/index.ts";
import { LoadError } from "#app/components/data-table/load-error.tsx";
import { PageHeader } from "#app/components/layout/page-header.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Plus } from "#app/components/ui/icons.tsx";
import { BLOG_POST_STATUSES } from "#kernel/enums.ts";
import { formatDate } from "#kernel/format.ts";
import { defineList } from "#kernel/list-query.ts";
import { BLOG_ADMIN_TEXT, BLOG_STATUS_LABELS, deletePostSchema } from "#kernel/schemas/blog-admin.ts";
import { deletePost, listPostsForAdmin } from "#server/domain/content/blog-admin.ts";
import { loadList } from "#server/web/list-loader.ts";
import { formAction } from "#server/web/route-kit.ts";
import type { Route } from "./+types/blog";

export const BLOG_ADMIN_PATH = "/admin/blog";

export const meta: Route.MetaFunction = () => [
  { title: `${BLOG_ADMIN_TEXT.pageTitle} · Admin · PoundCodes` },
  { name: "robots", content: "noindex" },
];

const postList = defineList({
  sorts: { title: "asc", status: "asc", published: "desc", updated: "desc" },
  defaultSort: "updated",
  filters: { status: z.enum(BLOG_POST_STATUSES) },
});

export async function loader(args: Route.LoaderArgs) {
  const { query, page } = await loadList(args, postList, listPostsForAdmin);
  return {
    query,
    total: page.total,
    posts: page.rows.map((p) => ({
      ...p,
      publishedAt: p.publishedAt?.toISOString() ?? null,
      updatedAt: p.updatedAt.toISOString(),
    })),
  };
}

/** Delete, from the list's confirmation (the post form's confirmation posts here too). */
export const action = (args: Route.ActionArgs) =>
  formAction(args, {
    schema: deletePostSchema,
    refusals: "toast",
    run: async (value, { s, actor }) => {
      const gone = await deletePost(s.db, actor, value);
      return { ok: true as const, ...BLOG_ADMIN_TEXT.deleted(gone.title) };
    },
  });

type Row = Route.ComponentProps["loaderData"]["posts"][number];
const col = dataColumns<Row>();
const columns = col.columns([
  col.accessor("title", {
    id: "title",
    header: "Title",
    cell: (c) => (
      <span className="grid gap-0.5">
        <RowLink to={`${BLOG_ADMIN_PATH}/${c.row.original.id}`} className="font-medium">
          {c.getValue()}
        </RowLink>
        <span className="text-xs break-all text-muted-foreground">/blog/{c.row.original.slug}</span>
      </span>
    ),
    meta: { card: "title", className: "min-w-64" },
  }),
  col.accessor("status", {
    id: "status",
    header: "Status",
    cell: (c) => (
      <Badge variant={c.getValue() === "published" ? "available" : "outline"}>{BLOG_STATUS_LABELS[c.getValue()]}</Badge>
    ),
  }),
  col.accessor("publishedAt", {
    id: "published",
    header: "Published",
    cell: (c) => {
      const v = c.getValue();
      return v ? (
        <span className="whitespace-nowrap">{formatDate(v)}</span>
      ) : (
        <span className="text-muted-foreground">Not published</span>
      );
    },
  }),
  col.accessor("authorName", {
    header: "Author",
    cell: (c) => c.getValue() ?? <span className="text-muted-foreground">—</span>,
  }),
  col.accessor("updatedAt", {
    id: "updated",
    header: "Last updated",
    cell: (c) => <span className="whitespace-nowrap">{formatDate(c.getValue())}</span>,
  }),
]);

export default function AdminBlog({ loaderData, actionData }: Route.ComponentProps) {
  const { query, total, posts } = loaderData;
  return (
    <>
      <PageHeader title={BLOG_ADMIN_TEXT.pageTitle} subtitle={BLOG_ADMIN_TEXT.subtitle} />
      <DeleteConfirmationHost action={BLOG_ADMIN_PATH}>
        <div className="mx-auto grid w-full max-w-7xl gap-6 px-4 pb-24 sm:px-6 lg:px-8">
          <ActionAnswerNotice answer={actionData} />
          <DataTable
            list={postList}
            query={query}
            columns={columns}
            rows={posts}
            total={total}
            getRowId={(p) => p.id}
            label="Blog posts"
            noun={{ one: "post", other: "posts" }}
            search={{ label: "Search", placeholder: "Title, slug, author or tag" }}
            filters={[
              {
                name: "status",
                label: "Status",
                allLabel: "All statuses",
                options: BLOG_POST_STATUSES.map((s) => ({ value: s, label: BLOG_STATUS_LABELS[s] })),
              },
            ]}
            toolbarActions={
              <Button asChild variant="gold">
                <Link to={`${BLOG_ADMIN_PATH}/new`}>
                  <Plus aria-hidden="true" /> New post
                </Link>
              </Button>
            }
            rowActions={(p) => (
              <div className="flex flex-wrap gap-2 md:flex-nowrap md:justify-end">
                <Button asChild variant="outline" size="sm">
                  <Link to={`${BLOG_ADMIN_PATH}/${p.id}`}>
                    Edit<span className="sr-only"> {p.title}</span>
                  </Link>
                </Button>
                <ConfirmDeleteButton
                  intent="delete-post"
                  id={p.id}
                  itemName={p.title}
                  title={`Delete “${p.title}”?`}
                  warning={BLOG_ADMIN_TEXT.deleteWarning}
                />
              </div>
            )}
            emptyMessage={BLOG_ADMIN_TEXT.empty}
            noMatchMessage={BLOG_ADMIN_TEXT.noMatch}
          />
        </div>
      </DeleteConfirmationHost>
    </>
  );
}

/** The list could not be read: 'Error fetching posts'. */
export function ErrorBoundary() {
  return <LoadError title={BLOG_ADMIN_TEXT.errorFetching} />;
}

/**
 * /admin/content-editor (spec 2 §2, §5, §7, §8, §9): the site's editable text as cards, filtered by page (the
 * distinct page_slug values plus 'All Pages') and searched by key, value or description; each card saves its value
 * inline; 'Add New Content Item' adds a key. Public pages read these values, so every successful write drops the
 * cached public pages' content tag and the change shows at once.
 */
import { z } from "zod";
import { AddContentItemButton } from "#app/components/content-editor/add-content-dialog.tsx";
import { ContentCard } from "#app/components/content-editor/content-card.tsx";
import { ActionAnswerNotice, ListToolbar } from "#app/components/data-table/index.ts";
import { LoadError, refusalMessage } from "#app/components/data-table/load-error.tsx";
import { PageHeader } from "#app/components/layout/page-header.tsx";
import { FileText } from "#app/components/ui/icons.tsx";
import { defineList } from "#kernel/list-query.ts";
import { CONTENT_TEXT, contentCreateSchema, contentSaveSchema } from "#kernel/schemas/content-editor.ts";
import {
  createContentItem,
  listContentForAdmin,
  saveContentValue,
} from "#server/domain/content/editable-content-admin.ts";
import { loadList } from "#server/web/list-loader.ts";
import { formAction } from "#server/web/route-kit.ts";
import type { Route } from "./+types/content-editor";

export const meta: Route.MetaFunction = () => [
  { title: `${CONTENT_TEXT.pageTitle} · Admin · PoundCodes` },
  { name: "robots", content: "noindex" },
];

/** The page filter and the search live in the URL (?pageSlug=home&q=…). */
const contentList = defineList({
  sorts: { key: "asc" },
  defaultSort: "key",
  filters: { pageSlug: z.string().regex(/^[a-z0-9-]{1,60}$/) },
});

export async function loader(args: Route.LoaderArgs) {
  const { query, page: list } = await loadList(args, contentList, (db, actor, query) =>
    listContentForAdmin(db, actor, { pageSlug: query.filters.pageSlug ?? null, q: query.q }),
  );
  return {
    query,
    pages: list.pages,
    items: list.items.map(({ updatedAt, ...i }) => ({ ...i, updatedAt: updatedAt.toISOString() })),
  };
}

const actionSchema = z.discriminatedUnion("intent", [contentCreateSchema, contentSaveSchema]);

/** One domain call per intent; each answers `{ ok, title, message }`. */
export const action = (args: Route.ActionArgs) =>
  formAction(args, {
    schema: actionSchema,
    refusals: "toast",
    run: async (value, { s, actor }) => {
      switch (value.intent) {
        case "create-content": {
          const { intent: _intent, ...input } = value;
          const created = await createContentItem(s.db, actor, input);
          return { ok: true as const, ...CONTENT_TEXT.created(created.contentKey) };
        }
        case "save-content": {
          const saved = await saveContentValue(s.db, actor, { id: value.id, contentValue: value.contentValue });
          return {
            ok: true as const,
            ...(saved.changed ? CONTENT_TEXT.saved : CONTENT_TEXT.unchanged)(saved.contentKey),
          };
        }
      }
    },
  });

export default function AdminContentEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { query, pages, items } = loaderData;
  const page = query.filters.pageSlug;
  const narrowed = Boolean(page || query.q);
  return (
    <>
      <PageHeader
        title={CONTENT_TEXT.pageTitle}
        subtitle="The site's own words: headlines, notes and policy sections. A saved value shows on the public pages at once."
      />
      <div className="mx-auto grid w-full max-w-7xl gap-6 px-4 pb-24 sm:px-6 lg:px-8">
        <ActionAnswerNotice answer={actionData} />
        <ListToolbar
          list={contentList}
          query={query}
          search={{ label: "Search", placeholder: "Key, text or description" }}
          filters={[
            {
              name: "pageSlug",
              label: "Page",
              allLabel: CONTENT_TEXT.allPages,
              options: pages.map((p) => ({ value: p, label: p })),
            },
          ]}
          actions={<AddContentItemButton pages={pages} defaultPage={page} />}
        />
        <p className="text-sm text-muted-foreground" role="status">
          {items.length === 1 ? "1 content item" : `${items.length} content items`}
          {page ? ` on ${page}` : ""}, by page and key.
        </p>
        {items.length === 0 ? (
          <div className="grid justify-items-center gap-3 rounded-xl border border-dashed border-border px-6 py-14 text-center">
            <FileText className="size-8 text-muted-foreground" aria-hidden="true" />
            <p className="text-muted-foreground">{narrowed && query.q ? CONTENT_TEXT.noMatch : CONTENT_TEXT.empty}</p>
          </div>
        ) : (
          <ul aria-label="Content items" className="grid grid-cols-1 gap-5 lg:grid-cols-2">
            {items.map((item) => (
              <ContentCard key={item.id} item={item} />
            ))}
          </ul>
        )}
      </div>
    </>
  );
}

/** The items could not be read: 'Error fetching content items'. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <LoadError title={CONTENT_TEXT.errorFetching} message={refusalMessage(error)} />;
}

/**
 * /admin/faq (spec 2 §2, §3, §4, §5, §7, §8): every FAQ item as cards grouped by category, in the public page's
 * order (category, then display order); search, category and status filters; the add and edit dialog; Publish or
 * Unpublish (only published items show publicly); delete with the list kit's confirmation. The FAQ page and the
 * home page's FAQ block show these, so every successful write drops the cached public pages' content tag.
 */
import { Link } from "react-router";
import { z } from "zod";
import { DeleteConfirmationHost } from "#app/components/data-table/confirm-delete.tsx";
import { ActionAnswerNotice, ListToolbar } from "#app/components/data-table/index.ts";
import { LoadError, refusalMessage } from "#app/components/data-table/load-error.tsx";
import { FaqCard } from "#app/components/faq-admin/faq-card.tsx";
import { FaqDialogButton } from "#app/components/faq-admin/faq-dialog.tsx";
import { FAQ_ACTION } from "#app/components/faq-admin/types.ts";
import { PageHeader } from "#app/components/layout/page-header.tsx";
import { ExternalLink, HelpCircle } from "#app/components/ui/icons.tsx";
import { defineList } from "#kernel/list-query.ts";
import {
  FAQ_ADMIN_TEXT,
  FAQ_STATUS_LABELS,
  FAQ_STATUSES,
  faqDeleteSchema,
  faqFormSchema,
  faqPublishSchema,
} from "#kernel/schemas/faq-admin.ts";
import { deleteFaqItem, listFaqForAdmin, saveFaqItem, setFaqPublished } from "#server/domain/content/faq-admin.ts";
import { loadList } from "#server/web/list-loader.ts";
import { formAction } from "#server/web/route-kit.ts";
import type { Route } from "./+types/faq";

export const meta: Route.MetaFunction = () => [
  { title: `${FAQ_ADMIN_TEXT.pageTitle} · Admin · PoundCodes` },
  { name: "robots", content: "noindex" },
];

/** Search, category and status live in the URL (?q=…&category=Billing&status=draft). */
const faqList = defineList({
  sorts: { order: "asc" },
  defaultSort: "order",
  filters: { category: z.string().trim().min(1).max(60), status: z.enum(FAQ_STATUSES) },
});

export async function loader(args: Route.LoaderArgs) {
  const { query, page: list } = await loadList(args, faqList, (db, actor, query) =>
    listFaqForAdmin(db, actor, {
      q: query.q,
      category: query.filters.category ?? null,
      status: query.filters.status ?? null,
    }),
  );
  return {
    query,
    categories: list.categories,
    total: list.total,
    published: list.published,
    items: list.items.map(({ createdAt: _c, updatedAt: _u, ...i }) => i),
  };
}

const actionSchema = z.discriminatedUnion("intent", [faqFormSchema, faqPublishSchema, faqDeleteSchema]);

/** One domain call per intent; each answers the spec's toast (`{ ok, title, message }`). */
export const action = (args: Route.ActionArgs) =>
  formAction(args, {
    schema: actionSchema,
    refusals: "toast",
    run: async (value, { s, actor }) => {
      switch (value.intent) {
        case "save-faq": {
          const { intent: _intent, ...input } = value;
          const saved = await saveFaqItem(s.db, actor, input);
          return {
            ok: true as const,
            ...(saved.created ? FAQ_ADMIN_TEXT.created : FAQ_ADMIN_TEXT.updated)(saved.question),
          };
        }
        case "publish-faq": {
          const r = await setFaqPublished(s.db, actor, { id: value.id, publish: value.publish });
          return { ok: true as const, ...FAQ_ADMIN_TEXT.published(r.question, r.isPublished) };
        }
        case "delete-faq": {
          const gone = await deleteFaqItem(s.db, actor, { id: value.id });
          return { ok: true as const, ...FAQ_ADMIN_TEXT.deleted(gone.question) };
        }
      }
    },
  });

type Item = Route.ComponentProps["loaderData"]["items"][number];

/** The items in groups of one category each, in order. */
function byCategory(items: readonly Item[]): { category: string; items: Item[] }[] {
  const groups: { category: string; items: Item[] }[] = [];
  for (const item of items) {
    const last = groups.at(-1);
    if (last && last.category === item.categoryLabel) last.items.push(item);
    else groups.push({ category: item.categoryLabel, items: [item] });
  }
  return groups;
}

function plural(n: number, one: string, other: string) {
  return `${n.toLocaleString("en-US")} ${n === 1 ? one : other}`;
}

export default function AdminFaq({ loaderData, actionData }: Route.ComponentProps) {
  const { query, categories, total, published, items } = loaderData;
  const narrowed = faqList.isNarrowed(query);
  return (
    <>
      <PageHeader
        title={FAQ_ADMIN_TEXT.pageTitle}
        subtitle="The questions on the public FAQ page and the home page, by category and display order. Visitors see published questions only."
      />
      <DeleteConfirmationHost action={FAQ_ACTION}>
        <div className="mx-auto grid w-full max-w-7xl gap-6 px-4 pb-24 sm:px-6 lg:px-8">
          <ActionAnswerNotice answer={actionData} />
          <ListToolbar
            list={faqList}
            query={query}
            search={{ label: "Search", placeholder: "Question, answer or category" }}
            filters={[
              {
                name: "category",
                label: "Category",
                allLabel: "All categories",
                options: categories.map((c) => ({ value: c, label: c })),
              },
              {
                name: "status",
                label: "Status",
                allLabel: "All statuses",
                options: FAQ_STATUSES.map((s) => ({ value: s, label: FAQ_STATUS_LABELS[s] })),
              },
            ]}
            actions={<FaqDialogButton categories={categories} />}
          />
          <div className="flex flex-wrap items-center justify-between gap-3 text-sm text-muted-foreground">
            <p role="status">
              {plural(total, "question", "questions")}, {published.toLocaleString("en-US")} published
              {narrowed ? ` · ${plural(items.length, "match", "matches")}` : ""}.
            </p>
            <Link
              to="/faq"
              className="inline-flex items-center gap-1 font-medium text-foreground underline underline-offset-4 hover:no-underline"
            >
              View the FAQ page
              <ExternalLink className="size-3.5" aria-hidden="true" />
            </Link>
          </div>
          {items.length === 0 ? (
            <div className="grid justify-items-center gap-3 rounded-xl border border-dashed border-border px-6 py-14 text-center">
              <HelpCircle className="size-8 text-muted-foreground" aria-hidden="true" />
              <p className="text-muted-foreground">{narrowed ? FAQ_ADMIN_TEXT.noMatch : FAQ_ADMIN_TEXT.empty}</p>
            </div>
          ) : (
            <div className="grid gap-10">
              {byCategory(items).map((group) => (
                <section key={group.category} aria-label={group.category} className="grid gap-4">
                  <h2 className="flex items-baseline gap-3 text-xl font-semibold tracking-tight">
                    {group.category}
                    <span className="text-sm font-normal text-muted-foreground">
                      {plural(group.items.length, "question", "questions")}
                    </span>
                  </h2>
                  <ul className="grid grid-cols-1 gap-5 md:grid-cols-2 xl:grid-cols-3">
                    {group.items.map((item) => (
                      <FaqCard key={item.id} item={item} categories={categories} />
                    ))}
                  </ul>
                </section>
              ))}
            </div>
          )}
        </div>
      </DeleteConfirmationHost>
    </>
  );
}

/** The items could not be read: 'Error fetching FAQs'. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <LoadError title={FAQ_ADMIN_TEXT.errorFetching} message={refusalMessage(error)} />;
}

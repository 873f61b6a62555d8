/**
 * /admin/categories, 'Manage Categories & Keywords' (spec 2 §2, §5, §8): the categories (#Codes and keyword
 * groups) as a card grid with Add, Edit and Delete (a confirmation that warns about territory links), and the
 * special pricing keywords with Add, Edit and Delete. Every write goes through one action with an intent; the
 * names and prices show on public pages, so a successful write drops the cached catalogue pages.
 */
import { useFetchers } from "react-router";
import { z } from "zod";
import { CategoryCard } from "#app/components/categories/category-card.tsx";
import { AddCategoryButton } from "#app/components/categories/category-dialog.tsx";
import { KeywordList } from "#app/components/categories/keyword-list.tsx";
import { CATEGORIES_ACTION } from "#app/components/categories/types.ts";
import { ActionAnswerNotice } from "#app/components/data-table/action-answer.tsx";
import { DeleteConfirmationHost } from "#app/components/data-table/confirm-delete.tsx";
import { LoadError, refusalMessage } from "#app/components/data-table/load-error.tsx";
import { PageHeader } from "#app/components/layout/page-header.tsx";
import { FolderTree } from "#app/components/ui/icons.tsx";
import {
  CATEGORY_TEXT,
  categoryFormSchema,
  deleteCategorySchema,
  deleteKeywordSchema,
  KEYWORD_TEXT,
  keywordFormSchema,
} from "#kernel/schemas/categories.ts";
import { areaUser } from "#server/auth/guards.ts";
import { deleteCategory, listCategoriesForAdmin, saveCategory } from "#server/domain/catalogue/categories-admin.ts";
import { describeUses } from "#server/domain/catalogue/errors.ts";
import { deleteKeyword, listKeywordsForAdmin, saveKeyword } from "#server/domain/catalogue/keywords-admin.ts";
import { throwAsRouteError } from "#server/web/respond.ts";
import { actorFor, formAction, services } from "#server/web/route-kit.ts";
import type { Route } from "./+types/categories";

export const meta: Route.MetaFunction = () => [
  { title: `${CATEGORY_TEXT.pageTitle} · Admin · PoundCodes` },
  { name: "robots", content: "noindex" },
];

export async function loader({ context }: Route.LoaderArgs) {
  const db = services(context).db;
  const actor = actorFor(areaUser(context), context);
  const [categories, keywords] = await Promise.all([
    listCategoriesForAdmin(db, actor),
    listKeywordsForAdmin(db, actor),
  ]).catch(throwAsRouteError);
  return {
    categories: categories.map(({ uses, ...c }) => ({ ...c, inUse: describeUses(uses) || null })),
    keywords,
  };
}

const actionSchema = z.discriminatedUnion("intent", [
  categoryFormSchema,
  deleteCategorySchema,
  keywordFormSchema,
  deleteKeywordSchema,
]);

/** One domain call per intent; each answers the spec's toast (`{ ok, title, message }`). */
export const action = (args: Route.ActionArgs) =>
  formAction(args, {
    schema: actionSchema,
    refusals: "toast",
    run: async (value, { s, actor }) => {
      switch (value.intent) {
        case "save-category": {
          const saved = await saveCategory(s.db, actor, value);
          return { ok: true as const, ...(saved.created ? CATEGORY_TEXT.created : CATEGORY_TEXT.updated)(saved.name) };
        }
        case "delete-category": {
          const gone = await deleteCategory(s.db, actor, value);
          return { ok: true as const, ...CATEGORY_TEXT.deleted(gone.name) };
        }
        case "save-keyword": {
          const saved = await saveKeyword(s.db, actor, value);
          return {
            ok: true as const,
            ...(saved.created ? KEYWORD_TEXT.created : KEYWORD_TEXT.updated)(saved.keywordText),
          };
        }
        case "delete-keyword": {
          const gone = await deleteKeyword(s.db, actor, value);
          return { ok: true as const, ...KEYWORD_TEXT.deleted(gone.keywordText) };
        }
      }
    },
  });

/** While the lists load again after a write. */
function ReloadStatus() {
  const reloading = useFetchers().some((f) => f.state === "loading");
  return (
    <p role="status" className="min-h-5 text-sm text-muted-foreground">
      {reloading ? CATEGORY_TEXT.loading : ""}
    </p>
  );
}

export default function AdminCategories({ loaderData, actionData }: Route.ComponentProps) {
  const { categories, keywords } = loaderData;
  return (
    <>
      <PageHeader
        title={CATEGORY_TEXT.pageTitle}
        subtitle="The #Codes and keyword groups offered in every territory, and the keywords that raise a license's price."
      />
      <DeleteConfirmationHost action={CATEGORIES_ACTION}>
        <div className="mx-auto grid w-full max-w-7xl grid-cols-1 gap-14 px-4 pb-24 sm:px-6 lg:px-8">
          <ActionAnswerNotice answer={actionData} />
          <section aria-labelledby="categories-heading" className="grid min-w-0 grid-cols-1 gap-5">
            <div className="flex flex-wrap items-end justify-between gap-4">
              <div>
                <h2 id="categories-heading" className="text-2xl font-semibold tracking-tight">
                  Categories
                </h2>
                <p className="mt-1 text-sm text-muted-foreground">
                  {categories.length === 1 ? "1 category" : `${categories.length} categories`}, by name.
                </p>
              </div>
              <AddCategoryButton />
            </div>
            <ReloadStatus />
            {categories.length === 0 ? (
              <div className="grid justify-items-center gap-3 rounded-xl border border-dashed border-border px-6 py-14 text-center">
                <FolderTree className="size-8 text-muted-foreground" aria-hidden="true" />
                <p className="text-muted-foreground">{CATEGORY_TEXT.empty}</p>
              </div>
            ) : (
              <ul className="grid grid-cols-1 gap-5 sm:grid-cols-2 xl:grid-cols-3">
                {categories.map((c) => (
                  <CategoryCard key={c.id} category={c} />
                ))}
              </ul>
            )}
          </section>
          <KeywordList keywords={keywords} />
        </div>
      </DeleteConfirmationHost>
    </>
  );
}

/** The lists could not be read. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <LoadError title={CATEGORY_TEXT.errorFetching} message={refusalMessage(error)} />;
}

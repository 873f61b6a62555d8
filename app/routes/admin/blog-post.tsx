/**
 * /admin/blog/new and /admin/blog/:postId (one route: "new" is the empty form) (spec 2 §2, §4, §5): the post form on its own page, with the rich-text
 * editor, a preview of the sanitized post and, for an existing post, its public address and Delete (with
 * confirmation). Saving redirects back here with a toast; a refusal keeps what was typed and shows the messages
 * under the fields. Every save drops the cached public blog pages.
 */
import { Link, useNavigate } from "react-router";
import { z } from "zod";
import { PostForm, type PostFormValues } from "#app/components/blog-admin/post-form.tsx";
import { PostPreview, type PostPreviewData } from "#app/components/blog-admin/post-preview.tsx";
import { ConfirmDeleteButton, DeleteConfirmationHost } from "#app/components/data-table/confirm-delete.tsx";
import { LoadError } from "#app/components/data-table/load-error.tsx";
import { PageHeader } from "#app/components/layout/page-header.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { ArrowLeft, ExternalLink } from "#app/components/ui/icons.tsx";
import { areaMeta } from "#app/lib/seo.ts";
import { formatDate } from "#kernel/format.ts";
import { BLOG_ADMIN_TEXT, BLOG_STATUS_LABELS, blogPostFormSchema } from "#kernel/schemas/blog-admin.ts";
import { areaUser } from "#server/auth/guards.ts";
import { defaultAuthorName, getPostForAdmin, previewPost, savePost } from "#server/domain/content/blog-admin.ts";
import { redirectWithToast } from "#server/web/flash.ts";
import { throwAsRouteError } from "#server/web/respond.ts";
import { actorFor, formAction, services } from "#server/web/route-kit.ts";
import type { Route } from "./+types/blog-post";

const LIST_PATH = "/admin/blog";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const meta: Route.MetaFunction = ({ loaderData }) =>
  areaMeta(loaderData?.post ? loaderData.post.title : loaderData ? "New post" : "Post not found", "Admin");

export async function loader({ params, context }: Route.LoaderArgs) {
  const s = services(context);
  const actor = actorFor(areaUser(context), context);
  if (params.postId === "new") {
    const author = await defaultAuthorName(s.db, actor).catch(throwAsRouteError);
    return { post: null, author };
  }
  if (!UUID.test(params.postId)) throw new Response(BLOG_ADMIN_TEXT.notFound, { status: 404 });
  const post = await getPostForAdmin(s.db, actor, params.postId).catch(throwAsRouteError);
  return {
    author: null,
    post: {
      ...post,
      publishedAt: post.publishedAt?.toISOString() ?? null,
      updatedAt: post.updatedAt.toISOString(),
      createdAt: post.createdAt.toISOString(),
    },
  };
}

const previewSchema = blogPostFormSchema.extend({ intent: z.literal("preview-post") });
const actionSchema = z.discriminatedUnion("intent", [blogPostFormSchema, previewSchema]);

export const action = (args: Route.ActionArgs) =>
  formAction(args, {
    schema: actionSchema,
    run: async (value, { s, actor, form }) => {
      if (value.intent === "preview-post") {
        // What was typed comes back too, so the form keeps it without JavaScript.
        const typed = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === "string"));
        return { ok: true as const, preview: previewPost(actor, { ...value, intent: "save-post" }), typed };
      }
      const saved = await savePost(s.db, actor, value);
      const done = (saved.created ? BLOG_ADMIN_TEXT.created : BLOG_ADMIN_TEXT.updated)(saved.title);
      return redirectWithToast(s.config, `${LIST_PATH}/${saved.id}`, {
        type: "success",
        title: done.title,
        description: done.message,
      });
    },
  });

type Answer = {
  ok?: boolean;
  preview?: PostPreviewData;
  typed?: Record<string, string>;
  result?: Parameters<typeof PostForm>[0]["result"];
};

export default function AdminBlogPost({ loaderData, actionData }: Route.ComponentProps) {
  const { post, author } = loaderData;
  const navigate = useNavigate();
  const answer = actionData as Answer | undefined;
  const preview = answer?.ok ? answer.preview : undefined;
  // A refusal or a preview keeps what was typed (the form's last submission); otherwise the stored post.
  const typed = (answer?.typed ?? answer?.result?.initialValue ?? null) as Partial<PostFormValues> | null;
  const defaultValue: PostFormValues = post
    ? {
        id: post.id,
        title: post.title,
        slug: post.slug,
        excerpt: post.excerpt ?? "",
        content: post.content,
        imageUrl: post.imageUrl ?? "",
        tags: post.tags.join(", "),
        status: post.status,
        authorName: post.authorName ?? "",
      }
    : {
        title: "",
        slug: "",
        excerpt: "",
        content: "",
        imageUrl: "",
        tags: "",
        status: "draft",
        authorName: author ?? "",
      };
  return (
    <>
      <PageHeader
        title={post ? post.title : "New post"}
        subtitle={post ? `/blog/${post.slug}` : "Write a post, preview it, then save it as a draft or publish it."}
      />
      <DeleteConfirmationHost action={LIST_PATH} onDeleted={() => navigate(LIST_PATH)}>
        <div className="mx-auto grid w-full max-w-7xl gap-8 px-4 pb-24 sm:px-6 lg:px-8">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <Link
              to={LIST_PATH}
              className="inline-flex items-center gap-1.5 text-sm underline-offset-4 hover:underline"
            >
              <ArrowLeft className="size-4" aria-hidden="true" /> All posts
            </Link>
            {post ? (
              <div className="flex flex-wrap items-center gap-3">
                <Badge variant={post.status === "published" ? "available" : "outline"}>
                  {BLOG_STATUS_LABELS[post.status]}
                </Badge>
                <span className="text-sm text-muted-foreground">
                  {post.publishedAt ? `Published ${formatDate(post.publishedAt)}` : "Not published"} · Updated{" "}
                  {formatDate(post.updatedAt)}
                </span>
                {post.status === "published" ? (
                  <Link
                    to={`/blog/${post.slug}`}
                    className="inline-flex items-center gap-1.5 text-sm font-semibold text-accent-text underline-offset-4 hover:underline"
                  >
                    View on the blog <ExternalLink className="size-3.5" aria-hidden="true" />
                  </Link>
                ) : null}
                <ConfirmDeleteButton
                  intent="delete-post"
                  id={post.id}
                  itemName={post.title}
                  title={`Delete “${post.title}”?`}
                  warning={BLOG_ADMIN_TEXT.deleteWarning}
                />
              </div>
            ) : null}
          </div>
          <PostForm
            key={post?.updatedAt ?? "new"}
            defaultValue={typed ? { ...defaultValue, ...stringsOf(typed) } : defaultValue}
            result={answer?.ok ? null : (answer?.result ?? null)}
          />
          {preview ? <PostPreview key={JSON.stringify(preview).length} preview={preview} /> : null}
        </div>
      </DeleteConfirmationHost>
    </>
  );
}

/** The typed values as the form's text fields hold them (tags come back as a list after a preview). */
function stringsOf(typed: Partial<Record<keyof PostFormValues, unknown>>): Partial<PostFormValues> {
  const out: Partial<PostFormValues> = {};
  for (const [k, v] of Object.entries(typed)) {
    if (k === "id" || k === "intent") continue;
    out[k as keyof PostFormValues] = Array.isArray(v) ? v.join(", ") : typeof v === "string" ? v : "";
  }
  return out;
}

export function ErrorBoundary() {
  return (
    <LoadError title={BLOG_ADMIN_TEXT.errorFetching} message={BLOG_ADMIN_TEXT.notFound}>
      <p>
        <Link to={LIST_PATH} className="font-semibold underline underline-offset-4">
          Back to all posts
        </Link>
      </p>
    </LoadError>
  );
}

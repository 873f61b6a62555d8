/**
 * /admin/support-topics/new and /admin/support-topics/:topicId (one route: "new" is the empty form; spec 2 §2, §5):
 * the topic form on its own page with the rich-text editor and, for an existing topic, its public address and
 * Delete (with confirmation). Saving redirects back here with a toast; a refusal keeps what was typed and shows
 * the messages under the fields. Every save drops the cached public topic pages.
 */
import { Link, useNavigate } from "react-router";
import { ConfirmDeleteButton, DeleteConfirmationHost } from "#app/components/data-table/confirm-delete.tsx";
import { LoadError } from "#app/components/data-table/load-error.tsx";
import { PageHeader } from "#app/components/layout/page-header.tsx";
import { TopicForm, type TopicFormValues } from "#app/components/support-topics-admin/topic-form.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { ArrowLeft, ExternalLink } from "#app/components/ui/icons.tsx";
import { areaMeta } from "#app/lib/seo.ts";
import { formatDate } from "#kernel/format.ts";
import { supportTopicFormSchema, TOPIC_ADMIN_TEXT } from "#kernel/schemas/support-topics-admin.ts";
import { areaUser } from "#server/auth/guards.ts";
import { getTopicForAdmin, saveTopic } from "#server/domain/content/support-topics-admin.ts";
import { redirectWithToast } from "#server/web/flash.ts";
import { throwAsRouteError } from "#server/web/respond.ts";
import { actorFor, formAction, services } from "#server/web/route-kit.ts";
import type { Route } from "./+types/support-topic";

const LIST_PATH = "/admin/support-topics";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const meta: Route.MetaFunction = ({ loaderData }) =>
  areaMeta(loaderData?.topic ? loaderData.topic.title : loaderData ? "New topic" : "Topic not found", "Admin");

export async function loader({ params, context }: Route.LoaderArgs) {
  if (params.topicId === "new") return { topic: null };
  if (!UUID.test(params.topicId)) throw new Response(TOPIC_ADMIN_TEXT.notFound, { status: 404 });
  const s = services(context);
  const topic = await getTopicForAdmin(s.db, actorFor(areaUser(context), context), params.topicId).catch(
    throwAsRouteError,
  );
  return {
    topic: {
      ...topic,
      publishedAt: topic.publishedAt?.toISOString() ?? null,
      updatedAt: topic.updatedAt.toISOString(),
      createdAt: topic.createdAt.toISOString(),
    },
  };
}

export const action = (args: Route.ActionArgs) =>
  formAction(args, {
    schema: supportTopicFormSchema,
    run: async (value, { s, actor }) => {
      const saved = await saveTopic(s.db, actor, value);
      const done = (saved.created ? TOPIC_ADMIN_TEXT.created : TOPIC_ADMIN_TEXT.updated)(saved.title);
      return redirectWithToast(s.config, `${LIST_PATH}/${saved.id}`, {
        type: "success",
        title: done.title,
        description: done.message,
      });
    },
  });

type Answer = { ok?: boolean; result?: Parameters<typeof TopicForm>[0]["result"] };

export default function AdminSupportTopic({ loaderData, actionData }: Route.ComponentProps) {
  const { topic } = loaderData;
  const navigate = useNavigate();
  const answer = actionData as Answer | undefined;
  const defaultValue: TopicFormValues = topic
    ? {
        id: topic.id,
        title: topic.title,
        slug: topic.slug,
        category: topic.category ?? "",
        summary: topic.summary ?? "",
        content: topic.content,
        keywords: topic.keywords.join(", "),
        published: Boolean(topic.publishedAt),
      }
    : { title: "", slug: "", category: "", summary: "", content: "", keywords: "", published: true };
  const typed = answer?.result?.initialValue as Record<string, unknown> | undefined;
  const kept: TopicFormValues = typed
    ? {
        ...defaultValue,
        ...Object.fromEntries(
          Object.entries(typed)
            .filter(([k, v]) => k !== "id" && k !== "intent" && typeof v === "string")
            .map(([k, v]) => [k, v as string]),
        ),
        published: typed.published === "on",
      }
    : defaultValue;
  return (
    <>
      <PageHeader
        title={topic ? topic.title : "New topic"}
        subtitle={topic ? `/support-topics/${topic.slug}` : "A guide for licensees in the public help center."}
      />
      <DeleteConfirmationHost action={LIST_PATH} onDeleted={() => navigate(LIST_PATH)}>
        <div className="mx-auto grid w-full max-w-7xl gap-8 px-4 pb-24 sm:px-6 lg:px-8">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <Link
              to={LIST_PATH}
              className="inline-flex items-center gap-1.5 text-sm underline-offset-4 hover:underline"
            >
              <ArrowLeft className="size-4" aria-hidden="true" /> All topics
            </Link>
            {topic ? (
              <div className="flex flex-wrap items-center gap-3">
                <Badge variant={topic.publishedAt ? "available" : "outline"}>
                  {topic.publishedAt ? "Published" : "Unpublished"}
                </Badge>
                <span className="text-sm text-muted-foreground">Last updated {formatDate(topic.updatedAt)}</span>
                {topic.publishedAt ? (
                  <Link
                    to={`/support-topics/${topic.slug}`}
                    className="inline-flex items-center gap-1.5 text-sm font-semibold text-accent-text underline-offset-4 hover:underline"
                  >
                    View in the help center <ExternalLink className="size-3.5" aria-hidden="true" />
                  </Link>
                ) : null}
                <ConfirmDeleteButton
                  intent="delete-topic"
                  id={topic.id}
                  itemName={topic.title}
                  title={`Delete “${topic.title}”?`}
                  warning={TOPIC_ADMIN_TEXT.deleteWarning}
                />
              </div>
            ) : null}
          </div>
          <TopicForm
            key={topic?.updatedAt ?? "new"}
            defaultValue={kept}
            result={answer?.ok ? null : (answer?.result ?? null)}
          />
        </div>
      </DeleteConfirmationHost>
    </>
  );
}

export function ErrorBoundary() {
  return (
    <LoadError title={TOPIC_ADMIN_TEXT.errorFetching} message={TOPIC_ADMIN_TEXT.notFound}>
      <p>
        <Link to={LIST_PATH} className="font-semibold underline underline-offset-4">
          Back to all topics
        </Link>
      </p>
    </LoadError>
  );
}

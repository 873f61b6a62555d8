/**
 * Support topics on the administrator's side (/admin/support-topics): the list, one topic for editing, and the
 * writes: create, update, delete. Each write is one transaction with its audit row, and every verb refuses a
 * caller who is not an administrator, whatever the route in front of it did.
 *
 * Rules (spec 2 §3, §5):
 * - The slug is made from the title while creating and locked once the topic exists: an update keeps the stored
 *   slug whatever the form sent. Slugs are unique; a taken slug is a field error naming the topic that has it.
 * - A topic is published while it has a `published_at`: ticking Published stamps the current time when the topic
 *   has none (a topic published before keeps its date); unticking clears it.
 * - Keywords are split on commas, trimmed, empties dropped (by the form's schema).
 * - The content is sanitized (sanitizeHtml) before it is stored, and again when it is rendered; the category and
 *   summary are plain text.
 */
import { and, eq, ne, type SQL, sql } from "drizzle-orm";
import type { ListQuery } from "#kernel/list-query.ts";
import {
  type DeleteTopicData,
  type SupportTopicFormData,
  TOPIC_ADMIN_TEXT,
} from "#kernel/schemas/support-topics-admin.ts";
import type { Database, DbOrTx, Tx } from "#server/db/client.ts";
import { supportTopics } from "#server/db/schema/index.ts";
import { CHANGE, recordChange } from "#server/domain/changes.ts";
import { type Actor, assertAdmin } from "../actor.ts";
import { changedFields, deleteAudited, recordAudit } from "../audit/audit.ts";
import { NotFoundError, uniqueRefusal, ValidationError } from "../errors.ts";
import { listSql, type Page, pageOf, totalCount } from "../lists/list-sql.ts";
import { AUDITED_AS_STORED, plainTextField } from "./blog-admin.ts";
import { storedTextToHtml } from "./faq.ts";
import { sanitizeHtml } from "./sanitize.ts";

export type TopicAdminQuery = ListQuery<"title" | "category" | "updated">;

export type AdminTopicRow = {
  id: string;
  title: string;
  slug: string;
  category: string | null;
  publishedAt: Date | null;
  updatedAt: Date;
};

export type AdminTopic = AdminTopicRow & {
  summary: string | null;
  /** Sanitized HTML. */
  content: string;
  keywords: string[];
  createdAt: Date;
};

/** The topic named by the form does not exist (any more). */
export class AdminTopicNotFoundError extends NotFoundError {
  override name = "AdminTopicNotFoundError";
  constructor(title: string) {
    super("support_topic_not_found", title, TOPIC_ADMIN_TEXT.notFound);
  }
}

const keywordText = sql`array_to_string(${supportTopics.keywords}, ' ')`;

const rowFields = {
  id: supportTopics.id,
  title: supportTopics.title,
  slug: supportTopics.slug,
  category: supportTopics.category,
  publishedAt: supportTopics.publishedAt,
  updatedAt: supportTopics.updatedAt,
};

/** One page of topics, unpublished ones included: search on title, slug, category, summary and keywords. */
export async function listTopicsForAdmin(
  db: DbOrTx,
  actor: Actor,
  query: TopicAdminQuery,
): Promise<Page<AdminTopicRow>> {
  assertAdmin(actor);
  const list = listSql(query, {
    sorts: {
      title: supportTopics.title,
      category: { by: supportTopics.category, ties: [sql`${supportTopics.title} asc`] },
      updated: supportTopics.updatedAt,
    },
    search: [supportTopics.title, supportTopics.slug, supportTopics.category, supportTopics.summary, keywordText],
    tiebreak: supportTopics.id,
  });
  const rows = await db
    .select({ ...rowFields, total: totalCount() })
    .from(supportTopics)
    .where(list.search)
    .orderBy(...list.orderBy)
    .limit(list.limit)
    .offset(list.offset);
  return pageOf(rows, list, () => db.$count(supportTopics, list.search));
}

/** One topic with everything the form needs; its content sanitized for rendering. */
export async function getTopicForAdmin(db: DbOrTx, actor: Actor, id: string): Promise<AdminTopic> {
  assertAdmin(actor);
  const [row] = await db
    .select({
      ...rowFields,
      summary: supportTopics.summary,
      content: supportTopics.content,
      keywords: supportTopics.keywords,
      createdAt: supportTopics.createdAt,
    })
    .from(supportTopics)
    .where(eq(supportTopics.id, id));
  if (!row) throw new AdminTopicNotFoundError(TOPIC_ADMIN_TEXT.errorFetching);
  // Older topics hold plain text: the editor starts from the same HTML the public page shows.
  return { ...row, keywords: row.keywords ?? [], content: storedTextToHtml(row.content) };
}

async function refuseTakenSlug(tx: Tx, slug: string, title: string, exceptId?: string): Promise<void> {
  const conditions: SQL[] = [eq(supportTopics.slug, slug)];
  if (exceptId) conditions.push(ne(supportTopics.id, exceptId));
  const [other] = await tx
    .select({ title: supportTopics.title })
    .from(supportTopics)
    .where(and(...conditions))
    .limit(1);
  if (other) throw new ValidationError({ slug: [TOPIC_ADMIN_TEXT.slugTaken(slug, other.title)] }, title);
}

function storedFields(input: SupportTopicFormData) {
  return {
    title: input.title,
    category: input.category ? plainTextField(input.category) || null : null,
    summary: input.summary ? plainTextField(input.summary) || null : null,
    content: sanitizeHtml(input.content),
    keywords: input.keywords,
  };
}

type Options = { now?: Date };

/** Creates the topic (no `id`) or updates it (`id`, slug kept). */
export async function saveTopic(
  db: Database,
  actor: Actor,
  input: SupportTopicFormData,
  opts: Options = {},
): Promise<{ id: string; title: string; slug: string; published: boolean; created: boolean }> {
  assertAdmin(actor);
  const now = opts.now ?? new Date();
  const title = input.id ? TOPIC_ADMIN_TEXT.errorUpdating : TOPIC_ADMIN_TEXT.errorCreating;
  const fields = storedFields(input);
  try {
    return await db.transaction(async (tx) => {
      recordChange(tx, CHANGE.supportTopics);
      if (!input.id) {
        await refuseTakenSlug(tx, input.slug, title);
        const values = { ...fields, slug: input.slug, publishedAt: input.published ? now : null };
        const [row] = await tx.insert(supportTopics).values(values).returning({ id: supportTopics.id });
        await recordAudit(tx, actor, {
          action: "support_topic.create",
          entityType: "support_topic",
          entityId: row!.id,
          details: { after: { ...values, content: `${values.content.length} characters` } },
        });
        return { id: row!.id, title: values.title, slug: values.slug, published: input.published, created: true };
      }
      const [current] = await tx.select().from(supportTopics).where(eq(supportTopics.id, input.id)).for("update");
      if (!current) throw new AdminTopicNotFoundError(title);
      const next = { ...fields, publishedAt: input.published ? (current.publishedAt ?? now) : null };
      const changes = changedFields(current, next, Object.keys(next) as (keyof typeof next)[], AUDITED_AS_STORED);
      if (changes) {
        await tx
          .update(supportTopics)
          .set({ ...next, updatedAt: now })
          .where(eq(supportTopics.id, input.id));
        await recordAudit(tx, actor, {
          action: "support_topic.update",
          entityType: "support_topic",
          entityId: input.id,
          details: changes,
        });
      }
      return { id: input.id, title: next.title, slug: current.slug, published: input.published, created: false };
    });
  } catch (err) {
    throw uniqueRefusal(err, {
      support_topics_slug_unique: () =>
        new ValidationError({ slug: [TOPIC_ADMIN_TEXT.slugTaken(input.slug, "another topic")] }, title),
    });
  }
}

/** Deletes the topic; the audit row keeps its title, slug and category. */
export async function deleteTopic(
  db: Database,
  actor: Actor,
  input: Omit<DeleteTopicData, "intent">,
): Promise<{ title: string; slug: string }> {
  assertAdmin(actor);
  const gone = await deleteAudited(db, actor, {
    changes: [CHANGE.supportTopics],
    table: supportTopics,
    id: input.id,
    returning: { title: supportTopics.title, slug: supportTopics.slug, category: supportTopics.category },
    audit: { action: "support_topic.delete", entityType: "support_topic" },
    notFound: () => new AdminTopicNotFoundError(TOPIC_ADMIN_TEXT.errorDeleting),
  });
  return { title: gone.title, slug: gone.slug };
}

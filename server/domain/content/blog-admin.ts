/**
 * Blog posts on the administrator's side (/admin/blog): the list, one post for editing and preview, and the
 * writes: create, update, delete. Each write is one transaction with its audit row, and every verb refuses a
 * caller who is not an administrator, whatever the route in front of it did.
 *
 * Rules (spec 2 §4, §5):
 * - The slug is made from the title while creating and locked once the post exists: an update keeps the stored
 *   slug whatever the form sent. Slugs are unique; a taken slug is a field error naming the post that has it.
 * - Publishing stamps `published_at` when the post has none (a post published before keeps its date);
 *   moving a post back to draft clears it. The database holds the same rule as a CHECK.
 * - The content is sanitized (sanitizeHtml) before it is stored, and again when it is rendered; excerpts and
 *   author names are plain text. A featured image is an uploaded /media/… image or an http(s) address.
 * - A new post records the administrator who wrote it (`author_id`); the author's displayed name is the form's.
 */
import { and, eq, ne, type SQL, sql } from "drizzle-orm";
import type { BlogPostStatus } from "#kernel/enums.ts";
import type { ListQuery } from "#kernel/list-query.ts";
import { BLOG_ADMIN_TEXT, type BlogPostFormData, type DeletePostData } from "#kernel/schemas/blog-admin.ts";
import type { Database, DbOrTx, Tx } from "#server/db/client.ts";
import { blogPosts, user } from "#server/db/schema/index.ts";
import { CHANGE, recordChange } from "#server/domain/changes.ts";
import { type Actor, assertAdmin } from "../actor.ts";
import { changedFields, deleteAudited, recordAudit } from "../audit/audit.ts";
import { NotFoundError, uniqueRefusal, ValidationError } from "../errors.ts";
import { listSql, type Page, pageOf, totalCount } from "../lists/list-sql.ts";
import { safeImageUrl } from "./blog.ts";
import { sanitizeHtml } from "./sanitize.ts";

export type BlogAdminQuery = ListQuery<"title" | "status" | "published" | "updated", { status?: BlogPostStatus }>;

export type AdminPostRow = {
  id: string;
  title: string;
  slug: string;
  status: BlogPostStatus;
  publishedAt: Date | null;
  authorName: string | null;
  tags: string[];
  updatedAt: Date;
};

export type AdminPost = AdminPostRow & {
  excerpt: string | null;
  /** Sanitized HTML. */
  content: string;
  imageUrl: string | null;
  createdAt: Date;
};

/** The post named by the form does not exist (any more). */
export class AdminPostNotFoundError extends NotFoundError {
  override name = "AdminPostNotFoundError";
  constructor(title: string) {
    super("post_not_found", title, BLOG_ADMIN_TEXT.notFound);
  }
}

const tagText = sql`array_to_string(${blogPosts.tags}, ' ')`;

const rowFields = {
  id: blogPosts.id,
  title: blogPosts.title,
  slug: blogPosts.slug,
  status: blogPosts.status,
  publishedAt: blogPosts.publishedAt,
  authorName: blogPosts.authorName,
  tags: blogPosts.tags,
  updatedAt: blogPosts.updatedAt,
};

/** One page of posts, drafts included: search on title, slug, author and tags; filter by status. */
export async function listPostsForAdmin(db: DbOrTx, actor: Actor, query: BlogAdminQuery): Promise<Page<AdminPostRow>> {
  assertAdmin(actor);
  const list = listSql(query, {
    sorts: {
      title: blogPosts.title,
      status: blogPosts.status,
      published: blogPosts.publishedAt,
      updated: blogPosts.updatedAt,
    },
    search: [blogPosts.title, blogPosts.slug, blogPosts.authorName, tagText],
    tiebreak: blogPosts.id,
  });
  const where = and(list.search, query.filters.status ? eq(blogPosts.status, query.filters.status) : undefined);
  const rows = await db
    .select({ ...rowFields, total: totalCount() })
    .from(blogPosts)
    .where(where)
    .orderBy(...list.orderBy)
    .limit(list.limit)
    .offset(list.offset);
  const page = await pageOf(rows, list, () => db.$count(blogPosts, where));
  return { total: page.total, rows: page.rows.map((r) => ({ ...r, tags: r.tags ?? [] })) };
}

/** One post with everything the form and the preview need; its content sanitized for rendering. */
export async function getPostForAdmin(db: DbOrTx, actor: Actor, id: string): Promise<AdminPost> {
  assertAdmin(actor);
  const [row] = await db
    .select({
      ...rowFields,
      excerpt: blogPosts.excerpt,
      content: blogPosts.content,
      imageUrl: blogPosts.imageUrl,
      createdAt: blogPosts.createdAt,
    })
    .from(blogPosts)
    .where(eq(blogPosts.id, id));
  if (!row) throw new AdminPostNotFoundError(BLOG_ADMIN_TEXT.errorFetching);
  return { ...row, tags: row.tags ?? [], content: sanitizeHtml(row.content), imageUrl: safeImageUrl(row.imageUrl) };
}

/** The name a new post is signed with unless the form names another: the administrator's own. */
export async function defaultAuthorName(db: DbOrTx, actor: Actor): Promise<string | null> {
  assertAdmin(actor);
  if (!actor.userId) return null;
  const [row] = await db.select({ name: user.name }).from(user).where(eq(user.id, actor.userId));
  return row?.name?.trim() || null;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", apos: "'", nbsp: " " };

/**
 * A plain text field (excerpt, author, topic category and summary) as stored: markup removed (script and style
 * with their content, any other tag), the common entities decoded, spaces folded. A "<" or "&" that is not markup
 * stays as typed: "Calls < 5 min & more". The text is only ever rendered as text.
 */
export function plainTextField(value: string): string {
  return value
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, " ")
    .replace(/<\/?[a-z!][^>]*>/gi, " ")
    .replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/gi, (_, name: string) => ENTITIES[name.toLowerCase()] ?? _)
    .replace(/\s+/g, " ")
    .trim();
}

/** The stored values of the form, cleaned: HTML sanitized, plain text stripped of tags, the image checked. */
function storedFields(input: BlogPostFormData, title: string) {
  const imageUrl = input.imageUrl ? safeImageUrl(input.imageUrl) : null;
  if (input.imageUrl && !imageUrl) {
    throw new ValidationError({ imageUrl: [BLOG_ADMIN_TEXT.imageUrlInvalid] }, title);
  }
  return {
    title: input.title,
    content: sanitizeHtml(input.content),
    excerpt: input.excerpt ? plainTextField(input.excerpt) || null : null,
    imageUrl,
    tags: input.tags,
    authorName: input.authorName ? plainTextField(input.authorName) || null : null,
  };
}

/**
 * How an update of a post or a topic is audited: values compared as stored (JSON, so tag lists compare by their
 * items), the content kept as its length.
 */
export const AUDITED_AS_STORED = {
  same: (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b),
  show: { content: (value: unknown) => `${String(value).length} characters` },
};

/** Publishing stamps the date when there is none; draft clears it. */
export function publishedAtFor(status: BlogPostStatus, current: Date | null, now: Date): Date | null {
  if (status !== "published") return null;
  return current ?? now;
}

async function refuseTakenSlug(tx: Tx, slug: string, title: string, exceptId?: string): Promise<void> {
  const conditions: SQL[] = [eq(blogPosts.slug, slug)];
  if (exceptId) conditions.push(ne(blogPosts.id, exceptId));
  const [other] = await tx
    .select({ title: blogPosts.title })
    .from(blogPosts)
    .where(and(...conditions))
    .limit(1);
  if (other) throw new ValidationError({ slug: [BLOG_ADMIN_TEXT.slugTaken(slug, other.title)] }, title);
}

type Options = { now?: Date };

/** What the preview shows: the form's values as they would be stored and rendered, nothing saved. */
export function previewPost(
  actor: Actor,
  input: BlogPostFormData,
): {
  title: string;
  html: string;
  excerpt: string | null;
  imageUrl: string | null;
  tags: string[];
  authorName: string | null;
} {
  assertAdmin(actor);
  const fields = storedFields(input, BLOG_ADMIN_TEXT.errorUpdating);
  return {
    title: fields.title,
    html: sanitizeHtml(fields.content),
    excerpt: fields.excerpt,
    imageUrl: fields.imageUrl,
    tags: fields.tags,
    authorName: fields.authorName,
  };
}

/**
 * Creates the post (no `id`) or updates it (`id`, slug kept). Answers its id, title and slug, and whether it was
 * created.
 */
export async function savePost(
  db: Database,
  actor: Actor,
  input: BlogPostFormData,
  opts: Options = {},
): Promise<{ id: string; title: string; slug: string; status: BlogPostStatus; created: boolean }> {
  assertAdmin(actor);
  const now = opts.now ?? new Date();
  const title = input.id ? BLOG_ADMIN_TEXT.errorUpdating : BLOG_ADMIN_TEXT.errorCreating;
  const fields = storedFields(input, title);
  try {
    return await db.transaction(async (tx) => {
      recordChange(tx, CHANGE.blog);
      if (!input.id) {
        await refuseTakenSlug(tx, input.slug, title);
        const values = {
          ...fields,
          slug: input.slug,
          status: input.status,
          publishedAt: publishedAtFor(input.status, null, now),
          authorId: actor.userId,
        };
        const [row] = await tx.insert(blogPosts).values(values).returning({ id: blogPosts.id });
        await recordAudit(tx, actor, {
          action: "blog_post.create",
          entityType: "blog_post",
          entityId: row!.id,
          details: { after: { ...values, content: `${values.content.length} characters` } },
        });
        return { id: row!.id, title: values.title, slug: values.slug, status: values.status, created: true };
      }
      const [current] = await tx.select().from(blogPosts).where(eq(blogPosts.id, input.id)).for("update");
      if (!current) throw new AdminPostNotFoundError(title);
      const next = {
        ...fields,
        status: input.status,
        publishedAt: publishedAtFor(input.status, current.publishedAt, now),
      };
      const changes = changedFields(current, next, Object.keys(next) as (keyof typeof next)[], AUDITED_AS_STORED);
      if (changes) {
        await tx
          .update(blogPosts)
          .set({ ...next, updatedAt: now })
          .where(eq(blogPosts.id, input.id));
        const action =
          current.status !== next.status
            ? next.status === "published"
              ? "blog_post.publish"
              : "blog_post.unpublish"
            : "blog_post.update";
        await recordAudit(tx, actor, {
          action,
          entityType: "blog_post",
          entityId: input.id,
          details: changes,
        });
      }
      return { id: input.id, title: next.title, slug: current.slug, status: next.status, created: false };
    });
  } catch (err) {
    // Two saves of the same new slug at once: the unique constraint is the last guard.
    throw uniqueRefusal(err, {
      blog_posts_slug_unique: () =>
        new ValidationError({ slug: [BLOG_ADMIN_TEXT.slugTaken(input.slug, "another post")] }, title),
    });
  }
}

/** Deletes the post; the audit row keeps its title, slug and status. */
export async function deletePost(
  db: Database,
  actor: Actor,
  input: Omit<DeletePostData, "intent">,
): Promise<{ title: string; slug: string }> {
  assertAdmin(actor);
  const gone = await deleteAudited(db, actor, {
    changes: [CHANGE.blog],
    table: blogPosts,
    id: input.id,
    returning: { title: blogPosts.title, slug: blogPosts.slug, status: blogPosts.status },
    audit: { action: "blog_post.delete", entityType: "blog_post" },
    notFound: () => new AdminPostNotFoundError(BLOG_ADMIN_TEXT.errorDeleting),
  });
  return { title: gone.title, slug: gone.slug };
}

/**
 * FAQ items on the administrator's side (/admin/faq; spec 2 §2, §3, §4, §5, §7): every item, published or draft,
 * in the order the public page shows them (category, then display order, then oldest first), with search and
 * category and status filters; create, update, publish or unpublish, delete.
 *
 * Rules:
 * - Only administrators read or write here; every write is one transaction with its audit row.
 * - Only published items show publicly (content/faq.ts reads `is_published = true`); a draft is kept here.
 * - A blank category is stored as null and shown, here and publicly, as "General".
 * - Answers may be plain text or HTML, as on the public page: HTML is sanitized when it is written, and the list
 *   renders every answer through the public page's own sanitizing reader (`storedTextToHtml`).
 */
import { and, asc, eq, getTableColumns, sql } from "drizzle-orm";
import { FAQ_DEFAULT_CATEGORY } from "#kernel/content.ts";
import {
  type AdminFaqItem,
  FAQ_ADMIN_TEXT,
  type FaqDeleteData,
  type FaqFormData,
  type FaqPublishData,
  type FaqStatus,
} from "#kernel/schemas/faq-admin.ts";
import { CHANGE, recordChange } from "#server/domain/changes.ts";
import type { Database, DbOrTx } from "../../db/client.ts";
import { faqItems } from "../../db/schema/index.ts";
import { type Actor, assertAdmin } from "../actor.ts";
import { changedFields, deleteAudited, recordAudit } from "../audit/audit.ts";
import { NotFoundError, ValidationError } from "../errors.ts";
import { searchCondition } from "../lists/list-sql.ts";
import { storedTextToHtml } from "./faq.ts";
import { sanitizeHtml } from "./sanitize.ts";

export type FaqAdminList = {
  items: AdminFaqItem[];
  /** Every category in use (as shown), in order: the category filter's choices. */
  categories: string[];
  /** Items in the table, whatever the filters. */
  total: number;
  published: number;
};

/** The FAQ item named by the form does not exist (any more). */
export class FaqItemNotFoundError extends NotFoundError {
  override name = "FaqItemNotFoundError";
  constructor(title: string) {
    super("faq_item_not_found", title, FAQ_ADMIN_TEXT.notFound);
  }
}

/** The public page's test for HTML (content/faq.ts): text holding a common HTML tag is HTML, anything else text. */
const LOOKS_LIKE_HTML =
  /<\/?(p|br|hr|div|span|a|b|strong|em|i|u|s|ul|ol|li|h[1-6]|img|table|blockquote|code|pre|script|style|iframe)\b[^>]*>/i;

/** An answer as stored: HTML sanitized; plain text as typed (the public page escapes it). */
export function cleanAnswer(answer: string): string {
  return LOOKS_LIKE_HTML.test(answer) ? sanitizeHtml(answer).trim() : answer;
}

const categoryOf = sql<string>`coalesce(nullif(trim(${faqItems.category}), ''), ${FAQ_DEFAULT_CATEGORY})`;

const fields = {
  id: faqItems.id,
  question: faqItems.question,
  answer: faqItems.answer,
  category: faqItems.category,
  categoryLabel: categoryOf,
  displayOrder: faqItems.displayOrder,
  isPublished: faqItems.isPublished,
  createdAt: faqItems.createdAt,
  updatedAt: faqItems.updatedAt,
};

/** Every item matching the search and filters, in the public page's order, with the filter choices and counts. */
export async function listFaqForAdmin(
  db: DbOrTx,
  actor: Actor,
  input: { q?: string; category?: string | null; status?: FaqStatus | null },
): Promise<FaqAdminList> {
  assertAdmin(actor);
  const where = and(
    input.category ? sql`lower(${categoryOf}) = ${input.category.trim().toLowerCase()}` : undefined,
    input.status ? eq(faqItems.isPublished, input.status === "published") : undefined,
    searchCondition(input.q ?? "", [faqItems.question, faqItems.answer, faqItems.category]),
  );
  const [rows, summary] = await Promise.all([
    db
      .select(fields)
      .from(faqItems)
      .where(where)
      .orderBy(asc(categoryOf), asc(faqItems.displayOrder), asc(faqItems.createdAt), asc(faqItems.id)),
    db
      .select({
        category: faqItems.category,
        total: sql<number>`count(*)::int`,
        published: sql<number>`(count(*) filter (where ${faqItems.isPublished}))::int`,
      })
      .from(faqItems)
      .groupBy(faqItems.category),
  ]);
  // Blank and missing categories are both "General": fold the groups by their label.
  const labels = new Map<string, { total: number; published: number }>();
  for (const g of summary) {
    const label = g.category?.trim() || FAQ_DEFAULT_CATEGORY;
    const n = labels.get(label) ?? { total: 0, published: 0 };
    labels.set(label, { total: n.total + g.total, published: n.published + g.published });
  }
  const counts = [...labels.values()];
  return {
    items: rows.map((r) => ({ ...r, answerHtml: storedTextToHtml(r.answer) })),
    categories: [...labels.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
    total: counts.reduce((n, c) => n + c.total, 0),
    published: counts.reduce((n, c) => n + c.published, 0),
  };
}

type Editable = Omit<FaqFormData, "intent" | "id">;
const EDITABLE: readonly (keyof Editable)[] = ["question", "answer", "category", "displayOrder", "isPublished"];

/** Creates (no `id`) or updates (`id`) an item; the audit of an update holds the changed fields only. */
export async function saveFaqItem(
  db: Database,
  actor: Actor,
  input: Omit<FaqFormData, "intent">,
): Promise<{ id: string; question: string; created: boolean }> {
  assertAdmin(actor);
  const { id, ...rest } = input;
  const values: Editable = { ...rest, answer: cleanAnswer(rest.answer) };
  // An answer of nothing but unsafe markup is empty once cleaned.
  if (!values.answer.trim()) {
    throw new ValidationError({ answer: [FAQ_ADMIN_TEXT.answerRequired] }, FAQ_ADMIN_TEXT.errorSaving);
  }
  return db.transaction(async (tx) => {
    recordChange(tx, CHANGE.faq);
    if (!id) {
      const [row] = await tx.insert(faqItems).values(values).returning({ id: faqItems.id });
      await recordAudit(tx, actor, {
        action: "faq_item.create",
        entityType: "faq_item",
        entityId: row!.id,
        details: { after: values },
      });
      return { id: row!.id, question: values.question, created: true };
    }
    const [current] = await tx.select(fields).from(faqItems).where(eq(faqItems.id, id)).for("update");
    if (!current) throw new FaqItemNotFoundError(FAQ_ADMIN_TEXT.errorSaving);
    const changes = changedFields(current, values, EDITABLE);
    if (changes) {
      await tx
        .update(faqItems)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(faqItems.id, id));
      await recordAudit(tx, actor, {
        action: "faq_item.update",
        entityType: "faq_item",
        entityId: id,
        details: changes,
      });
    }
    return { id, question: values.question, created: false };
  });
}

/** Publishes or unpublishes an item (is_published only); asking for the state it already has writes nothing. */
export async function setFaqPublished(
  db: Database,
  actor: Actor,
  input: Omit<FaqPublishData, "intent">,
): Promise<{ question: string; isPublished: boolean }> {
  assertAdmin(actor);
  return db.transaction(async (tx) => {
    recordChange(tx, CHANGE.faq);
    const [current] = await tx
      .select({ question: faqItems.question, isPublished: faqItems.isPublished })
      .from(faqItems)
      .where(eq(faqItems.id, input.id))
      .for("update");
    if (!current) throw new FaqItemNotFoundError(FAQ_ADMIN_TEXT.errorSaving);
    if (current.isPublished !== input.publish) {
      await tx
        .update(faqItems)
        .set({ isPublished: input.publish, updatedAt: sql`now()` })
        .where(eq(faqItems.id, input.id));
      await recordAudit(tx, actor, {
        action: input.publish ? "faq_item.publish" : "faq_item.unpublish",
        entityType: "faq_item",
        entityId: input.id,
        details: { before: { isPublished: current.isPublished }, after: { isPublished: input.publish } },
      });
    }
    return { question: current.question, isPublished: input.publish };
  });
}

export async function deleteFaqItem(
  db: Database,
  actor: Actor,
  input: Omit<FaqDeleteData, "intent">,
): Promise<{ question: string }> {
  assertAdmin(actor);
  const gone = await deleteAudited(db, actor, {
    changes: [CHANGE.faq],
    table: faqItems,
    id: input.id,
    returning: getTableColumns(faqItems),
    audit: { action: "faq_item.delete", entityType: "faq_item" },
    notFound: () => new FaqItemNotFoundError(FAQ_ADMIN_TEXT.errorDeleting),
  });
  return { question: gone.question };
}

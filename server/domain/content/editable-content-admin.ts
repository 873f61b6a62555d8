/**
 * Editable site text on the administrator's side (/admin/content-editor; spec 2 §2, §3, §5, §7): the items of one
 * page (or all), in the spec's order (page_slug, then content_key); adding an item; saving an item's value.
 *
 * Rules:
 * - Only administrators read or write here; every write is one transaction with its audit row.
 * - A key is lower-case snake case (the form forces it, the schema normalises it, a CHECK in the database is the
 *   last guard) and unique: a taken key is a field error under 'Error creating content item', also when two
 *   administrators add the same key at once (the unique constraint answers the second).
 * - Only the value changes after creation (spec 2 §7: update content_value and updated_at); the key, which code
 *   reads, never does.
 * - A value holding HTML (privacy policy sections) is sanitized on write; the pages sanitize again on render.
 */
import { and, asc, eq, isNotNull, sql } from "drizzle-orm";
import {
  type AdminContentItem,
  CONTENT_TEXT,
  type ContentCreateData,
  type ContentSaveData,
  normalizeContentKey,
} from "#kernel/schemas/content-editor.ts";
import { PRIVACY_KEY_PREFIX } from "#kernel/schemas/privacy.ts";
import { CHANGE, recordChange } from "#server/domain/changes.ts";
import type { Database, DbOrTx } from "../../db/client.ts";
import { editableContent } from "../../db/schema/index.ts";
import { type Actor, assertAdmin } from "../actor.ts";
import { recordAudit } from "../audit/audit.ts";
import { NUMBER_PAGE_CONTENT_KEYS } from "../catalogue/numbers.ts";
import { NotFoundError, uniqueRefusal, ValidationError } from "../errors.ts";
import { searchCondition } from "../lists/list-sql.ts";
import { sanitizeHtml } from "./sanitize.ts";

export type ContentEditorList = {
  items: AdminContentItem[];
  /** Every distinct page_slug, in order: the choices of the page filter besides 'All Pages'. */
  pages: string[];
};

/** The content item named by the form does not exist (any more). */
export class ContentItemNotFoundError extends NotFoundError {
  override name = "ContentItemNotFoundError";
  constructor() {
    super("content_item_not_found", CONTENT_TEXT.errorSaving, CONTENT_TEXT.notFound);
  }
}

/** Text holding a tag is HTML (the privacy page's rule): it is sanitized before it is stored. */
const LOOKS_LIKE_HTML = /<\/?[a-z][a-z0-9]*(\s[^>]*)?\/?>/i;

/** A value as it is stored: HTML sanitized, plain text as typed. */
export function cleanContentValue(value: string): string {
  return LOOKS_LIKE_HTML.test(value) ? sanitizeHtml(value) : value;
}

const NUMBER_KEYS: readonly string[] = Object.values(NUMBER_PAGE_CONTENT_KEYS);

/** The public page known to read a key (the readers: content/privacy.ts, catalogue/numbers.ts). */
export function pageShowing(key: string): AdminContentItem["shownOn"] {
  if (key.startsWith(PRIVACY_KEY_PREFIX)) return { path: "/privacy", label: "Privacy Policy" };
  if (NUMBER_KEYS.includes(key)) return { path: "/number/hash-4law", label: "every number page" };
  return null;
}

const fields = {
  id: editableContent.id,
  contentKey: editableContent.contentKey,
  contentValue: editableContent.contentValue,
  pageSlug: editableContent.pageSlug,
  description: editableContent.description,
  updatedAt: editableContent.updatedAt,
};

/**
 * The items of one page (`pageSlug`), or of every page when it is null, searched on key, value and description,
 * ordered by page_slug (items without one last) then content_key; and the page filter's choices.
 */
export async function listContentForAdmin(
  db: DbOrTx,
  actor: Actor,
  input: { pageSlug?: string | null; q?: string },
): Promise<ContentEditorList> {
  assertAdmin(actor);
  const where = and(
    input.pageSlug ? eq(editableContent.pageSlug, input.pageSlug) : undefined,
    searchCondition(input.q ?? "", [
      editableContent.contentKey,
      editableContent.contentValue,
      editableContent.description,
    ]),
  );
  const [rows, pages] = await Promise.all([
    db
      .select(fields)
      .from(editableContent)
      .where(where)
      .orderBy(sql`${editableContent.pageSlug} asc nulls last`, asc(editableContent.contentKey)),
    db
      .selectDistinct({ pageSlug: editableContent.pageSlug })
      .from(editableContent)
      .where(isNotNull(editableContent.pageSlug))
      .orderBy(asc(editableContent.pageSlug)),
  ]);
  return {
    items: rows.map((r) => ({ ...r, shownOn: pageShowing(r.contentKey) })),
    pages: pages.map((p) => p.pageSlug!),
  };
}

function keyTaken(key: string): ValidationError {
  return new ValidationError({ contentKey: [CONTENT_TEXT.keyTaken(key)] }, CONTENT_TEXT.errorCreating);
}

/** 'Add New Content Item': a new key with its first value, page and description. */
export async function createContentItem(
  db: Database,
  actor: Actor,
  input: Omit<ContentCreateData, "intent">,
): Promise<{ id: string; contentKey: string }> {
  assertAdmin(actor);
  const contentKey = normalizeContentKey(input.contentKey);
  const contentValue = cleanContentValue(input.contentValue);
  if (!contentKey || !contentValue.trim()) {
    throw new ValidationError(
      { [contentKey ? "contentValue" : "contentKey"]: [CONTENT_TEXT.required] },
      CONTENT_TEXT.errorCreating,
    );
  }
  const values = { contentKey, contentValue, pageSlug: input.pageSlug, description: input.description };
  try {
    return await db.transaction(async (tx) => {
      recordChange(tx, CHANGE.siteText);
      const [taken] = await tx
        .select({ id: editableContent.id })
        .from(editableContent)
        .where(eq(editableContent.contentKey, contentKey));
      if (taken) throw keyTaken(contentKey);
      const [row] = await tx.insert(editableContent).values(values).returning({ id: editableContent.id });
      await recordAudit(tx, actor, {
        action: "editable_content.create",
        entityType: "editable_content",
        entityId: row!.id,
        details: { after: values },
      });
      return { id: row!.id, contentKey };
    });
  } catch (err) {
    // Two administrators adding the same key at once: the unique constraint answers the second.
    throw uniqueRefusal(err, { editable_content_content_key_unique: () => keyTaken(contentKey) });
  }
}

/** Saves one item's value (the card's inline edit); nothing is written when it did not change. */
export async function saveContentValue(
  db: Database,
  actor: Actor,
  input: Omit<ContentSaveData, "intent">,
): Promise<{ contentKey: string; changed: boolean }> {
  assertAdmin(actor);
  const contentValue = cleanContentValue(input.contentValue);
  return db.transaction(async (tx) => {
    recordChange(tx, CHANGE.siteText);
    const [current] = await tx
      .select({ contentKey: editableContent.contentKey, contentValue: editableContent.contentValue })
      .from(editableContent)
      .where(eq(editableContent.id, input.id))
      .for("update");
    if (!current) throw new ContentItemNotFoundError();
    if (current.contentValue === contentValue) return { contentKey: current.contentKey, changed: false };
    await tx
      .update(editableContent)
      .set({ contentValue, updatedAt: sql`now()` })
      .where(eq(editableContent.id, input.id));
    await recordAudit(tx, actor, {
      action: "editable_content.update",
      entityType: "editable_content",
      entityId: input.id,
      details: {
        contentKey: current.contentKey,
        before: { contentValue: current.contentValue },
        after: { contentValue },
      },
    });
    return { contentKey: current.contentKey, changed: true };
  });
}

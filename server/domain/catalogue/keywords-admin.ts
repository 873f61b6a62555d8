/**
 * Special pricing keywords on the administrator's side (/admin/categories): the list and the writes: create,
 * update, delete. Keywords are stored trimmed and in lower case (the keyword CSV import and the search do the
 * same), and are unique. Each write is one transaction with its audit row; every verb refuses a caller who is
 * not an administrator.
 */
import { and, asc, eq, ne, sql } from "drizzle-orm";
import {
  type AdminKeyword,
  type DeleteKeywordData,
  KEYWORD_TEXT,
  type KeywordFormData,
} from "#kernel/schemas/categories.ts";
import type { Database, DbOrTx } from "#server/db/client.ts";
import { specialPricingKeywords } from "#server/db/schema/index.ts";
import { CHANGE, recordChange } from "#server/domain/changes.ts";
import { type Actor, assertAdmin } from "../actor.ts";
import { changedFields, deleteAudited, recordAudit } from "../audit/audit.ts";
import { uniqueRefusal } from "../errors.ts";
import { duplicateField, KeywordNotFoundError } from "./errors.ts";

const keywordFields = {
  id: specialPricingKeywords.id,
  keywordText: specialPricingKeywords.keywordText,
  multiplier: specialPricingKeywords.multiplier,
  description: specialPricingKeywords.description,
};

/** Every keyword, alphabetically. */
export async function listKeywordsForAdmin(db: DbOrTx, actor: Actor): Promise<AdminKeyword[]> {
  assertAdmin(actor);
  return db
    .select(keywordFields)
    .from(specialPricingKeywords)
    .orderBy(asc(specialPricingKeywords.keywordText), asc(specialPricingKeywords.id));
}

type Editable = Omit<KeywordFormData, "intent" | "id">;
const EDITABLE: readonly (keyof Editable)[] = ["keywordText", "multiplier", "description"];

/** Creates the keyword (no `id`) or updates it (`id`); a keyword that already exists is a field error. */
export async function saveKeyword(
  db: Database,
  actor: Actor,
  input: KeywordFormData,
): Promise<{ id: string; keywordText: string; created: boolean }> {
  assertAdmin(actor);
  const { intent: _intent, id, ...fields } = input;
  const title = id ? KEYWORD_TEXT.errorUpdating : KEYWORD_TEXT.errorCreating;
  const taken = () => duplicateField("keywordText", KEYWORD_TEXT.taken(fields.keywordText), title);
  try {
    return await db.transaction(async (tx) => {
      recordChange(tx, CHANGE.catalog);
      const [other] = await tx
        .select({ id: specialPricingKeywords.id })
        .from(specialPricingKeywords)
        .where(
          and(
            eq(specialPricingKeywords.keywordText, fields.keywordText),
            id ? ne(specialPricingKeywords.id, id) : undefined,
          ),
        );
      if (other) throw taken();
      if (!id) {
        const [row] = await tx
          .insert(specialPricingKeywords)
          .values(fields)
          .returning({ id: specialPricingKeywords.id });
        await recordAudit(tx, actor, {
          action: "keyword.create",
          entityType: "special_pricing_keyword",
          entityId: row!.id,
          details: { after: fields },
        });
        return { id: row!.id, keywordText: fields.keywordText, created: true };
      }
      const [current] = await tx
        .select(keywordFields)
        .from(specialPricingKeywords)
        .where(eq(specialPricingKeywords.id, id))
        .for("update");
      if (!current) throw new KeywordNotFoundError(title);
      const changes = changedFields(current, fields, EDITABLE);
      if (changes) {
        await tx
          .update(specialPricingKeywords)
          .set({ ...fields, updatedAt: sql`now()` })
          .where(eq(specialPricingKeywords.id, id));
        await recordAudit(tx, actor, {
          action: "keyword.update",
          entityType: "special_pricing_keyword",
          entityId: id,
          details: changes,
        });
      }
      return { id, keywordText: fields.keywordText, created: false };
    });
  } catch (err) {
    throw uniqueRefusal(err, { special_pricing_keywords_keyword_text_unique: taken });
  }
}

/** Deletes the keyword; prices quoted afterwards no longer apply its multiplier. */
export async function deleteKeyword(
  db: Database,
  actor: Actor,
  input: Omit<DeleteKeywordData, "intent">,
): Promise<{ keywordText: string }> {
  assertAdmin(actor);
  const gone = await deleteAudited(db, actor, {
    changes: [CHANGE.catalog],
    table: specialPricingKeywords,
    id: input.id,
    returning: keywordFields,
    audit: { action: "keyword.delete", entityType: "special_pricing_keyword" },
    notFound: () => new KeywordNotFoundError(KEYWORD_TEXT.errorDeleting),
  });
  return { keywordText: gone.keywordText };
}

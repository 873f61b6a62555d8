/**
 * Featured numbers on the administrator's side (/admin/featured-numbers; spec 2 §2, §4, §5, §7): the list (search,
 * ordered by display_order ascending then created_at descending), create, update, the active toggle (which
 * flips is_active and nothing else) and delete. Each write is one transaction with its audit row; every verb
 * refuses a caller who is not an administrator.
 */
import { desc, eq, not, sql } from "drizzle-orm";
import type { ListQuery } from "#kernel/list-query.ts";
import {
  type AdminFeaturedRow,
  type DeleteFeaturedData,
  FEATURED_TEXT,
  type FeaturedFormData,
  type ToggleFeaturedData,
} from "#kernel/schemas/numbers-admin.ts";
import type { Database, DbOrTx } from "#server/db/client.ts";
import { featuredNumbers } from "#server/db/schema/index.ts";
import { CHANGE, recordChange } from "#server/domain/changes.ts";
import { type Actor, assertAdmin } from "../actor.ts";
import { changedFields, deleteAudited, recordAudit } from "../audit/audit.ts";
import { NotFoundError } from "../errors.ts";
import { listSql, type Page, pageOf, totalCount } from "../lists/list-sql.ts";

export type FeaturedListQuery = ListQuery<"order">;

/** The featured number named by the form does not exist (any more). */
export class FeaturedNumberNotFoundError extends NotFoundError {
  override name = "FeaturedNumberNotFoundError";
  constructor(title: string) {
    super("featured_number_not_found", title, FEATURED_TEXT.notFound);
  }
}

const fields = {
  id: featuredNumbers.id,
  numberText: featuredNumbers.numberText,
  description: featuredNumbers.description,
  numberIdLink: featuredNumbers.numberIdLink,
  type: featuredNumbers.type,
  displayOrder: featuredNumbers.displayOrder,
  isActive: featuredNumbers.isActive,
  createdAt: featuredNumbers.createdAt,
};

/**
 * One page of featured numbers, searched on number, description and link, in the spec's order: display_order
 * ascending, then newest first (the only sort; "desc" reverses both).
 */
export async function listFeaturedNumbersForAdmin(
  db: DbOrTx,
  actor: Actor,
  query: FeaturedListQuery,
): Promise<Page<AdminFeaturedRow>> {
  assertAdmin(actor);
  const list = listSql(query, {
    sorts: { order: { by: featuredNumbers.displayOrder, ties: [desc(featuredNumbers.createdAt)] } },
    search: [featuredNumbers.numberText, featuredNumbers.description, featuredNumbers.numberIdLink],
    tiebreak: featuredNumbers.id,
  });
  const rows = await db
    .select({ ...fields, total: totalCount() })
    .from(featuredNumbers)
    .where(list.search)
    .orderBy(...list.orderBy)
    .limit(list.limit)
    .offset(list.offset);
  return pageOf(rows, list, () => db.$count(featuredNumbers, list.search));
}

type Editable = Omit<FeaturedFormData, "intent" | "id">;
const EDITABLE: readonly (keyof Editable)[] = [
  "numberText",
  "description",
  "numberIdLink",
  "type",
  "displayOrder",
  "isActive",
];

/** Creates (no `id`) or updates (`id`) a featured number. */
export async function saveFeaturedNumber(
  db: Database,
  actor: Actor,
  input: FeaturedFormData,
): Promise<{ id: string; numberText: string; created: boolean }> {
  assertAdmin(actor);
  const { intent: _intent, id, ...values } = input;
  const title = FEATURED_TEXT.errorSaving;
  return db.transaction(async (tx) => {
    recordChange(tx, CHANGE.catalog);
    if (!id) {
      const [row] = await tx.insert(featuredNumbers).values(values).returning({ id: featuredNumbers.id });
      await recordAudit(tx, actor, {
        action: "featured_number.create",
        entityType: "featured_number",
        entityId: row!.id,
        details: { after: values },
      });
      return { id: row!.id, numberText: values.numberText, created: true };
    }
    const [current] = await tx.select(fields).from(featuredNumbers).where(eq(featuredNumbers.id, id)).for("update");
    if (!current) throw new FeaturedNumberNotFoundError(title);
    const changes = changedFields(current, values, EDITABLE);
    if (changes) {
      await tx
        .update(featuredNumbers)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(featuredNumbers.id, id));
      await recordAudit(tx, actor, {
        action: "featured_number.update",
        entityType: "featured_number",
        entityId: id,
        details: changes,
      });
    }
    return { id, numberText: values.numberText, created: false };
  });
}

/** Flips is_active and nothing else (spec 2 §4, §7; updated_at records the change); answers the new state. */
export async function toggleFeaturedNumber(
  db: Database,
  actor: Actor,
  input: Omit<ToggleFeaturedData, "intent">,
): Promise<{ numberText: string; isActive: boolean }> {
  assertAdmin(actor);
  return db.transaction(async (tx) => {
    recordChange(tx, CHANGE.catalog);
    const [row] = await tx
      .update(featuredNumbers)
      .set({ isActive: not(featuredNumbers.isActive) })
      .where(eq(featuredNumbers.id, input.id))
      .returning({ numberText: featuredNumbers.numberText, isActive: featuredNumbers.isActive });
    if (!row) throw new FeaturedNumberNotFoundError(FEATURED_TEXT.errorToggling);
    await recordAudit(tx, actor, {
      action: "featured_number.toggle",
      entityType: "featured_number",
      entityId: input.id,
      details: { before: { isActive: !row.isActive }, after: { isActive: row.isActive } },
    });
    return row;
  });
}

export async function deleteFeaturedNumber(
  db: Database,
  actor: Actor,
  input: Omit<DeleteFeaturedData, "intent">,
): Promise<{ numberText: string }> {
  assertAdmin(actor);
  const gone = await deleteAudited(db, actor, {
    changes: [CHANGE.catalog],
    table: featuredNumbers,
    id: input.id,
    returning: { ...fields, updatedAt: featuredNumbers.updatedAt },
    audit: { action: "featured_number.delete", entityType: "featured_number" },
    notFound: () => new FeaturedNumberNotFoundError(FEATURED_TEXT.errorDeleting),
  });
  return { numberText: gone.numberText };
}

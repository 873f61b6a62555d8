/**
 * Categories on the administrator's side (/admin/categories): every category with what refers to it, and the
 * writes: create, update (the slug is locked once the category exists), delete. Each write is one transaction
 * with its audit row, and every verb refuses a caller who is not an administrator, whatever the route in front
 * of it did.
 *
 * Delete rule: a category that licences, reservations (of any status: they are the sales history) or waitlist
 * entries name, or that a territory holds in negotiations or licensed, is never deleted (CategoryInUseError,
 * 409). Otherwise the category goes, and with it only its territory_categories status rows (all "available",
 * so nothing is held by them); the audit row keeps the category and how many links went with it.
 */
import { and, asc, eq, ne, sql } from "drizzle-orm";
import {
  type AdminCategory,
  CATEGORY_TEXT,
  type CategoryFormData,
  type DeleteCategoryData,
} from "#kernel/schemas/categories.ts";
import type { Database, DbOrTx, Tx } from "#server/db/client.ts";
import {
  categories,
  reservations,
  territoryCategories,
  territoryLicenses,
  waitlistEntries,
} from "#server/db/schema/index.ts";
import { CHANGE, recordChange } from "#server/domain/changes.ts";
import { type Actor, assertAdmin } from "../actor.ts";
import { changedFields, recordAudit } from "../audit/audit.ts";
import { sqlState, uniqueRefusal } from "../errors.ts";
import { CategoryInUseError, CategoryNotFoundError, duplicateField } from "./errors.ts";

const countOf = (query: ReturnType<typeof sql>) => sql<number>`(${query})`.mapWith(Number);
const licenceCount = countOf(
  sql`select count(*) from ${territoryLicenses} where ${territoryLicenses.categoryId} = ${categories.id}`,
);
const reservationCount = countOf(
  sql`select count(*) from ${reservations} where ${reservations.categoryId} = ${categories.id}`,
);
const waitlistCount = countOf(
  sql`select count(*) from ${waitlistEntries} where ${waitlistEntries.categoryId} = ${categories.id}`,
);
const linkCount = countOf(
  sql`select count(*) from ${territoryCategories} where ${territoryCategories.categoryId} = ${categories.id}`,
);
const heldLinkCount = countOf(
  sql`select count(*) from ${territoryCategories} where ${territoryCategories.categoryId} = ${categories.id} and ${territoryCategories.status} <> 'available'`,
);

const categoryFields = {
  id: categories.id,
  name: categories.name,
  slug: categories.slug,
  description: categories.description,
  categoryType: categories.categoryType,
  feePercentageOfBase: categories.feePercentageOfBase,
  keywordBaseMultiplier: categories.keywordBaseMultiplier,
};

/** Every category, ordered by name (spec 2 §7), with its territory links and what refers to it. */
export async function listCategoriesForAdmin(db: DbOrTx, actor: Actor): Promise<AdminCategory[]> {
  assertAdmin(actor);
  const rows = await db
    .select({
      ...categoryFields,
      territoryLinks: linkCount,
      licences: licenceCount,
      reservations: reservationCount,
      waitlist: waitlistCount,
      heldLinks: heldLinkCount,
    })
    .from(categories)
    .orderBy(asc(categories.name), asc(categories.id));
  return rows.map(({ licences, reservations, waitlist, heldLinks, ...row }) => ({
    ...row,
    uses: { licences, reservations, waitlist, heldLinks },
  }));
}

type Editable = Omit<CategoryFormData, "intent" | "id">;
const EDITABLE: readonly (keyof Editable)[] = [
  "name",
  "slug",
  "description",
  "categoryType",
  "feePercentageOfBase",
  "keywordBaseMultiplier",
];

/** A name or slug another category already has, as a field error (names compare without case). */
async function refuseDuplicates(tx: Tx, input: Editable, title: string, exceptId?: string): Promise<void> {
  const others = await tx
    .select({ name: categories.name, slug: categories.slug })
    .from(categories)
    .where(
      and(
        sql`(lower(${categories.name}) = lower(${input.name}) or ${categories.slug} = ${input.slug})`,
        exceptId ? ne(categories.id, exceptId) : undefined,
      ),
    );
  const sameSlug = others.find((o) => o.slug === input.slug);
  if (sameSlug) throw duplicateField("slug", CATEGORY_TEXT.slugTaken(input.slug, sameSlug.name), title);
  if (others.length) throw duplicateField("name", CATEGORY_TEXT.nameTaken(input.name), title);
}

/** A unique violation that slipped past the check (two saves at once) becomes the same field error. */
function duplicateFromDatabase(err: unknown, input: Editable, title: string): unknown {
  return uniqueRefusal(err, {
    categories_slug_unique: () =>
      duplicateField("slug", CATEGORY_TEXT.slugTaken(input.slug, "another category"), title),
    categories_name_unique: () => duplicateField("name", CATEGORY_TEXT.nameTaken(input.name), title),
  });
}

/**
 * Creates the category (no `id`) or updates it (`id`). On update the slug stays what it was: it is part of
 * public addresses and locked once the category exists, whatever the form sent.
 */
export async function saveCategory(
  db: Database,
  actor: Actor,
  input: CategoryFormData,
): Promise<{ id: string; name: string; created: boolean }> {
  assertAdmin(actor);
  const { intent: _intent, id, ...fields } = input;
  if (!id) {
    const title = CATEGORY_TEXT.errorCreating;
    try {
      return await db.transaction(async (tx) => {
        recordChange(tx, CHANGE.catalog);
        await refuseDuplicates(tx, fields, title);
        const [row] = await tx.insert(categories).values(fields).returning({ id: categories.id });
        await recordAudit(tx, actor, {
          action: "category.create",
          entityType: "category",
          entityId: row!.id,
          details: { after: fields },
        });
        return { id: row!.id, name: fields.name, created: true };
      });
    } catch (err) {
      throw duplicateFromDatabase(err, fields, title);
    }
  }
  const title = CATEGORY_TEXT.errorUpdating;
  try {
    return await db.transaction(async (tx) => {
      recordChange(tx, CHANGE.catalog);
      const [current] = await tx.select(categoryFields).from(categories).where(eq(categories.id, id)).for("update");
      if (!current) throw new CategoryNotFoundError(title);
      const next: Editable = { ...fields, slug: current.slug };
      await refuseDuplicates(tx, next, title, id);
      const changes = changedFields(current, next, EDITABLE);
      if (changes) {
        await tx
          .update(categories)
          .set({ ...next, updatedAt: sql`now()` })
          .where(eq(categories.id, id));
        await recordAudit(tx, actor, {
          action: "category.update",
          entityType: "category",
          entityId: id,
          details: changes,
        });
      }
      return { id, name: next.name, created: false };
    });
  } catch (err) {
    throw duplicateFromDatabase(err, { ...fields }, title);
  }
}

/**
 * Deletes the category when nothing refers to it (see the delete rule above); its territory links go with it.
 * The row is locked first, so a reservation or licence being written for it at the same moment either finishes
 * first (and is counted) or fails on its foreign key after the delete.
 */
export async function deleteCategory(
  db: Database,
  actor: Actor,
  input: Omit<DeleteCategoryData, "intent">,
): Promise<{ name: string; removedLinks: number }> {
  assertAdmin(actor);
  const title = CATEGORY_TEXT.errorDeleting;
  try {
    return await db.transaction(async (tx) => {
      recordChange(tx, CHANGE.catalog);
      const [current] = await tx
        .select(categoryFields)
        .from(categories)
        .where(eq(categories.id, input.id))
        .for("update");
      if (!current) throw new CategoryNotFoundError(title);
      const [counts] = await tx
        .select({
          licences: licenceCount,
          reservations: reservationCount,
          waitlist: waitlistCount,
          heldLinks: heldLinkCount,
          links: linkCount,
        })
        .from(categories)
        .where(eq(categories.id, input.id));
      const { links, ...uses } = counts!;
      if (uses.licences || uses.reservations || uses.waitlist || uses.heldLinks) {
        throw new CategoryInUseError(current.name, uses);
      }
      await tx.delete(categories).where(eq(categories.id, input.id));
      await recordAudit(tx, actor, {
        action: "category.delete",
        entityType: "category",
        entityId: input.id,
        details: { before: current, removedTerritoryLinks: links },
      });
      return { name: current.name, removedLinks: links };
    });
  } catch (err) {
    // A licence is a foreign key that restricts: a last guard if one slipped in.
    if (sqlState(err) === "23503") {
      throw new CategoryInUseError("This category", { licences: 0, reservations: 0, waitlist: 0, heldLinks: 0 });
    }
    throw err;
  }
}

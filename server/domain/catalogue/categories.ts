import { asc, eq } from "drizzle-orm";
import type { CategoryOption } from "#kernel/catalogue.ts";
import type { DbOrTx } from "../../db/client.ts";
import { categories } from "../../db/schema/index.ts";

/** The #Codes a visitor can choose when reserving (standard categories: name begins with #, slug with hash-). */
export async function poundCodeCategories(db: DbOrTx): Promise<CategoryOption[]> {
  return db
    .select({ id: categories.id, name: categories.name, slug: categories.slug })
    .from(categories)
    .where(eq(categories.categoryType, "standard"))
    .orderBy(asc(categories.name));
}

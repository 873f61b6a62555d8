import { asc, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { categories, vanityNumbers } from "../../db/schema/index.ts";

/** Public pages for search engines: the fixed pages plus every #Code and vanity number page. */
export async function sitemapEntries(db: DbOrTx): Promise<string[]> {
  const codes = await db
    .select({ slug: categories.slug })
    .from(categories)
    .where(eq(categories.categoryType, "standard"))
    .orderBy(asc(categories.slug));
  const vanity = await db.select({ slug: vanityNumbers.slug }).from(vanityNumbers).orderBy(asc(vanityNumbers.slug));
  return ["/", "/all-numbers", ...codes.map((c) => `/number/${c.slug}`), ...vanity.map((v) => `/number/${v.slug}`)];
}

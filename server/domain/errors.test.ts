/** uniqueRefusal on both databases: a real unique violation becomes the domain's refusal; anything else stays. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blogPosts } from "#server/db/schema/index.ts";
import { createTestDb, type TestDb } from "#server/db/test-utils.ts";
import { uniqueRefusal, ValidationError } from "./errors.ts";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.close());

async function violation(): Promise<unknown> {
  await t.db.insert(blogPosts).values({ slug: "same-slug", title: "First" });
  return t.db
    .insert(blogPosts)
    .values({ slug: "same-slug", title: "Second" })
    .then(() => null)
    .catch((e: unknown) => e);
}

describe("uniqueRefusal", () => {
  it("maps a violation of a named unique index to that index's refusal", async () => {
    const err = await violation();
    const slugTaken = () => new ValidationError({ slug: ["That slug is taken."] }, "Error creating post");
    const mapped = uniqueRefusal(err, {
      blog_posts_title_unique: () => new ValidationError({ title: ["wrong index"] }),
      blog_posts_slug_unique: slugTaken,
    });
    expect(mapped).toBeInstanceOf(ValidationError);
    expect(mapped).toMatchObject({
      status: 400,
      title: "Error creating post",
      fieldErrors: { slug: ["That slug is taken."] },
    });
  });

  it("gives back any other error as it was", async () => {
    await t.db.delete(blogPosts);
    const err = await violation();
    expect(uniqueRefusal(err, { categories_slug_unique: () => new ValidationError({ slug: ["x"] }) })).toBe(err);
    const other = new Error("connection lost");
    expect(uniqueRefusal(other, { blog_posts_slug_unique: () => new ValidationError({ slug: ["x"] }) })).toBe(other);
  });
});

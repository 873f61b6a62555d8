import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builtOnce, builtOncePerShape, statementNames, withStatementName } from "./prepared.ts";
import { rateLimits } from "./schema/index.ts";
import { createTestDb, type TestDb, testDriver } from "./test-utils.ts";

describe("which statements are named", () => {
  it("names a parameterized text and a Drizzle select the second time they run, and leaves the rest as it is", () => {
    const nameOf = statementNames(10);
    // The first run of a text goes unnamed: a statement run once takes no name.
    const query = { text: "select $1::int" };
    expect(withStatementName(query, [1], nameOf)).toBe(query);
    const named1 = withStatementName(query, [2], nameOf);
    expect(named1).toEqual({ text: "select $1::int", name: "pc_1" });
    expect(withStatementName({ text: "select $1::int" }, [3], nameOf)).toEqual(named1);
    // A bare text is the job queue's (pg-boss reads whole rows of a schema it manages): never named.
    for (let i = 0; i < 2; i++) expect(withStatementName("select $1::text", ["x"], nameOf)).toBe("select $1::text");
    // Drizzle passes its config and the values apart; a select without parameters asks for array rows.
    const select = { text: "select id from categories", rowMode: "array" };
    expect(withStatementName(select, [], nameOf)).toBe(select);
    expect(withStatementName(select, [], nameOf)).toEqual({ ...select, name: "pc_2" });
    expect(select).not.toHaveProperty("name"); // Drizzle's config is reused: it is not changed
    const withValues = { text: "select $1", values: ["x"] };
    withStatementName(withValues, undefined, nameOf);
    expect(withStatementName(withValues, undefined, nameOf)).toMatchObject({ name: "pc_3" });
    // No parameters: the simple protocol, which may carry several statements (migrations), stays.
    const script = { text: "create table a (); create table b ()" };
    for (let i = 0; i < 2; i++) expect(withStatementName(script, [], nameOf)).toBe(script);
    expect(withStatementName({ text: "begin" }, undefined, nameOf)).toEqual({ text: "begin" });
    const named = { text: "select $1", name: "mine" };
    expect(withStatementName(named, [1], nameOf)).toBe(named);
    const cursor = { text: "select $1", submit() {} };
    expect(withStatementName(cursor, [1], nameOf)).toBe(cursor);
  });

  it("names at most as many texts as its limit, and keeps naming those", () => {
    const nameOf = statementNames(2);
    const twice = (text: string) => [nameOf(text), nameOf(text)];
    expect([twice("a"), twice("b"), twice("c")]).toEqual([
      [undefined, "pc_1"],
      [undefined, "pc_2"],
      [undefined, undefined],
    ]);
    const c = { text: "select $1 as c" };
    expect(withStatementName(c, [1], nameOf)).toBe(c);
    expect(withStatementName(c, [1], nameOf)).toBe(c);
    expect(nameOf("a")).toBe("pc_1");
  });
});

describe("statements built once per database", () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb();
  });
  afterAll(() => t.close());

  it("builds the query once for the database, and again for each transaction, where it runs", async () => {
    let builds = 0;
    const countOf = builtOnce((db) => {
      builds++;
      return db
        .select({ count: rateLimits.count })
        .from(rateLimits)
        .where(eq(rateLimits.key, sql.placeholder("key")))
        .prepare("test_rate_limit_count");
    });
    await t.db.insert(rateLimits).values([
      { key: "built-once-a", count: 1 },
      { key: "built-once-b", count: 2 },
    ]);
    expect(await countOf(t.db).execute({ key: "built-once-a" })).toEqual([{ count: 1 }]);
    expect(await countOf(t.db).execute({ key: "built-once-b" })).toEqual([{ count: 2 }]);
    expect(countOf(t.db)).toBe(countOf(t.db));
    expect(builds).toBe(1);
    // In a transaction it is built on the transaction and reads what the transaction wrote; rolled back, it is gone.
    const rolledBack = new Error("roll back");
    let seen: unknown;
    await expect(
      t.db.transaction(async (tx) => {
        await tx.update(rateLimits).set({ count: 3 }).where(eq(rateLimits.key, "built-once-a"));
        seen = await countOf(tx).execute({ key: "built-once-a" });
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    expect(seen).toEqual([{ count: 3 }]);
    expect(await countOf(t.db).execute({ key: "built-once-a" })).toEqual([{ count: 1 }]);
    expect(builds).toBe(2);
  });
  it("builds each shape of a statement once for the database, under its key", async () => {
    const built: string[] = [];
    const atLeast = builtOncePerShape(
      (shape: { order: "asc" | "desc" }) => shape.order,
      (db, shape, key) => {
        built.push(key);
        return db
          .select({ key: rateLimits.key })
          .from(rateLimits)
          .where(sql`${rateLimits.key} like 'per-shape-%' and ${rateLimits.count} >= ${sql.placeholder("min")}`)
          .orderBy(shape.order === "asc" ? rateLimits.key : sql`${rateLimits.key} desc`)
          .prepare(`test_per_shape_${key}`);
      },
    );
    await t.db.insert(rateLimits).values([
      { key: "per-shape-a", count: 1 },
      { key: "per-shape-b", count: 2 },
      { key: "per-shape-c", count: 3 },
    ]);
    const keys = async (order: "asc" | "desc", min: number) =>
      (await atLeast(t.db, { order }).execute({ min })).map((r) => r.key);
    expect(await keys("asc", 2)).toEqual(["per-shape-b", "per-shape-c"]);
    expect(await keys("desc", 2)).toEqual(["per-shape-c", "per-shape-b"]);
    expect(await keys("asc", 3)).toEqual(["per-shape-c"]);
    expect(await keys("desc", 1)).toEqual(["per-shape-c", "per-shape-b", "per-shape-a"]);
    expect(built).toEqual(["asc", "desc"]);
    expect(atLeast(t.db, { order: "asc" })).toBe(atLeast(t.db, { order: "asc" }));
  });
});

describe.runIf(testDriver() === "postgres")("statements prepared once per connection (PostgreSQL)", () => {
  let t: TestDb;
  beforeAll(async () => {
    // Its own pool: the names a pool gives are its own, and a kept test database's pool has named others.
    t = await createTestDb({ dedicated: true });
  });
  afterAll(() => t.close());

  it("a query run three times on one connection is prepared once, and answers the same", async () => {
    await t.db.insert(rateLimits).values({ key: "prepared", count: 7 });
    const read = (db: Pick<TestDb["db"], "select">) =>
      db.select({ count: rateLimits.count }).from(rateLimits).where(eq(rateLimits.key, "prepared"));
    // A transaction holds one connection: what it prepared is in its pg_prepared_statements.
    const { first, second, prepared } = await t.db.transaction(async (tx) => {
      // Unnamed the first time; named, and prepared on this connection, the second; the third reuses it.
      const first = await read(tx);
      await read(tx);
      const second = await read(tx);
      const prepared = await tx.execute<{ name: string; statement: string }>(
        sql`select name, statement from pg_prepared_statements`,
      );
      return { first, second, prepared: prepared.rows };
    });
    expect(first).toEqual([{ count: 7 }]);
    expect(second).toEqual(first);
    const mine = prepared.filter((p) => p.statement.includes('from "rate_limits" where "rate_limits"."key" = $1'));
    expect(mine).toHaveLength(1);
    expect(mine[0]?.name).toMatch(/^pc_\d+$/);
  });

  it("plans a prepared statement once: every pooled connection asks for its generic plan (ADR 035)", async () => {
    const modes = await Promise.all(
      Array.from({ length: 3 }, () =>
        t.db.execute<{ plan_cache_mode: string }>(sql`show plan_cache_mode`).then((r) => r.rows[0]?.plan_cache_mode),
      ),
    );
    expect(modes).toEqual(["force_generic_plan", "force_generic_plan", "force_generic_plan"]);
    // On one connection: the second run prepares the statement, the third reuses it. PostgreSQL counts the plans
    // it used; by default the first runs of a prepared statement get a custom plan each.
    const plans = await t.db.transaction(async (tx) => {
      for (let i = 0; i < 3; i++) {
        await tx.select({ count: rateLimits.count }).from(rateLimits).where(eq(rateLimits.key, "planned once"));
      }
      const r = await tx.execute<{ generic_plans: string; custom_plans: string }>(
        sql`select generic_plans, custom_plans from pg_prepared_statements
            where statement like ${'%from "rate_limits" where "rate_limits"."key" = $1%'}`,
      );
      return r.rows;
    });
    expect(plans).toHaveLength(1);
    expect(plans[0]?.custom_plans).toBe("0");
    expect(Number(plans[0]?.generic_plans)).toBeGreaterThanOrEqual(2);
  });

  it("a named statement that fails to parse fails alike each time, and the connection goes on", async () => {
    const bad = () => t.db.execute(sql`select no_such_column from rate_limits where key = ${"x"}`);
    await expect(bad()).rejects.toThrow();
    await expect(bad()).rejects.toThrow();
    const failures = await Promise.allSettled([bad(), bad()]);
    for (const f of failures) {
      expect(f.status).toBe("rejected");
      const cause = (f as PromiseRejectedResult).reason?.cause ?? (f as PromiseRejectedResult).reason;
      expect(String(cause?.message)).toContain("no_such_column");
    }
    const ok = await t.db.execute<{ n: number }>(sql`select ${5}::int as n`);
    expect(ok.rows).toEqual([{ n: 5 }]);
  });
});

import { sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { emailOutbox } from "#server/db/schema/index.ts";
import { containsPattern, listSql, orderFor, pageOf, searchCondition } from "./list-sql.ts";

const dialect = new PgDialect();
const render = (q: Parameters<PgDialect["sqlToQuery"]>[0]) => dialect.sqlToQuery(q);

describe("list SQL", () => {
  it("escapes LIKE wildcards and the escape character", () => {
    expect(containsPattern("50%")).toBe("%50\\%%");
    expect(containsPattern("a_b")).toBe("%a\\_b%");
    expect(containsPattern("c:\\x")).toBe("%c:\\\\x%");
  });

  it("binds search words as parameters, never as SQL text", () => {
    const where = searchCondition("  Dana' OR 1=1 ", [emailOutbox.toAddress, emailOutbox.subject])!;
    const q = render(where);
    expect(q.sql).not.toContain("Dana");
    expect(q.sql).not.toContain("1=1");
    expect(q.params).toEqual(["%Dana'%", "%Dana'%", "%OR%", "%OR%", "%1=1%", "%1=1%"]);
    expect(searchCondition("   ", [emailOutbox.subject])).toBeUndefined();
  });

  it("orders by the sort key, its tie-breakers, then the unique column, empty values last", () => {
    const order = orderFor(
      { by: emailOutbox.status, ties: [sql`${emailOutbox.createdAt} desc`] },
      "asc",
      emailOutbox.id,
    );
    expect(order.map((o) => render(o).sql)).toEqual([
      '"email_outbox"."status" asc nulls last',
      '"email_outbox"."created_at" desc',
      '"email_outbox"."id" asc nulls last',
    ]);
  });

  it("turns page and size into limit and offset", () => {
    const list = listSql(
      { q: "", sort: "created", dir: "desc", page: 3, size: 10, filters: {} },
      { sorts: { created: emailOutbox.createdAt }, search: [emailOutbox.subject], tiebreak: emailOutbox.id },
    );
    expect(list).toMatchObject({ limit: 10, offset: 20, search: undefined });
  });

  it("reads the total from the rows, or recounts past the end", async () => {
    const none = async () => {
      throw new Error("not needed");
    };
    expect(await pageOf([{ id: 1, total: 7 }], { offset: 0 }, none)).toEqual({ rows: [{ id: 1 }], total: 7 });
    expect(await pageOf([], { offset: 0 }, none)).toEqual({ rows: [], total: 0 });
    expect(await pageOf([], { offset: 50 }, async () => 12)).toEqual({ rows: [], total: 12 });
  });
});

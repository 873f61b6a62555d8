import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defineList, MAX_PAGE_SIZE, MAX_SEARCH_LENGTH, pageRange, pageWindow, searchTerms } from "./list-query.ts";

const list = defineList({
  sorts: { created: "desc", status: "asc", attempts: "desc" },
  defaultSort: "created",
  filters: {
    status: z.enum(["pending", "sending", "sent", "failed"]),
    template: z.string().regex(/^[a-z0-9_]{1,64}$/),
  },
});

describe("parsing a list query from the URL", () => {
  it("gives the defaults for an empty URL", () => {
    expect(list.parse("")).toEqual({ q: "", sort: "created", dir: "desc", page: 1, size: 25, filters: {} });
    expect(list.parse(new URLSearchParams())).toEqual(list.defaults);
  });

  it("reads every part of a good URL", () => {
    const query = list.parse("?q=reset&status=failed&template=reset_password&sort=attempts&dir=asc&page=3&size=50");
    expect(query).toEqual({
      q: "reset",
      sort: "attempts",
      dir: "asc",
      page: 3,
      size: 50,
      filters: { status: "failed", template: "reset_password" },
    });
  });

  it("accepts a URL object", () => {
    expect(list.parse(new URL("https://x.test/admin/emails?status=sent")).filters).toEqual({ status: "sent" });
  });

  it("falls back value by value on bad input, never throwing", () => {
    const query = list.parse(
      "?q=%20%20hi%20%20there%20&sort=password&dir=sideways&page=-4&size=abc&status=lost&template=DROP%20TABLE",
    );
    expect(query).toEqual({ q: "hi there", sort: "created", dir: "desc", page: 1, size: 25, filters: {} });
    expect(list.parse("?page=2.5").page).toBe(1);
    expect(list.parse("?page=abc").page).toBe(1);
    expect(list.parse("?page=0").page).toBe(1);
    expect(list.parse("?page=99999999999").page).toBe(1);
    expect(list.parse("?size=0").size).toBe(25);
    expect(list.parse("?size=-10").size).toBe(25);
    expect(list.parse("?size=1e999").size).toBe(25);
  });

  it("caps the page size", () => {
    expect(list.parse("?size=100000").size).toBe(MAX_PAGE_SIZE);
    expect(list.parse("?size=7").size).toBe(7);
  });

  it("cuts a long search and reads an empty field as not set", () => {
    expect(list.parse(`?q=${"a".repeat(5000)}`).q).toHaveLength(MAX_SEARCH_LENGTH);
    expect(list.parse("?q=&status=&template=")).toEqual(list.defaults);
  });

  it("sorts in the key's first direction unless the URL says otherwise", () => {
    expect(list.parse("?sort=status")).toMatchObject({ sort: "status", dir: "asc" });
    expect(list.parse("?sort=attempts")).toMatchObject({ sort: "attempts", dir: "desc" });
    expect(list.parse("?sort=status&dir=desc")).toMatchObject({ sort: "status", dir: "desc" });
  });

  it("does not take inherited object keys for sort keys", () => {
    expect(list.parse("?sort=toString").sort).toBe("created");
    expect(list.parse("?sort=__proto__").sort).toBe("created");
  });

  it("takes the first of repeated parameters and ignores unknown ones", () => {
    expect(list.parse("?status=sent&status=failed&admin=1")).toEqual({ ...list.defaults, filters: { status: "sent" } });
  });

  it("never throws and always stays in bounds, whatever the query string", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.string(), fc.string(), fc.string(), (q, sort, dir, page, size) => {
        const params = new URLSearchParams({ q, sort, dir, page, size, status: q });
        const query = list.parse(params);
        expect(query.page).toBeGreaterThanOrEqual(1);
        expect(query.size).toBeGreaterThanOrEqual(1);
        expect(query.size).toBeLessThanOrEqual(MAX_PAGE_SIZE);
        expect(["created", "status", "attempts"]).toContain(query.sort);
        expect(["asc", "desc"]).toContain(query.dir);
        expect(query.q.length).toBeLessThanOrEqual(MAX_SEARCH_LENGTH);
      }),
    );
  });

  it("exposes the same rules as one zod schema", () => {
    expect(list.schema.parse({ sort: "status", page: "2" })).toMatchObject({ sort: "status", dir: "asc", page: 2 });
  });

  it("refuses a definition whose default sort is not a sort key or whose filter shadows a kit parameter", () => {
    expect(() => defineList({ sorts: { a: "asc" }, defaultSort: "b" as "a" })).toThrow();
    expect(() => defineList({ sorts: { a: "asc" }, defaultSort: "a", filters: { page: z.string() } })).toThrow();
  });
});

describe("building the next URL", () => {
  const base = list.parse("?q=dana&status=sent&sort=status&page=3");

  it("leaves defaults out", () => {
    expect(list.href(list.defaults)).toBe("");
    expect(list.href(list.parse("?sort=created&dir=desc&page=1&size=25"))).toBe("");
  });

  it("round-trips: parsing a built URL gives the query back", () => {
    const query = list.parse("?q=a%20b&status=failed&template=verify_email&sort=attempts&dir=asc&page=2&size=10");
    expect(list.parse(list.href(query))).toEqual(query);
  });

  it("keeps the page when paging and goes back to page 1 on any other change", () => {
    expect(list.href(base, { page: 4 })).toBe("?q=dana&status=sent&sort=status&page=4");
    expect(list.href(base, { q: "lee" })).toBe("?q=lee&status=sent&sort=status");
    expect(list.href(base, { size: 50 })).toBe("?q=dana&status=sent&sort=status&size=50");
    expect(list.href(base, { filters: { status: undefined } })).toBe("?q=dana&sort=status");
    expect(list.href(base, { filters: { template: "verify_email" } })).toBe(
      "?q=dana&status=sent&template=verify_email&sort=status",
    );
  });

  it("sorts by a new key in its first direction and flips the current one", () => {
    expect(list.sortHref(base, "attempts")).toBe("?q=dana&status=sent&sort=attempts");
    expect(list.sortHref(base, "status")).toBe("?q=dana&status=sent&sort=status&dir=desc");
    expect(list.sortHref(list.defaults, "created")).toBe("?dir=asc");
    expect(list.sortHref(list.parse("?dir=asc"), "created")).toBe("");
  });

  it("escapes what it puts in the URL", () => {
    expect(list.href(list.defaults, { q: "50% & more" })).toBe("?q=50%25+%26+more");
  });

  it("tells whether a search or filter narrows the list", () => {
    expect(list.isNarrowed(list.defaults)).toBe(false);
    expect(list.isNarrowed(list.parse("?sort=status&page=2"))).toBe(false);
    expect(list.isNarrowed(list.parse("?q=x"))).toBe(true);
    expect(list.isNarrowed(list.parse("?status=failed"))).toBe(true);
  });
});

describe("page arithmetic", () => {
  it("turns page and size into limit and offset", () => {
    expect(pageWindow({ page: 1, size: 25 })).toEqual({ limit: 25, offset: 0 });
    expect(pageWindow({ page: 3, size: 25 })).toEqual({ limit: 25, offset: 50 });
  });

  it("describes the rows shown", () => {
    expect(pageRange({ page: 1, size: 25 }, 312)).toEqual({ from: 1, to: 25, pageCount: 13 });
    expect(pageRange({ page: 13, size: 25 }, 312)).toEqual({ from: 301, to: 312, pageCount: 13 });
    expect(pageRange({ page: 1, size: 25 }, 0)).toEqual({ from: 0, to: 0, pageCount: 1 });
  });

  it("splits a search into distinct words", () => {
    expect(searchTerms("  reset   dana reset ")).toEqual(["reset", "dana"]);
    expect(searchTerms("")).toEqual([]);
  });
});

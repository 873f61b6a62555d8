import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { DataTableSection } from "#app/components/design-system/data-table-section.tsx";
import { defineList } from "#kernel/list-query.ts";
import { dataColumns } from "./columns.ts";
import { DataTable } from "./data-table.tsx";
import { showingText } from "./list-pagination.tsx";

type Row = { id: string; name: string; kind: string; uses: number };

const list = defineList({
  sorts: { name: "asc", uses: "desc" },
  defaultSort: "name",
  filters: { kind: z.enum(["code", "keyword"]), owner: z.string() },
});

const col = dataColumns<Row>();
const columns = col.columns([
  col.accessor("name", {
    header: "Name",
    cell: (c) => <a href={`/things/${c.row.original.id}`}>{c.getValue()}</a>,
    meta: { card: "title" },
  }),
  col.accessor("kind", { header: "Kind" }),
  col.accessor("uses", { header: "Uses", meta: { className: "text-right" } }),
]);

const ROWS: Row[] = [
  { id: "a", name: "#4LAW", kind: "code", uses: 12 },
  { id: "b", name: "#HELP", kind: "keyword", uses: 3 },
];

function render(
  search: string,
  rows: Row[],
  total: number,
  extra: Partial<
    Parameters<typeof DataTable<Row, "name" | "uses", { kind: "code" | "keyword"; owner: string }>>[0]
  > = {},
) {
  const query = list.parse(search);
  const Stub = createRoutesStub([
    {
      path: "/things",
      Component: () => (
        <DataTable
          list={list}
          query={query}
          columns={columns}
          rows={rows}
          total={total}
          getRowId={(r) => r.id}
          label="Things"
          noun={{ one: "thing", other: "things" }}
          search={{ placeholder: "Name" }}
          filters={[
            {
              name: "kind",
              label: "Kind",
              allLabel: "All kinds",
              options: [
                { value: "code", label: "Code" },
                { value: "keyword", label: "Keyword" },
              ],
            },
          ]}
          emptyMessage="No things found."
          {...extra}
        />
      ),
    },
  ]);
  return renderToStaticMarkup(<Stub initialEntries={[`/things${search}`]} />).replaceAll("&amp;", "&");
}

/** The opening tag of the <th> whose text contains `label`. */
function th(html: string, label: string): string {
  const match = [...html.matchAll(/<th\b[^>]*>[\s\S]*?<\/th>/g)].find((m) => m[0].includes(`>${label}<`));
  if (!match) throw new Error(`no header ${label}`);
  return match[0];
}

describe("DataTable", () => {
  it("renders the rows on the server with sortable headers as links and aria-sort on the sorted one", () => {
    const html = render("?q=law&kind=code&owner=me&size=10", ROWS, 2);
    expect(html).toContain("#4LAW");
    const name = th(html, "Name");
    expect(name).toContain('aria-sort="ascending"');
    // Sorted by name ascending: following the header flips it; the search and filters stay, the page resets.
    expect(name).toContain('href="/things?q=law&kind=code&owner=me&dir=desc&size=10"');
    const uses = th(html, "Uses");
    expect(uses).not.toContain("aria-sort");
    expect(uses).toContain('href="/things?q=law&kind=code&owner=me&sort=uses&size=10"');
    expect(th(html, "Kind")).not.toContain("href");
  });

  it("marks a descending sort", () => {
    expect(th(render("?sort=uses", ROWS, 2), "Uses")).toContain('aria-sort="descending"');
  });

  it("has a GET search form that keeps sort, size and filters without a control", () => {
    const html = render("?q=law&kind=code&owner=me&sort=uses&size=10&page=2", ROWS, 40);
    const form = html.match(/<form\b[\s\S]*?<\/form>/)![0];
    expect(form).toContain('method="get"');
    expect(form).toContain('type="hidden" name="owner" value="me"');
    expect(form).toContain('type="hidden" name="sort" value="uses"');
    expect(form).toContain('type="hidden" name="size" value="10"');
    expect(form).not.toContain('name="page"');
    expect(form).toMatch(/<input[^>]*name="q"[^>]*value="law"/);
    expect(form).toMatch(/<option value="code" selected="">Code<\/option>/);
    expect(form).toContain("All kinds");
    expect(form).toContain('href="/things?sort=uses&size=10"'); // Clear
  });

  it("paginates with links and says what is shown", () => {
    const html = render("?page=2&size=10", ROWS, 42);
    expect(html).toContain("Showing 11–20 of 42 things");
    expect(html).toMatch(/rel="prev"[^>]*href="\/things\?size=10"/);
    expect(html).toMatch(/rel="next"[^>]*href="\/things\?size=10&page=3"/);
    expect(html).toContain("Page 2 of 5");
    expect(html).toMatch(/aria-current="true" aria-label="10 rows per page"/);
    expect(html).toContain('aria-label="50 rows per page"');
  });

  it("shows the previous and next of the first and last pages as unavailable, not as links", () => {
    const html = render("", ROWS, 2);
    expect(html).not.toContain('rel="prev"');
    expect(html).not.toContain('rel="next"');
    expect(html.match(/aria-disabled="true"/g)).toHaveLength(2);
  });

  it("offers no paging for an empty list: no 'Page 1 of 0', no page sizes", () => {
    const html = render("", [], 0);
    expect(html).toContain("No things");
    expect(html).not.toMatch(/Page \d+ of/);
    expect(html).not.toContain("rows per page");
    expect(html).not.toContain('aria-disabled="true"');
  });

  it("shows the screen's empty message, or a way out of a search that found nothing", () => {
    expect(render("", [], 0)).toContain("No things found.");
    const narrowed = render("?q=zzz&sort=uses", [], 0);
    expect(narrowed).toContain("Nothing matches your search and filters.");
    expect(narrowed).toContain('href="/things?sort=uses"');
    const past = render("?page=9", [], 12);
    expect(past).toContain("is past the end of the list.");
    expect(past).toContain(">Go to the first page<");
  });

  it("renders each row once, with what the phone card layout needs: the title cell, labelled lines, the actions", () => {
    const html = render("", ROWS, 2, {
      rowActions: (r) => (r.uses > 10 ? <button type="button">Retire</button> : null),
    });
    expect(html).not.toContain("<ul"); // no second, list rendering of the rows
    expect(html.match(/>#4LAW</g)).toHaveLength(1);
    expect(html).toContain('class="w-full caption-bottom border-collapse text-sm data-table"');
    expect(html).toMatch(/<td[^>]*data-card="title"[^>]*><a href="\/things\/a">#4LAW<\/a><\/td>/);
    expect(html).toMatch(/<td[^>]*data-label="Kind"[^>]*>code<\/td>/);
    expect(html).toMatch(/<td[^>]*data-card="actions"[^>]*><div[^>]*><button type="button">Retire<\/button>/);
    expect(html).toMatch(/<nav aria-label="Sort"/);
  });

  it("adds the actions column only when a row has an action", () => {
    const none = render("", ROWS, 2, { rowActions: () => null });
    expect(none).not.toContain(">Actions<");
    const some = render("", ROWS, 2, {
      rowActions: (r) => (r.uses > 10 ? <button type="button">Retire</button> : null),
    });
    expect(some).toContain(">Actions<");
    expect(some.match(/>Retire</g)).toHaveLength(1); // #4LAW's row only
  });
});

describe("showingText", () => {
  it("formats the range and the total", () => {
    expect(showingText({ page: 1, size: 25 }, 312, { one: "email", other: "emails" })).toBe(
      "Showing 1–25 of 312 emails",
    );
    expect(showingText({ page: 1, size: 25 }, 1, { one: "email", other: "emails" })).toBe("Showing 1–1 of 1 email");
    expect(showingText({ page: 1, size: 25 }, 0, { one: "email", other: "emails" })).toBe("No emails");
    expect(showingText({ page: 3, size: 1000 }, 12_345)).toBe("Showing 2,001–3,000 of 12,345");
  });
});

describe("the design system's demo of the kit", () => {
  it("searches, filters, sorts and pages its sample from the URL", () => {
    const Stub = createRoutesStub([{ path: "/theme-showcase", Component: DataTableSection }]);
    const html = renderToStaticMarkup(<Stub initialEntries={["/theme-showcase?sort=territories&kind=standard"]} />);
    expect(html).toContain("Showing 1–5 of 7 #Codes");
    expect(html.indexOf("#4LAW")).toBeLessThan(html.indexOf("#HELP"));
    expect(html).not.toContain("#SSDI"); // on page 2
  });
});

import { useLocation } from "react-router";
import { z } from "zod";
import { DataTable, dataColumns } from "#app/components/data-table/index.ts";
import { Badge } from "#app/components/ui/badge.tsx";
import { defineList, pageWindow, searchTerms } from "#kernel/list-query.ts";
import { ShowcaseSection } from "./showcase-section.tsx";

type Code = { id: string; code: string; kind: "standard" | "keyword_group"; territories: number };

const CODES: Code[] = [
  { id: "1", code: "#4LAW", kind: "standard", territories: 41 },
  { id: "2", code: "#HELP", kind: "standard", territories: 37 },
  { id: "3", code: "#EASY", kind: "standard", territories: 22 },
  { id: "4", code: "#SSDI", kind: "standard", territories: 18 },
  { id: "5", code: "#INJURY", kind: "keyword_group", territories: 29 },
  { id: "6", code: "#DIVORCE", kind: "keyword_group", territories: 12 },
  { id: "7", code: "#ROOF", kind: "standard", territories: 9 },
  { id: "8", code: "#PLUMBER", kind: "keyword_group", territories: 15 },
  { id: "9", code: "#DENTIST", kind: "keyword_group", territories: 26 },
  { id: "10", code: "#TAXES", kind: "standard", territories: 31 },
  { id: "11", code: "#MOVING", kind: "keyword_group", territories: 7 },
  { id: "12", code: "#CARS", kind: "standard", territories: 20 },
];

/** The demo list: in a real screen this definition sits in the route module and the server does the work. */
const demoList = defineList({
  sorts: { code: "asc", territories: "desc" },
  defaultSort: "code",
  filters: { kind: z.enum(["standard", "keyword_group"]) },
  pageSize: 5,
});

const col = dataColumns<Code>();
const columns = col.columns([
  col.accessor("code", { header: "#Code", meta: { card: "title", className: "font-semibold" } }),
  col.accessor("kind", {
    header: "Type",
    cell: (c) => (
      <Badge variant={c.getValue() === "standard" ? "gold" : "secondary"}>
        {c.getValue() === "standard" ? "#Code" : "Keyword group"}
      </Badge>
    ),
  }),
  col.accessor("territories", { header: "Territories", meta: { className: "text-right tabular-nums" } }),
]);

/**
 * The admin list kit on sample data. Here the sample is searched, sorted and paged in the component, from the
 * URL; an admin screen gets its page from a domain function instead (`{ rows, total }`).
 */
export function DataTableSection() {
  const { search } = useLocation();
  const query = demoList.parse(search);
  const terms = searchTerms(query.q).map((t) => t.toLowerCase());
  const matching = CODES.filter(
    (c) =>
      (!query.filters.kind || c.kind === query.filters.kind) && terms.every((t) => c.code.toLowerCase().includes(t)),
  ).sort((a, b) => {
    const order = query.sort === "code" ? a.code.localeCompare(b.code) : a.territories - b.territories;
    return query.dir === "asc" ? order : -order;
  });
  const { offset, limit } = pageWindow(query);
  return (
    <ShowcaseSection
      id="data-table"
      title="Admin list"
      description="Search, filters, sortable headers and pagination, all in the URL: links and GET forms that work without JavaScript. On phones the rows become cards."
    >
      <DataTable
        list={demoList}
        query={query}
        columns={columns}
        rows={matching.slice(offset, offset + limit)}
        total={matching.length}
        getRowId={(c) => c.id}
        label="Sample #Codes"
        noun={{ one: "#Code", other: "#Codes" }}
        search={{ placeholder: "#Code" }}
        filters={[
          {
            name: "kind",
            label: "Type",
            allLabel: "All types",
            options: [
              { value: "standard", label: "#Code" },
              { value: "keyword_group", label: "Keyword group" },
            ],
          },
        ]}
        emptyMessage="No #Codes yet."
        noMatchMessage="No #Codes match your search."
      />
    </ShowcaseSection>
  );
}

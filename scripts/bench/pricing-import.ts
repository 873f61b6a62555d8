/**
 * The pricing upload's speed on embedded PGlite (in memory, migrated): a 3,300-row territory CSV, parsed, checked
 * and written in one transaction, against reading the same file with the CSV parser alone (the baseline, in the
 * same run). The catalogue's identity (state + portion) allows 306 distinct territories (51 × whole state and five
 * portions), so the 3,300-row file carries each of them about eleven times: the first occurrence is applied and the
 * repeats are reported as row errors, which exercises the parsing and checking of every row. A second figure is the
 * whole catalogue (306 rows) updated at once.
 */
import { performance } from "node:perf_hooks";
import Papa from "papaparse";
import { US_STATES } from "#kernel/us-states.ts";
import { openPglite } from "#server/db/client.ts";
import { runPricingUpload } from "#server/domain/pricing-import/import.ts";

const PORTIONS = ["", "N", "C", "S", "E", "W"] as const;
const WORD = { "": "", N: "North", C: "Central", S: "South", E: "East", W: "West" } as const;
const HEADER =
  "name,state,portion,area_codes,population,base_monthly_fee,base_setup_fee,minimum_monthly_fee,pound_law_monthly_fee,minutes_multiplier,sms_multiplier,status";

function territoryCsv(rows: number, round: number): string {
  const distinct = US_STATES.flatMap((s) =>
    PORTIONS.map((p) => ({ state: s.code, portion: p, name: p ? `${s.name} ${WORD[p]}` : s.name })),
  );
  const lines = [HEADER];
  for (let i = 0; i < rows; i++) {
    const t = distinct[i % distinct.length];
    if (!t) continue;
    const fee = 1000 + ((i * 37 + round * 11) % 9000);
    lines.push(
      `"${t.name}",${t.state},${t.portion},"212;646;917",${1_000_000 + i},"${fee.toLocaleString("en-US")}.50",500,95,${fee + 100},1.1,1.2,available`,
    );
  }
  return `${lines.join("\r\n")}\r\n`;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

async function time(fn: () => Promise<unknown> | unknown, runs: number): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    samples.push(performance.now() - t0);
  }
  return median(samples);
}

export type ImportBench = { name: string; ms: number; ratio: number; target: string; pass: boolean }[];

export async function benchPricingImport(runs = 5): Promise<ImportBench> {
  const handle = await openPglite(undefined);
  const admin = { userId: null, role: "admin" as const, ip: null };
  try {
    const big = new TextEncoder().encode(territoryCsv(3300, 0));
    const whole = (round: number) => new TextEncoder().encode(territoryCsv(306, round));
    const baseline = await time(
      () => Papa.parse(new TextDecoder().decode(big), { header: true, skipEmptyLines: "greedy" }),
      runs,
    );
    // The first upload creates the catalogue; later ones update it (each round changes the fees).
    let round = 0;
    const bigMs = await time(async () => {
      const s = await runPricingUpload(handle.db, admin, {
        kind: "territories",
        mode: "valid_rows",
        dryRun: false,
        fileName: "bench.csv",
        bytes: round++ === 0 ? big : new TextEncoder().encode(territoryCsv(3300, round)),
      });
      if (s.processed !== 3300 || s.created + s.updated + s.unchanged !== 306)
        throw new Error(
          `unexpected summary ${JSON.stringify({ ...s, errors: s.errors.length, changes: s.changes.length })}`,
        );
    }, runs);
    const wholeMs = await time(async () => {
      const s = await runPricingUpload(handle.db, admin, {
        kind: "territories",
        mode: "all_or_nothing",
        dryRun: false,
        fileName: "bench.csv",
        bytes: whole(++round),
      });
      if (s.updated !== 306 || !s.applied) throw new Error(`unexpected summary: ${s.updated} updated`);
    }, runs);
    return [
      { name: "parse the 3,300-row CSV only (baseline)", ms: baseline, ratio: 1, target: "—", pass: true },
      {
        name: "import 3,300-row territory CSV (PGlite)",
        ms: bigMs,
        ratio: bigMs / baseline,
        target: "< 1,000 ms",
        pass: bigMs < 1000,
      },
      {
        name: "update all 306 territories (PGlite)",
        ms: wholeMs,
        ratio: wholeMs / baseline,
        target: "< 1,000 ms",
        pass: wholeMs < 1000,
      },
    ];
  } finally {
    await handle.close();
  }
}

export function importTable(rows: ImportBench): string {
  const lines = ["| pricing upload | median ms | × parse-only baseline | target | |", "|---|---:|---:|---|---|"];
  for (const r of rows)
    lines.push(
      `| ${r.name} | ${r.ms.toFixed(0)} | ${r.ratio.toFixed(1)} | ${r.target} | ${r.pass ? "ok" : "MISSED"} |`,
    );
  return lines.join("\n");
}

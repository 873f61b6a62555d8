/**
 * Builds the territory map geometry: `npm run build:generated` → app/generated/us-map.json.
 * See scripts/map/README.md for the data sources and the pipeline.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import type { Topology } from "topojson-specification";
import portionCounties from "#server/db/seed/data/portion-counties.json" with { type: "json" };
import { buildUsMap, type PortionCounties, serializeUsMap } from "./map/build-us-map.ts";

const started = performance.now();
const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const atlasDir = join(root, "node_modules", "us-atlas");
const outFile = join(root, "app", "generated", "us-map.json");

const atlasVersion = (JSON.parse(readFileSync(join(atlasDir, "package.json"), "utf8")) as { version: string }).version;
const topology = JSON.parse(readFileSync(join(atlasDir, "counties-albers-10m.json"), "utf8")) as Topology;
const portions: PortionCounties = portionCounties;

const data = buildUsMap(topology, portions, {
  source: `US Census Bureau cartographic boundaries (2017) via us-atlas ${atlasVersion} counties-albers-10m; portions merged from server/db/seed/data/portion-counties.json`,
});
const json = serializeUsMap(data);

mkdirSync(dirname(outFile), { recursive: true });
writeFileSync(outFile, json);

const raw = Buffer.byteLength(json);
const gzipped = gzipSync(json, { level: 9 }).length;
const kb = (n: number): string => `${(n / 1024).toFixed(1)} KB`;
console.log(
  `map: ${data.shapes.length} shapes → ${relative(root, outFile)} (${kb(raw)} raw, ${kb(gzipped)} gzipped) in ${Math.round(performance.now() - started)} ms`,
);

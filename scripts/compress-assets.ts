/**
 * After the build: write .br and .gz next to every compressible asset in build/client, so the server sends
 * precompressed bytes instead of compressing the same file on every request.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "build/client");
const COMPRESSIBLE = /\.(js|mjs|css|json|svg|html|txt|xml|map)$/;

function* walk(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(p);
    else if (COMPRESSIBLE.test(entry.name) && statSync(p).size >= 1024) yield p;
  }
}

let files = 0;
let raw = 0;
let br = 0;
for (const file of walk(root)) {
  const data = readFileSync(file);
  const b = brotliCompressSync(data, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
  });
  writeFileSync(`${file}.br`, b);
  writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
  files++;
  raw += data.length;
  br += b.length;
}
console.log(`precompressed ${files} assets: ${(raw / 1024).toFixed(0)} KB → ${(br / 1024).toFixed(0)} KB brotli`);

/**
 * `npm start`: builds when there is no build yet; package.json then serves it with `npm run serve` (the server with
 * the Node flags it runs under everywhere, see docs/decisions/031-server-heap-sized-for-a-server.md).
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
// The server build, and the server's own modules with their types stripped (the last step of the build).
if (!["build/server/index.js", "build/js/server/precompiled.js"].every((file) => existsSync(path.join(root, file)))) {
  console.log("No build found: building first (npm run build)…");
  const r = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

/** Debian's Chromium (apt-get install chromium), never a downloaded browser; flags for a closed network. */
import { existsSync } from "node:fs";

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
];

/**
 * Debian's headless shell (apt-get install chromium-headless-shell) when it is there: the same Blink and V8 as
 * Debian's Chromium without the desktop browser around them, which is what a headless test drives. Otherwise the
 * full browser. E2E_CHROMIUM names another binary.
 */
export function chromiumPath(): string {
  const candidates = [
    process.env.E2E_CHROMIUM,
    "/usr/bin/chromium-headless-shell",
    "/usr/bin/chromium",
    "/usr/bin/chromium-browser",
  ];
  for (const p of candidates) if (p && existsSync(p)) return p;
  throw new Error("Chromium not found: install Debian's package (apt-get install -y chromium-headless-shell).");
}

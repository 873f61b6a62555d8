import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

const root = path.dirname(fileURLToPath(import.meta.url));

/**
 * Our own modules (app/, kernel/) only define things: importing one runs nothing the page relies on. So a module
 * none of whose exports a chunk uses is left out of it, even when a barrel (`territories/index.ts`) re-exports it or
 * its top level builds a zod schema. Without this rule the home page, which imports one component from the
 * territories barrel, downloaded the reservation dialog, Conform and zod. A module one export of which is used is
 * kept whole, its top-level calls included: strings a page needs belong in a module that builds no zod schema. Never
 * give these folders a module that must run for its side effects alone (`import "./x"`).
 */
const SIDE_EFFECT_FREE = [path.join(root, "app") + path.sep, path.join(root, "kernel") + path.sep];
const isOwnScript = (id: string) => /\.tsx?(\?|$)/.test(id) && SIDE_EFFECT_FREE.some((dir) => id.startsWith(dir));

/**
 * Browser chunks. What every page loads comes in a few files rather than dozens of tiny ones (each file is one more
 * request, with its headers, in the browser's queue): React and React Router; the design-system primitives with the
 * site layout and the small shared helpers. The rest stays split per route by Rolldown. Out of `ui`, loaded only
 * where used: the toaster (sonner, on first use: `ui/toast-outlet.tsx`), the dialog primitives (`ui/dialog.tsx`,
 * and the site menu's sheet, `layout/menu-sheet.tsx`, on the first sign of use). Icons are no code at all: a sprite
 * (`ui/icons.tsx`). Small modules most pages import (page titles, section headings, the page cache's keys a route's
 * handle names) travel in `ui` too: as files of their own they were a few hundred bytes each, each with about as many
 * bytes of response headers and a request of its own.
 */
const CHUNK_GROUPS = [
  { name: "framework", priority: 30, test: /\/node_modules\/(react|react-dom|scheduler|react-router)\// },
  {
    name: "ui",
    priority: 10,
    test: new RegExp(
      [
        "/app/components/ui/(?!toaster\\.tsx|flash-toast\\.tsx|dialog\\.tsx)",
        "/app/components/layout/(?!menu-sheet\\.tsx)",
        "/app/lib/(utils|load-once|seo)\\.ts",
        "/kernel/(links|text|format|schemas/company)\\.ts",
        "/app/components/home/section-heading\\.tsx",
        "/server/web/page-cache\\.ts",
        "/node_modules/(clsx|tailwind-merge|class-variance-authority)/",
      ].join("|"),
    ),
  },
];

/**
 * The server bundle leaves `#server/*` and `#kernel/*` to Node: route modules import the very modules `server/main.ts`
 * runs from source (Node strips their types), so the process holds one copy of the domain, its caches and its
 * contexts, not a second one bundled into `build/server/index.js` (ADR 012). The build keeps the specifier, which
 * Node resolves through package.json's `imports`. In development, Vite's module runner would evaluate a copy of its
 * own of any file it is handed: there the specifier becomes the file's URL, which the server environment counts among
 * its "builtins", the modules the runner leaves to Node's own `import()`.
 */
function serverModulesFromSource(): Plugin {
  const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const fromSource = new RegExp(`^${escapeRegExp(pathToFileURL(root).href)}/(server|kernel)/`);
  let build = true;
  return {
    name: "poundcodes:server-modules-from-source",
    enforce: "pre",
    configResolved(config) {
      build = config.command === "build";
      if (!build) config.environments.ssr?.resolve.builtins.push(fromSource);
    },
    applyToEnvironment: (environment) => environment.name === "ssr",
    resolveId(id) {
      const m = /^#(server|kernel)\/(.+)$/.exec(id);
      if (!m) return null;
      return { id: build ? id : pathToFileURL(path.join(root, m[1]!, m[2]!)).href, external: true };
    },
  };
}

export default defineConfig({
  plugins: [serverModulesFromSource(), tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  server: { hmr: { port: 24678 } },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          treeshake: { moduleSideEffects: (id) => (isOwnScript(id) ? false : undefined) },
          output: { codeSplitting: { groups: CHUNK_GROUPS } },
        },
      },
    },
  },
});

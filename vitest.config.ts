import { defineConfig } from "vitest/config";
import { testDatabaseUrl } from "./server/config.ts";

/**
 * Two projects: everything on PGlite; and, when TEST_DATABASE_URL is set, the database-backed server tests
 * again on a real PostgreSQL server (a fresh database per test file).
 */
const withPostgres = Boolean(testDatabaseUrl());

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "pglite",
          include: ["app/**/*.test.{ts,tsx}", "kernel/**/*.test.ts", "server/**/*.test.ts", "scripts/**/*.test.ts"],
          env: { DB_DRIVER: "pglite" },
          globalSetup: ["tests/setup/global-db.ts"],
        },
      },
      ...(withPostgres
        ? [
            {
              extends: true,
              test: {
                name: "postgres",
                include: ["server/**/*.test.ts", "app/routes/**/*.test.ts"],
                env: { DB_DRIVER: "postgres" },
                globalSetup: ["tests/setup/global-db.ts"],
              },
            },
          ]
        : []),
    ],
    // Files run one after another in a worker without a fresh module graph each: the modules (React, Drizzle, the
    // PGlite engine) load once per worker, and the databases a worker opened are emptied and reused
    // (server/db/test-utils.ts). Nothing here relies on per-file module state; the one test that mocks a module
    // (app/entry.server.test.ts) resets the registry itself. Measured on 2 cores: 689 s isolated, 247 s without.
    isolate: false,
    // Three workers on two cores: a worker often waits on PostgreSQL or on a timer (249 s against 322 s with two).
    maxWorkers: 3,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

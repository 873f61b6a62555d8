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
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

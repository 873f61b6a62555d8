import { defineConfig } from "@playwright/test";
import { PRECOMPILED_FLAGS } from "./scripts/serve-flags.ts";
import { CHROMIUM_ARGS, chromiumPath } from "./tests/e2e/support/browser.ts";
import { E2E_ADMIN, E2E_PORTS } from "./tests/e2e/support/env.ts";

/**
 * End-to-end tests in Debian's Chromium against the production build (`npm run test:e2e` builds first).
 * One server on embedded PGlite running the whole suite; a second on PostgreSQL when TEST_DATABASE_URL is set,
 * running the database-sensitive specs.
 */
const withPostgres = Boolean(process.env.TEST_DATABASE_URL);

/**
 * The whole suite runs on PGlite. On PostgreSQL run the specs whose outcome depends on the database: the ones whose
 * writes race, lock or move money (reservations and holds, forms and leads, wallet debits and adjustments, tickets,
 * agreements, uploads, user and catalogue admin, newsletter batches and the job queue, landing-page approval) and
 * the authorization matrix. Pages that only read and render (content, shell, crawlers, axe sweeps, the security
 * headers spec with its own servers) and the plain create-edit-delete screens of content and contacts (blog, FAQ,
 * support topics, content editor, contacts, analytics) run once: their domain and route-module tests already run
 * every query, race and constraint on both databases.
 */
const DATABASE_SENSITIVE_SPECS = [
  "commerce/self-serve.spec.ts",
  "public/marketplace.spec.ts",
  "public/marketplace-vanity.spec.ts",
  "public/reservation-confirm.spec.ts",
  "public/forms.spec.ts",
  "public/landing-page.spec.ts",
  "portal/billing.spec.ts",
  "portal/agreements.spec.ts",
  "portal/support-tickets.spec.ts",
  "portal/profile.spec.ts",
  "admin/pricing-upload.spec.ts",
  "admin/users.spec.ts",
  "admin/support-tickets.spec.ts",
  "admin/reservations.spec.ts",
  "admin/numbers.spec.ts",
  "admin/territories.spec.ts",
  "admin/newsletter.spec.ts",
  "admin/billing.spec.ts",
  "admin/jobs.spec.ts",
  "admin/dynamic-pages.spec.ts",
  "portal/page-content.spec.ts",
  "platform/authorization.spec.ts",
  "platform/cluster.spec.ts",
  "platform/several-hosts.spec.ts",
].map((spec) => `**/${spec}`);
const server = (driver: "pglite" | "postgres") => ({
  // The server's own modules as production loads them (scripts/serve-flags.ts).
  command: `node ${PRECOMPILED_FLAGS.join(" ")} tests/e2e/support/serve.ts ${driver}`,
  url: `http://127.0.0.1:${E2E_PORTS[driver]}/api/health`,
  reuseExistingServer: false,
  timeout: 120_000,
  stdout: "ignore" as const,
  stderr: "pipe" as const,
  env: { E2E_ADMIN_EMAIL: E2E_ADMIN.email, E2E_ADMIN_PASSWORD: E2E_ADMIN.password },
});

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
    // The product honors prefers-reduced-motion (entrance fades, dialog and popover animations): tests read and
    // click settled pages without waiting for animations to end, and the browser draws fewer frames.
    contextOptions: { reducedMotion: "reduce" },
    // A trace costs a third of a test's time (DOM snapshots and a screencast of every action): it is recorded
    // when a failed test is retried, which is where it is read.
    trace: "on-first-retry",
    screenshot: "only-on-failure",
  },
  webServer: [server("pglite"), ...(withPostgres ? [server("postgres")] : [])],
  projects: [
    { name: "pglite", use: { baseURL: `http://localhost:${E2E_PORTS.pglite}` } },
    ...(withPostgres
      ? [
          {
            name: "postgres",
            testMatch: DATABASE_SENSITIVE_SPECS,
            use: { baseURL: `http://localhost:${E2E_PORTS.postgres}` },
          },
        ]
      : []),
  ],
});

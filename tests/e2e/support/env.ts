export const E2E_PORTS = { pglite: 3210, postgres: 3211 } as const;
/** The servers a spec starts for itself with LICENSE_APPROVAL=manual (tests/e2e/commerce/self-serve.spec.ts). */
export const E2E_MANUAL_PORTS = { pglite: 3214, postgres: 3215 } as const;
export const E2E_ADMIN = { email: "e2e-admin@poundcodes.test", password: "e2e-admin-password" } as const;
export const DEMO_LICENSEE = { email: "demo@poundcodes.test", password: "demo-password-2026" } as const;

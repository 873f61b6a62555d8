export const E2E_PORTS = { pglite: 3210, postgres: 3211 } as const;
export const E2E_ADMIN = { email: "e2e-admin@poundcodes.test", password: "e2e-admin-password" } as const;
export const DEMO_LICENSEE = { email: "demo@poundcodes.test", password: "demo-password-2026" } as const;

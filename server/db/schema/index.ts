/** The whole database schema: drizzle-kit reads this file (see drizzle.config.ts). */
export * from "./auth.ts";
export * from "./catalogue.ts";
export * from "./content.ts";
export * from "./crm.ts";
export * from "./licensees.ts";
export * from "./licensing.ts";
export * from "./support.ts";
export * from "./system.ts";
export * from "./wallet.ts";

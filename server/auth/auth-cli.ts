// Only for the schema generator (npm run auth:generate): mirrors the plugins and fields of createAuth in auth.ts.
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { admin, twoFactor } from "better-auth/plugins";
export const auth = betterAuth({
  database: drizzleAdapter({} as never, { provider: "pg" }),
  user: { additionalFields: { companyName: { type: "string", required: false, input: true } } },
  emailAndPassword: { enabled: true },
  rateLimit: { enabled: true, storage: "database" },
  plugins: [admin(), twoFactor()],
});

/**
 * Better Auth: email + password, verification, reset, admin plugin (roles, bans), TOTP two-factor.
 * Sessions and rate-limit counters live in the database so they hold across instances.
 */
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { admin, twoFactor } from "better-auth/plugins";
import type { Database } from "../db/client.ts";
import * as schema from "../db/schema/index.ts";

export type AuthMailer = {
  sendVerification: (to: { email: string; name: string }, url: string) => Promise<void>;
  sendPasswordReset: (to: { email: string; name: string }, url: string) => Promise<void>;
};

export type AuthOptions = {
  db: Database;
  secret: string;
  publicUrl: string;
  trustedOrigins: string[];
  adminEmails: string[];
  rateLimit: boolean;
  secureCookies: boolean;
  mailer: AuthMailer;
};

export const MIN_PASSWORD_LENGTH = 6;
export const CLIENT_IP_HEADER = "x-poundcodes-client-ip";

export function createAuth(opts: AuthOptions) {
  const adminSet = new Set(opts.adminEmails.map((e) => e.toLowerCase()));
  return betterAuth({
    appName: "PoundCodes",
    logger: { level: "error" },
    baseURL: opts.publicUrl,
    secret: opts.secret,
    trustedOrigins: opts.trustedOrigins,
    database: drizzleAdapter(opts.db, { provider: "pg", schema, transaction: true }),
    user: {
      additionalFields: {
        companyName: { type: "string", required: false, input: true },
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: 128,
      autoSignIn: true,
      requireEmailVerification: false,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) => {
        await opts.mailer.sendPasswordReset({ email: user.email, name: user.name }, url);
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: 60 * 60 * 24,
      sendVerificationEmail: async ({ user, url }) => {
        await opts.mailer.sendVerification({ email: user.email, name: user.name }, url);
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    rateLimit: {
      enabled: opts.rateLimit,
      storage: "database",
      window: 60,
      max: 100,
      customRules: {
        "/sign-in/email": { window: 60, max: 10 },
        "/sign-up/email": { window: 600, max: 10 },
        "/request-password-reset": { window: 600, max: 5 },
      },
    },
    advanced: {
      useSecureCookies: opts.secureCookies,
      defaultCookieAttributes: { sameSite: "lax", httpOnly: true },
      // Set by our HTTP layer from the socket (or the trusted proxy), never taken from the client as sent.
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    databaseHooks: {
      user: {
        create: {
          before: async (user) => {
            const email = user.email.toLowerCase();
            return { data: { ...user, email, role: adminSet.has(email) ? "admin" : "user" } };
          },
        },
      },
    },
    plugins: [admin({ defaultRole: "user", adminRoles: ["admin"] }), twoFactor({ issuer: "PoundCodes" })],
  });
}

export type Auth = ReturnType<typeof createAuth>;

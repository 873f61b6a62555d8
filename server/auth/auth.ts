/**
 * Better Auth: email + password, verification, reset, admin plugin (roles, bans), TOTP two-factor.
 * Sessions and rate-limit counters live in the database so they hold across instances.
 */
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { deleteSessionCookie } from "better-auth/cookies";
import { admin, twoFactor } from "better-auth/plugins";
import { and, eq, isNull, ne, or } from "drizzle-orm";
import { profileFieldsSchema, safeRedirect } from "#kernel/schemas/auth.ts";
import type { Database } from "../db/client.ts";
import * as schema from "../db/schema/index.ts";
import { recordAudit } from "../domain/audit/audit.ts";

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
/**
 * The client address the auth library stores on sessions and uses for its limits. Internal: the HTTP layer removes
 * it from every incoming request and sets it from the connection (see server/http/edge.ts).
 */
export const CLIENT_IP_HEADER = "x-poundcodes-client-ip";

/** Refuses profile fields that break the stored rules, whichever path writes them. */
function checkProfileFields(data: Record<string, unknown>): void {
  const fields: Record<string, unknown> = {};
  for (const key of ["name", "companyName", "image"] as const) {
    if (key in data && data[key] !== undefined) fields[key] = data[key];
  }
  const parsed = profileFieldsSchema.safeParse(fields);
  if (!parsed.success) {
    throw new APIError("BAD_REQUEST", {
      message: parsed.error.issues[0]?.message ?? "Invalid profile field.",
      code: "INVALID_PROFILE_FIELD",
    });
  }
}

/**
 * The parameters, in a query or a body, through which a caller tells the auth library where to send the browser
 * next, with the code the library itself uses when it refuses one.
 */
const REDIRECT_PARAMS = {
  callbackURL: "INVALID_CALLBACK_URL",
  errorCallbackURL: "INVALID_ERROR_CALLBACK_URL",
  newUserCallbackURL: "INVALID_NEW_USER_CALLBACK_URL",
  redirectTo: "INVALID_REDIRECT_URL",
} as const;

/**
 * Every redirect target handed to the auth library must pass the rule our own forms apply ({@link safeRedirect}: a
 * path on this site, and still one once a browser has resolved it). The library's own check accepts a path such as
 * "/..//evil.example", which a browser resolves to another host. Refused, as the library refuses an untrusted origin.
 */
function assertSafeRedirects(sources: readonly unknown[]): void {
  for (const source of sources) {
    if (!source || typeof source !== "object") continue;
    for (const [key, code] of Object.entries(REDIRECT_PARAMS)) {
      const value = (source as Record<string, unknown>)[key];
      if (value === undefined || value === null || value === "") continue;
      if (typeof value !== "string" || safeRedirect(value, "") !== value) {
        throw new APIError("FORBIDDEN", { message: `Invalid ${key}`, code });
      }
    }
  }
}

/** Gives the admin role to a listed address once it is verified (never before: anyone can sign up with any address). */
async function promoteIfVerifiedAdmin(
  db: Database,
  adminSet: Set<string>,
  u: { id: string; email: string; emailVerified: boolean } | null,
): Promise<void> {
  if (!u?.emailVerified || !adminSet.has(u.email.toLowerCase())) return;
  await db
    .update(schema.user)
    .set({ role: "admin" })
    .where(
      and(
        eq(schema.user.id, u.id),
        eq(schema.user.emailVerified, true),
        or(isNull(schema.user.role), ne(schema.user.role, "admin")),
      ),
    );
}

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
      // Sign-up never signs in: it answers a new address and a registered one alike (the library hashes the
      // password and answers a stand-in user for a registered one), so the answer cannot tell them apart. The
      // account signs in with its password, or through the emailed verification link.
      autoSignIn: false,
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
    hooks: {
      // A two-factor account gets a session only through the code step: the automatic sign-in after following an
      // email verification link (which asks for no code) is undone for such an account.
      // A session the link made otherwise is a sign-in, recorded as the flows record theirs.
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== "/verify-email") return;
        const made = ctx.context.newSession;
        if (!made) return;
        const sent = await ctx.getSignedCookie(ctx.context.authCookies.sessionToken.name, ctx.context.secret);
        if (sent === made.session.token) return; // the caller's own session, already signed in
        if ((made.user as { twoFactorEnabled?: boolean | null }).twoFactorEnabled) {
          await ctx.context.internalAdapter.deleteSession(made.session.token);
          deleteSessionCookie(ctx, true);
          ctx.context.setNewSession(null);
          return;
        }
        await recordAudit(
          opts.db,
          { userId: made.user.id, ip: made.session.ipAddress ?? null },
          {
            action: "auth.sign_in",
            entityType: "user",
            entityId: made.user.id,
            details: { method: "email_link", userAgent: made.session.userAgent?.slice(0, 300) ?? null },
          },
        );
      }),
      // Redirect targets follow our own rule on every endpoint. Revoking a session that is not one of the caller's
      // own answers exactly as for a token that does not exist: nothing is revoked, so nothing claims success.
      before: createAuthMiddleware(async (ctx) => {
        assertSafeRedirects([ctx.query, ctx.body]);
        if (ctx.path !== "/revoke-session") return;
        const token = (ctx.body as { token?: unknown } | undefined)?.token;
        if (typeof token !== "string") return; // the endpoint's own validation answers
        const current = await getSessionFromCtx(ctx);
        if (!current) return; // the endpoint answers 401
        const target = await ctx.context.internalAdapter.findSession(token);
        if (target?.session.userId !== current.user.id) {
          throw new APIError("NOT_FOUND", { message: "Session not found", code: "SESSION_NOT_FOUND" });
        }
      }),
    },
    databaseHooks: {
      user: {
        create: {
          // Everyone starts as a user; the admin role needs a verified address (below) or an operator (start-up).
          // Only server-side creation can pass a role: the field is not accepted from sign-up input.
          before: async (user) => {
            checkProfileFields(user);
            const email = user.email.toLowerCase();
            const role = (user as { role?: unknown }).role === "admin" ? "admin" : "user";
            return { data: { ...user, email, role } };
          },
          after: async (user) => {
            await promoteIfVerifiedAdmin(opts.db, adminSet, user);
          },
        },
        update: {
          before: async (data) => {
            checkProfileFields(data);
            return { data };
          },
          // Runs after the write is committed, so a plain query is safe here.
          after: async (user) => {
            await promoteIfVerifiedAdmin(opts.db, adminSet, user);
          },
        },
      },
    },
    plugins: [admin({ defaultRole: "user", adminRoles: ["admin"] }), twoFactor({ issuer: "PoundCodes" })],
  });
}

export type Auth = ReturnType<typeof createAuth>;

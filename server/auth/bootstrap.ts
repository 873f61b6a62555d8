/**
 * Start-up: promote ADMIN_EMAILS (case-insensitive) and create the initial admin from ADMIN_EMAIL/ADMIN_PASSWORD
 * when it does not exist yet. There is never a fixed default password.
 *
 * The admin role follows a verified address only: anyone can sign up with any address, so an unverified account
 * is never promoted as it stands. An unverified account already holding ADMIN_EMAIL was made by someone who has
 * not proven they own that address; it is reclaimed for the operator: its password becomes ADMIN_PASSWORD, and its
 * sessions and second factor are removed, so whoever chose the old password keeps no way in.
 */
import { randomUUID } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { account, session, twoFactor, user } from "../db/schema/index.ts";
import type { Auth } from "./auth.ts";

export type BootstrapResult = {
  /** Accounts given the admin role (ADMIN_EMAILS and ADMIN_EMAIL). */
  promoted: number;
  /** The ADMIN_EMAIL account was created. */
  created: boolean;
  /** The ADMIN_EMAIL account existed unverified and was taken back (new password, sessions revoked). */
  reclaimed: boolean;
};

export async function bootstrapAdmins(
  db: Database,
  auth: Auth,
  cfg: { adminEmails: string[]; initialAdmin?: { email: string; password: string } },
): Promise<BootstrapResult> {
  let created = false;
  let reclaimed = false;
  let promoted = 0;
  if (cfg.initialAdmin) {
    const email = cfg.initialAdmin.email.toLowerCase();
    const [existing] = await db
      .select({ id: user.id, emailVerified: user.emailVerified, role: user.role })
      .from(user)
      .where(eq(sql`lower(${user.email})`, email));
    if (!existing) {
      // Server-side creation (admin plugin, no session): no sign-up email for an account the operator made.
      await auth.api.createUser({
        body: { email, password: cfg.initialAdmin.password, name: "Administrator", role: "admin" },
      });
      await db.update(user).set({ role: "admin", emailVerified: true }).where(eq(user.email, email));
      created = true;
    } else if (!existing.emailVerified) {
      await reclaimUnverified(db, auth, existing.id, cfg.initialAdmin.password);
      reclaimed = true;
      promoted++;
    } else if (existing.role !== "admin") {
      await db.update(user).set({ role: "admin" }).where(eq(user.id, existing.id));
      promoted++;
    }
  }
  if (cfg.adminEmails.length) {
    const rows = await db
      .update(user)
      .set({ role: "admin" })
      .where(
        and(
          eq(user.emailVerified, true),
          sql`${user.role} is distinct from 'admin'`,
          inArray(
            sql`lower(${user.email})`,
            cfg.adminEmails.map((e) => e.toLowerCase()),
          ),
        ),
      )
      .returning({ id: user.id });
    promoted += rows.length;
  }
  return { promoted, created, reclaimed };
}

/** The operator's password replaces whatever the unverified holder chose; every way back in for them is closed. */
async function reclaimUnverified(db: Database, auth: Auth, userId: string, password: string): Promise<void> {
  const ctx = await auth.$context;
  const hash = await ctx.password.hash(password);
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(account)
      .set({ password: hash })
      .where(and(eq(account.userId, userId), eq(account.providerId, "credential")))
      .returning({ id: account.id });
    if (updated.length === 0) {
      await tx.insert(account).values({
        id: randomUUID(),
        accountId: userId,
        providerId: "credential",
        userId,
        password: hash,
        updatedAt: new Date(),
      });
    }
    // Other sign-in methods the holder may have linked (none are enabled today) go too.
    await tx.delete(account).where(and(eq(account.userId, userId), sql`${account.providerId} <> 'credential'`));
    await tx.delete(session).where(eq(session.userId, userId));
    await tx.delete(twoFactor).where(eq(twoFactor.userId, userId));
    await tx
      .update(user)
      .set({ role: "admin", emailVerified: true, twoFactorEnabled: false })
      .where(eq(user.id, userId));
  });
}

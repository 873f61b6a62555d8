/**
 * Start-up: promote ADMIN_EMAILS (case-insensitive) and create the initial admin from ADMIN_EMAIL/ADMIN_PASSWORD
 * when it does not exist yet. There is never a fixed default password.
 */
import { eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { user } from "../db/schema/index.ts";
import type { Auth } from "./auth.ts";

export async function bootstrapAdmins(
  db: Database,
  auth: Auth,
  cfg: { adminEmails: string[]; initialAdmin?: { email: string; password: string } },
): Promise<{ promoted: number; created: boolean }> {
  let created = false;
  if (cfg.initialAdmin) {
    const email = cfg.initialAdmin.email.toLowerCase();
    const [existing] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
    if (!existing) {
      // Server-side creation (admin plugin, no session): no sign-up email for an account the operator made.
      await auth.api.createUser({
        body: { email, password: cfg.initialAdmin.password, name: "Administrator", role: "admin" },
      });
      created = true;
    }
    await db.update(user).set({ role: "admin", emailVerified: true }).where(eq(user.email, email));
  }
  let promoted = 0;
  if (cfg.adminEmails.length) {
    const rows = await db
      .update(user)
      .set({ role: "admin" })
      .where(
        inArray(
          sql`lower(${user.email})`,
          cfg.adminEmails.map((e) => e.toLowerCase()),
        ),
      )
      .returning({ id: user.id });
    promoted = rows.length;
  }
  return { promoted, created };
}

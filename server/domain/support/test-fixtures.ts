/** Rows for the support-ticket tests: accounts, with or without a licensee record, and tickets. */
import { randomUUID } from "node:crypto";
import type { TicketPriority, TicketStatus } from "#kernel/enums.ts";
import type { DbOrTx } from "#server/db/client.ts";
import { licensees, supportTickets, user } from "#server/db/schema/index.ts";
import type { Actor } from "../actor.ts";

export const SUPPORT_OPTS = { publicUrl: "https://poundcodes.test", deskEmail: "desk@poundcodes.test" } as const;

export type TestAccount = { userId: string; email: string; name: string; licenseeId: string | null; actor: Actor };

/** A user (role user unless `admin`), with a licensee record unless `licensee: false`. */
export async function seedAccount(
  db: DbOrTx,
  opts: { name?: string; company?: string; licensee?: boolean; admin?: boolean } = {},
): Promise<TestAccount> {
  const userId = randomUUID();
  const email = `${userId.slice(0, 8)}@example.com`;
  const name = opts.name ?? "Dana Whitfield";
  await db.insert(user).values({ id: userId, name, email, emailVerified: true, role: opts.admin ? "admin" : "user" });
  let licenseeId: string | null = null;
  if (opts.licensee !== false && !opts.admin) {
    const [row] = await db
      .insert(licensees)
      .values({ userId, email, contactName: name, companyName: opts.company ?? "Whitfield Law" })
      .returning({ id: licensees.id });
    licenseeId = row!.id;
  }
  return { userId, email, name, licenseeId, actor: { userId, role: opts.admin ? "admin" : "user", ip: "203.0.113.9" } };
}

/** A ticket of `owner` in the given status, written directly (no email, no audit). */
export async function seedTicket(
  db: DbOrTx,
  owner: TestAccount,
  opts: { subject?: string; status?: TicketStatus; priority?: TicketPriority; createdAt?: Date } = {},
): Promise<string> {
  const createdAt = opts.createdAt ?? new Date();
  const [row] = await db
    .insert(supportTickets)
    .values({
      userId: owner.userId,
      licenseeId: owner.licenseeId,
      subject: opts.subject ?? "Calls to #4LAW drop after 30 seconds",
      description: "Since Monday, calls to our #4LAW number in Georgia drop after about 30 seconds.",
      priority: opts.priority ?? "medium",
      status: opts.status ?? "open",
      createdAt,
      updatedAt: createdAt,
    })
    .returning({ id: supportTickets.id });
  return row!.id;
}

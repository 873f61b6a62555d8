/**
 * The licensee a reservation is approved for: the requester's account (the user who reserved, or the account
 * with the requester's email), given a licensee record if it has none; or, when the requester has no account, a
 * new account without a password plus a one-time set-your-password link, written in the approving transaction so
 * nothing is left behind if the approval fails.
 *
 * The link is Better Auth's own password-reset token (a `verification` row `reset-password:<token>` naming the
 * user), so `/reset-password?token=…` sets the first password through the existing reset flow, which creates the
 * credential account. No Better Auth HTTP endpoint is involved.
 */
import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { INVITATION_VALID_DAYS } from "#kernel/schemas/reservations-admin.ts";
import type { Tx } from "#server/db/client.ts";
import { licensees, user, verification } from "#server/db/schema/index.ts";

export type ApprovedLicensee = {
  licenseeId: string;
  userId: string;
  email: string;
  name: string;
  /** Set when the account was created now: the raw token of its set-your-password link. */
  invitationToken: string | null;
};

type Requester = {
  userId: string | null;
  name: string;
  email: string;
  phone: string | null;
  company: string | null;
  /** The requester confirmed the hold from the emailed link (or was a verified user): the address is theirs. */
  confirmed: boolean;
};

export async function licenseeForRequester(tx: Tx, r: Requester, now: Date): Promise<ApprovedLicensee> {
  const email = r.email.trim().toLowerCase();
  let account: { id: string; name: string; email: string } | undefined;
  if (r.userId) {
    [account] = await tx
      .select({ id: user.id, name: user.name, email: user.email })
      .from(user)
      .where(eq(user.id, r.userId));
  }
  if (!account) {
    [account] = await tx
      .select({ id: user.id, name: user.name, email: user.email })
      .from(user)
      .where(sql`lower(${user.email}) = ${email}`);
  }
  let invitationToken: string | null = null;
  if (!account) {
    const id = randomBytes(16).toString("base64url");
    await tx.insert(user).values({
      id,
      name: r.name,
      email,
      emailVerified: r.confirmed,
      companyName: r.company,
      role: "user",
      createdAt: now,
      updatedAt: now,
    });
    invitationToken = randomBytes(24).toString("base64url");
    await tx.insert(verification).values({
      id: randomBytes(16).toString("base64url"),
      identifier: `reset-password:${invitationToken}`,
      value: id,
      expiresAt: new Date(now.getTime() + INVITATION_VALID_DAYS * 86_400_000),
      createdAt: now,
      updatedAt: now,
    });
    account = { id, name: r.name, email };
  }
  await tx
    .insert(licensees)
    .values({
      userId: account.id,
      email: account.email,
      contactName: r.name,
      phone: r.phone,
      companyName: r.company,
    })
    .onConflictDoNothing({ target: licensees.userId });
  const [licensee] = await tx.select({ id: licensees.id }).from(licensees).where(eq(licensees.userId, account.id));
  return {
    licenseeId: licensee!.id,
    userId: account.id,
    email: account.email,
    name: account.name || r.name,
    invitationToken,
  };
}

/**
 * `${publicUrl}/reset-password?token=…&invited=1[&next=…]`: where the invited licensee chooses a password, and
 * (`next`, a same-origin path such as their order) where they land once signed in.
 */
export function setPasswordUrl(publicUrl: string, token: string, next?: string): string {
  return `${publicUrl.replace(/\/+$/, "")}${setPasswordPath(token, next)}`;
}

/** The same link's path, for a redirect on this site. */
export function setPasswordPath(token: string, next?: string): string {
  return `/reset-password?${new URLSearchParams({ token, invited: "1", ...(next ? { next } : {}) })}`;
}

/**
 * Who is calling a domain function. Routes build it from the session and the connection; jobs use
 * {@link SYSTEM_ACTOR}. Domain functions authorize against it and record it in the audit log.
 */
import { ForbiddenError } from "./errors.ts";

export type Actor = {
  /** The signed-in user, or null for a visitor or the system. */
  userId: string | null;
  /** The user's server-side role; absent for visitors and the system. */
  role?: "admin" | "user";
  /** Client address, recorded in the audit log when known. */
  ip?: string | null;
};

/** Background work (expiry, scheduled jobs): no user, no address. */
export const SYSTEM_ACTOR: Actor = Object.freeze({ userId: null, ip: null });

export function isAdmin(actor: Actor): boolean {
  return actor.role === "admin";
}

/**
 * The policy of every admin verb, called first whatever the route in front of it checked: anyone but an
 * administrator (a member, a visitor, the system) is refused with a ForbiddenError (403 'Not Allowed').
 */
export function assertAdmin(actor: Actor): asserts actor is Actor & { role: "admin" } {
  if (!isAdmin(actor)) throw new ForbiddenError();
}

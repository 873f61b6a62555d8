/**
 * The demo licensee's sign-in user. It is created through the injected `createDemoUser` (the auth library hashes
 * the password) before the seed transaction; an existing user with the demo email is reused, so a seed that failed
 * after creating the user can simply be run again.
 */
import { eq } from "drizzle-orm";
import type { Database } from "../client.ts";
import { user } from "../schema/index.ts";
import { DEMO_USER_EMAIL, DEMO_USER_NAME, DEMO_USER_PASSWORD } from "./data/demo-licensee.ts";

export interface DemoUserInput {
  email: string;
  name: string;
  password: string;
}

export interface SeedDemoOptions {
  /** Creates a sign-in-capable user through the auth library and returns its id. */
  createDemoUser: (input: DemoUserInput) => Promise<{ id: string }>;
  /** Password of the demo user; defaults to the documented demo password. */
  demoPassword?: string;
}

/** The id of the demo user, created when no user has the demo email. */
export async function demoUserId(db: Database, opts: SeedDemoOptions): Promise<string> {
  const [existing] = await db.select({ id: user.id }).from(user).where(eq(user.email, DEMO_USER_EMAIL)).limit(1);
  if (existing) return existing.id;
  const created = await opts.createDemoUser({
    email: DEMO_USER_EMAIL,
    name: DEMO_USER_NAME,
    password: opts.demoPassword ?? DEMO_USER_PASSWORD,
  });
  return created.id;
}

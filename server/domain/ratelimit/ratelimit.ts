/**
 * Fixed-window rate limits kept in the database, so they hold across instances and restarts.
 * One atomic upsert per hit: no read-modify-write race.
 */
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";

export type RateRule = { max: number; windowSeconds: number };

export const RATE_RULES = {
  signIn: { max: 10, windowSeconds: 300 },
  /** All sign-in attempts from one address, whatever the email (stops spraying many accounts). */
  signInFromIp: { max: 30, windowSeconds: 300 },
  signUp: { max: 10, windowSeconds: 3600 },
  passwordReset: { max: 5, windowSeconds: 900 },
  publicForm: { max: 10, windowSeconds: 600 },
} satisfies Record<string, RateRule>;

export type RateResult = { allowed: boolean; count: number; retryAfterSeconds: number };

export async function hitRateLimit(db: DbOrTx, key: string, rule: RateRule): Promise<RateResult> {
  const res = await db.execute<{ count: number; window_start: string | Date }>(sql`
    insert into rate_limits (key, count, window_start) values (${key}, 1, now())
    on conflict (key) do update set
      count = case when rate_limits.window_start <= now() - make_interval(secs => ${rule.windowSeconds})
                   then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.window_start <= now() - make_interval(secs => ${rule.windowSeconds})
                   then now() else rate_limits.window_start end
    returning count, window_start`);
  const row = res.rows[0]!;
  const started = new Date(row.window_start).getTime();
  const retryAfterSeconds = Math.max(1, Math.ceil((started + rule.windowSeconds * 1000 - Date.now()) / 1000));
  return { allowed: row.count <= rule.max, count: row.count, retryAfterSeconds };
}

export class RateLimitedError extends Error {
  override name = "RateLimitedError";
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number) {
    super(`Too many attempts. Please wait ${Math.ceil(retryAfterSeconds / 60)} minute(s) and try again.`);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** Drops counters whose window ended long ago (keys include attacker-chosen emails, so the table must not grow). */
export async function pruneRateLimits(db: DbOrTx, olderThanSeconds = 86_400): Promise<number> {
  const res = await db.execute<{ key: string }>(
    sql`delete from rate_limits where window_start < now() - make_interval(secs => ${olderThanSeconds}) returning key`,
  );
  return res.rows.length;
}

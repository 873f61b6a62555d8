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
  /** Theme switches from one address (a cookie round trip; cheap, but still a write endpoint anyone can hit). */
  theme: { max: 30, windowSeconds: 60 },
  /** "Someone tried to register your address" notices to one address. */
  accountExistsNotice: { max: 1, windowSeconds: 3600 },
  /** Password-reset emails to one address, whoever asks. */
  passwordResetTo: { max: 3, windowSeconds: 3600 },
} satisfies Record<string, RateRule>;

/**
 * A throttle on one account that holds across addresses: the first `freeAttempts` attempts go through, after that
 * each attempt must wait a delay that doubles from `baseDelaySeconds` up to `maxDelaySeconds` after the previous
 * one. It is a short delay, never a lock: whoever hammers an account cannot keep its owner out for more than
 * `maxDelaySeconds` at a time. The count is forgotten `resetAfterSeconds` after the last attempt, or on success.
 */
export type AccountThrottleRule = {
  freeAttempts: number;
  baseDelaySeconds: number;
  maxDelaySeconds: number;
  resetAfterSeconds: number;
};

export const SIGN_IN_ACCOUNT_THROTTLE: AccountThrottleRule = {
  freeAttempts: 5,
  baseDelaySeconds: 2,
  maxDelaySeconds: 60,
  resetAfterSeconds: 900,
};

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

/**
 * Claims one attempt on an account (see {@link AccountThrottleRule}). Atomic: concurrent attempts from many
 * addresses cannot all slip through once the delay has passed, because the first one moves the clock forward.
 */
export async function claimAccountAttempt(
  db: DbOrTx,
  key: string,
  rule: AccountThrottleRule = SIGN_IN_ACCOUNT_THROTTLE,
): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  const { freeAttempts: free, baseDelaySeconds: base, maxDelaySeconds: max, resetAfterSeconds: reset } = rule;
  const delay = sql`least(${max}::float8, ${base}::float8 * power(2::float8, least(rate_limits.count - ${free}, 30)))`;
  const claimed = await db.execute<{ count: number }>(sql`
    insert into rate_limits (key, count, window_start) values (${key}, 1, now())
    on conflict (key) do update set
      count = case when rate_limits.window_start <= now() - make_interval(secs => ${reset})
                   then 1 else rate_limits.count + 1 end,
      window_start = now()
    where rate_limits.window_start <= now() - make_interval(secs => ${reset})
       or rate_limits.count < ${free}
       or rate_limits.window_start + make_interval(secs => ${delay}) <= now()
    returning count`);
  if (claimed.rows.length > 0) return { allowed: true, retryAfterSeconds: 0 };
  const wait = await db.execute<{ seconds: number | string }>(sql`
    select extract(epoch from (rate_limits.window_start + make_interval(secs => ${delay}) - now())) as seconds
    from rate_limits where key = ${key}`);
  const seconds = Number(wait.rows[0]?.seconds ?? 1);
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(seconds)) };
}

/** Forgets an account's attempts (after a successful sign-in). */
export async function clearAccountAttempts(db: DbOrTx, key: string): Promise<void> {
  await db.execute(sql`delete from rate_limits where key = ${key}`);
}

/** Re-exported so callers of the limiter find its error beside it; the type lives with the domain errors. */
export { RateLimitedError } from "../errors.ts";

/** Drops counters whose window ended long ago (keys include attacker-chosen emails, so the table must not grow). */
export async function pruneRateLimits(db: DbOrTx, olderThanSeconds = 86_400): Promise<number> {
  const res = await db.execute<{ key: string }>(
    sql`delete from rate_limits where window_start < now() - make_interval(secs => ${olderThanSeconds}) returning key`,
  );
  return res.rows.length;
}

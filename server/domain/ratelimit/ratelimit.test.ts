import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "../../db/test-utils.ts";
import {
  claimAccountAttempt,
  clearAccountAttempts,
  hitRateLimit,
  pruneRateLimits,
  SIGN_IN_ACCOUNT_THROTTLE,
} from "./ratelimit.ts";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.close());

describe("hitRateLimit", () => {
  it("allows up to max hits per window, then refuses with a retry-after", async () => {
    const rule = { max: 3, windowSeconds: 60 };
    const results = [];
    for (let i = 0; i < 5; i++) results.push(await hitRateLimit(t.db, "k1", rule));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false, false]);
    expect(results[4]!.retryAfterSeconds).toBeGreaterThan(0);
    expect(results[4]!.retryAfterSeconds).toBeLessThanOrEqual(60);
    // Another key has its own budget.
    expect((await hitRateLimit(t.db, "k2", rule)).allowed).toBe(true);
  });

  it("counts concurrent hits atomically", async () => {
    const rule = { max: 10, windowSeconds: 60 };
    const results = await Promise.all(Array.from({ length: 25 }, () => hitRateLimit(t.db, "burst", rule)));
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
  });

  it("starts a new window once the old one has passed", async () => {
    const rule = { max: 1, windowSeconds: 1 };
    expect((await hitRateLimit(t.db, "short", rule)).allowed).toBe(true);
    expect((await hitRateLimit(t.db, "short", rule)).allowed).toBe(false);
    await new Promise((r) => setTimeout(r, 1100));
    expect((await hitRateLimit(t.db, "short", rule)).allowed).toBe(true);
  });
});

describe("pruneRateLimits", () => {
  it("drops only counters older than the horizon", async () => {
    await hitRateLimit(t.db, "old-key", { max: 5, windowSeconds: 60 });
    await hitRateLimit(t.db, "fresh-key", { max: 5, windowSeconds: 60 });
    await t.db.execute(sql`update rate_limits set window_start = now() - interval '2 days' where key = 'old-key'`);
    expect(await pruneRateLimits(t.db)).toBe(1);
    const left = await t.db.execute<{ key: string }>(
      sql`select key from rate_limits where key in ('old-key', 'fresh-key')`,
    );
    expect(left.rows.map((r) => r.key)).toEqual(["fresh-key"]);
  });
});

describe("claimAccountAttempt", () => {
  const rule = SIGN_IN_ACCOUNT_THROTTLE;
  const age = (key: string, seconds: number) =>
    t.db.execute(
      sql`update rate_limits set window_start = now() - make_interval(secs => ${seconds}) where key = ${key}`,
    );

  it("lets the free attempts through, then asks for a delay that doubles up to the cap", async () => {
    const key = "acct:a";
    for (let i = 0; i < rule.freeAttempts; i++) expect((await claimAccountAttempt(t.db, key)).allowed).toBe(true);
    const first = await claimAccountAttempt(t.db, key);
    expect(first).toEqual({ allowed: false, retryAfterSeconds: 2 });
    await age(key, 2.5);
    expect((await claimAccountAttempt(t.db, key)).allowed).toBe(true);
    const second = await claimAccountAttempt(t.db, key);
    expect(second.allowed).toBe(false);
    expect(second.retryAfterSeconds).toBe(4);
    await t.db.execute(sql`update rate_limits set count = 1000 where key = ${key}`);
    expect((await claimAccountAttempt(t.db, key)).retryAfterSeconds).toBeLessThanOrEqual(rule.maxDelaySeconds);
  });

  it("lets exactly one of many simultaneous attempts through once the delay has passed", async () => {
    const key = "acct:b";
    for (let i = 0; i < rule.freeAttempts; i++) await claimAccountAttempt(t.db, key);
    await age(key, 3);
    const results = await Promise.all(Array.from({ length: 20 }, () => claimAccountAttempt(t.db, key)));
    expect(results.filter((r) => r.allowed)).toHaveLength(1);
  });

  it("forgets the count on success, or long after the last attempt", async () => {
    const key = "acct:c";
    for (let i = 0; i < rule.freeAttempts + 1; i++) await claimAccountAttempt(t.db, key);
    await clearAccountAttempts(t.db, key);
    expect((await claimAccountAttempt(t.db, key)).allowed).toBe(true);
    for (let i = 0; i < rule.freeAttempts + 1; i++) await claimAccountAttempt(t.db, key);
    await age(key, rule.resetAfterSeconds + 1);
    expect((await claimAccountAttempt(t.db, key)).allowed).toBe(true);
  });
});

/**
 * The auto-recharge trigger (./auto-recharge.ts): at most one recharge per fall under the licensee's threshold,
 * started in the transaction of the ledger entry that caused the fall, on the licensee's row that entry locked.
 */
import { eq, sql } from "drizzle-orm";
import type { Tx } from "#server/db/client.ts";
import { licensees } from "#server/db/schema/index.ts";
import type { JobQueuePort } from "../jobs/port.ts";

/** The job that charges a pending recharge. */
export const RECHARGE_JOB = "wallet.recharge";
export type RechargeJob = { licenseeId: string };

/** What the wallet needs of the job queue (server/jobs/queue.ts). */
export type RechargeJobQueue = JobQueuePort<typeof RECHARGE_JOB, RechargeJob>;

/** Marks a recharge pending (its number is the idempotency key of its charge) and queues its job. */
export async function startRecharge(tx: Tx, licenseeId: string, jobs: RechargeJobQueue | null | undefined) {
  const [row] = await tx
    .update(licensees)
    .set({ autoRechargePendingAt: new Date(), autoRechargeCount: sql`${licensees.autoRechargeCount} + 1` })
    .where(eq(licensees.id, licenseeId))
    .returning({ count: licensees.autoRechargeCount });
  if (jobs) await jobs.enqueue(tx, RECHARGE_JOB, { licenseeId }, { singletonKey: `${licenseeId}:${row!.count}` });
}

/**
 * Called by the ledger after an entry moved the balance from `previousCents` to `balanceCents`, on the licensee's
 * row that entry's update locked: starts one recharge per fall under the threshold.
 */
export async function noteFall(
  tx: Tx,
  licenseeId: string,
  previousCents: number,
  balanceCents: number,
  jobs: RechargeJobQueue | null | undefined,
): Promise<boolean> {
  const [lic] = await tx
    .select({
      enabled: licensees.autoRechargeEnabled,
      threshold: licensees.autoRechargeThresholdCents,
      pendingAt: licensees.autoRechargePendingAt,
    })
    .from(licensees)
    .where(eq(licensees.id, licenseeId));
  if (!lic?.enabled || lic.threshold === null || lic.pendingAt) return false;
  if (!(previousCents >= lic.threshold && balanceCents < lic.threshold)) return false;
  await startRecharge(tx, licenseeId, jobs);
  return true;
}

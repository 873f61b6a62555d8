/**
 * What the billing modules share: their options, the locked license with who it belongs to, the dunning dates, and
 * the timer jobs of an overdue invoice.
 */
import { eq } from "drizzle-orm";
import type { Tx } from "#server/db/client.ts";
import { licensees, type TerritoryLicense, territoryLicenses } from "#server/db/schema/index.ts";
import type { BillingGateway } from "#server/integrations/stripe/client.ts";
import { offeringOf, type PairKey } from "../availability/availability.ts";
import type { JobQueuePort } from "../jobs/port.ts";
import { describePair } from "../licensing/approve-admin.ts";

/** The job that applies an overdue license's timers (suspension, then the end); see ./dunning.ts. */
export const DUNNING_JOB = "licenses.dunning";
export type DunningJob = { licenseId?: string };

/** What billing needs of the job queue (server/jobs/queue.ts). */
export type DunningJobQueue = JobQueuePort<typeof DUNNING_JOB, DunningJob>;

export type DunningDays = { graceDays: number; terminateDays: number };

export type BillingOptions = {
  publicUrl: string;
  salesEmail: string;
  dunning: DunningDays;
  /** Null when Stripe is not configured. */
  gateway: BillingGateway | null;
  /** The queue the dunning timers go to (absent in tests that run the sweep themselves). */
  jobs?: DunningJobQueue | null;
  now?: Date;
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** When an invoice unpaid since `since` suspends its license, and when it ends it. */
export function dunningDates(since: Date, d: DunningDays): { suspendOn: Date; endOn: Date } {
  return {
    suspendOn: new Date(since.getTime() + d.graceDays * DAY_MS),
    endOn: new Date(since.getTime() + d.terminateDays * DAY_MS),
  };
}

export const billingUrl = (publicUrl: string) => `${publicUrl.replace(/\/+$/, "")}/dashboard/billing`;

/** The license row locked for update, with its licensee's address and the pair's name ("#4LAW in Ohio"). */
export async function lockLicense(
  tx: Tx,
  licenseId: string,
): Promise<{ license: TerritoryLicense; to: { email: string; name: string; what: string }; pair: PairKey } | null> {
  const [license] = await tx.select().from(territoryLicenses).where(eq(territoryLicenses.id, licenseId)).for("update");
  if (!license) return null;
  const [lic] = await tx
    .select({ email: licensees.email, contactName: licensees.contactName, companyName: licensees.companyName })
    .from(licensees)
    .where(eq(licensees.id, license.licenseeId));
  const pair: PairKey = { territoryId: license.territoryId, ...offeringOf(license) };
  return {
    license,
    pair,
    to: {
      email: lic?.email ?? "",
      name: lic?.contactName || lic?.companyName || "there",
      what: await describePair(tx, pair),
    },
  };
}

/**
 * Queues the two timers of an invoice that became overdue at `since`, in the transaction that recorded it: each
 * runs the dunning pass for this license when due (pg-boss keeps them across restarts and runs each once). The
 * hourly sweep of the same pass is the backstop.
 */
export async function queueDunningTimers(
  tx: Tx,
  jobs: DunningJobQueue | null | undefined,
  license: { id: string },
  invoiceId: string,
  since: Date,
  d: DunningDays,
  now: Date,
): Promise<void> {
  if (!jobs) return;
  const { suspendOn, endOn } = dunningDates(since, d);
  for (const [stage, at] of [
    ["suspend", suspendOn],
    ["end", endOn],
  ] as const) {
    const seconds = Math.max(1, Math.ceil((at.getTime() - now.getTime()) / 1000) + 5);
    await jobs.enqueue(
      tx,
      DUNNING_JOB,
      { licenseId: license.id },
      { singletonKey: `${license.id}:${invoiceId}:${stage}`, startAfterSeconds: seconds },
    );
  }
}

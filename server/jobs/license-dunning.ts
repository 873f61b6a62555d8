/**
 * The "licenses.dunning" job (../domain/billing/dunning.ts): suspends licenses whose invoice stayed unpaid past
 * LICENSE_GRACE_DAYS, ends those past LICENSE_TERMINATE_DAYS and those cancelled at period end whose date has come.
 * Two kinds of job run it: a delayed one per overdue invoice and stage (data `{ licenseId }`), queued in the
 * transaction that recorded the failure, and the hourly schedule over every license (no data). A failure throws, so
 * pg-boss retries it.
 */
import { runDunning } from "../domain/billing/dunning.ts";
import { billingGateway } from "../integrations/stripe/client.ts";
import type { WorkerServices } from "./workers.ts";

export async function registerLicenseDunning(s: WorkerServices): Promise<void> {
  await s.jobs.work("licenses.dunning", async (data) => {
    const licenseId = typeof data.licenseId === "string" ? data.licenseId : undefined;
    const result = await runDunning(s.db, {
      publicUrl: s.config.publicUrl,
      salesEmail: s.config.salesEmail,
      dunning: s.config.dunning,
      gateway: billingGateway(s.config.stripe),
      jobs: s.jobs,
      licenseId,
    });
    if (result.suspended || result.ended || result.cancelled)
      s.logger.info({ ...result, licenseId }, "license dunning");
  });
}

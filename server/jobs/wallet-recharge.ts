/**
 * The "wallet.recharge" job (../domain/wallet/auto-recharge.ts): charges the saved card of a licensee whose balance
 * fell under their auto-recharge threshold. Queued in the transaction of the debit that caused the fall; the
 * charge's idempotency key makes a retried job charge once. An outage throws, so pg-boss retries it.
 */
import { runAutoRecharge } from "../domain/wallet/auto-recharge.ts";
import { billingGateway } from "../integrations/stripe/client.ts";
import type { WorkerServices } from "./workers.ts";

export async function registerWalletRecharge(s: WorkerServices): Promise<void> {
  await s.jobs.work("wallet.recharge", async (data) => {
    if (typeof data.licenseeId !== "string") return;
    const result = await runAutoRecharge(s.db, data.licenseeId, {
      gateway: billingGateway(s.config.stripe),
      lowBalanceCents: s.config.lowBalanceCents,
      publicUrl: s.config.publicUrl,
      recharge: s.jobs,
    });
    if (result.outcome !== "none") s.logger.info({ licenseeId: data.licenseeId, ...result }, "wallet auto-recharge");
  });
}

/**
 * What the licensee's Billing & Wallet screen reads: their licensee row once (it holds the wallet's balance, the
 * Stripe customer and the auto-recharge settings), then their wallet's ledger and their licenses' billing side by
 * side. Always through the owner: a caller without a licensee row gets empty views.
 */
import type { AutoRechargeView } from "#kernel/license-billing.ts";
import type { Database } from "#server/db/client.ts";
import type { Actor } from "../actor.ts";
import { licenseeOfUser } from "../licensing/overview.ts";
import { autoRechargeOfLicensee } from "../wallet/auto-recharge.ts";
import { type WalletView, walletOfLicensee } from "../wallet/history.ts";
import type { DunningDays } from "./shared.ts";
import { type LicenseBilling, licenseBillingOfLicensee } from "./view.ts";

export type BillingScreen = {
  wallet: WalletView;
  billing: { licenses: LicenseBilling[]; hasBillingAccount: boolean };
  autoRecharge: AutoRechargeView | null;
};

/** The signed-in licensee's wallet, license billing and auto-recharge settings; all empty without a licensee. */
export async function billingScreenOf(
  db: Database,
  actor: Actor,
  opts: { dunning: DunningDays; now?: Date },
): Promise<BillingScreen> {
  const [lic] = actor.userId ? await licenseeOfUser(db).execute({ userId: actor.userId }) : [];
  const [wallet, billing] = await Promise.all([
    walletOfLicensee(db, lic ?? null),
    licenseBillingOfLicensee(db, lic ?? null, opts),
  ]);
  return { wallet, billing, autoRecharge: autoRechargeOfLicensee(lic ?? null) };
}

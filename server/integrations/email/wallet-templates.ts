/** Emails of the billing wallet, laid out by `message` in templates.ts. */
import { formatCents } from "#kernel/format.ts";
import type { EmailMessage } from "../../domain/email/outbox.ts";
import { message } from "./templates.ts";

export const WALLET_TEMPLATES = { lowBalance: "wallet_low_balance" } as const;

export type LowBalanceData = {
  to: string;
  name: string | null;
  balanceCents: number;
  thresholdCents: number;
  billingUrl: string;
};

/** To the licensee: the wallet fell under the low-balance threshold (sent once per fall). */
export function lowBalanceNotice(d: LowBalanceData): EmailMessage {
  const overdrawn = d.balanceCents < 0;
  return message(
    WALLET_TEMPLATES.lowBalance,
    d.to,
    overdrawn ? "Your PoundCodes wallet is overdrawn" : "Your PoundCodes wallet is running low",
    [
      `Hi ${d.name?.trim() || "there"},`,
      overdrawn
        ? `Your wallet balance is ${formatCents(d.balanceCents)}. Calls, text messages and web-form leads keep being recorded, and routing of calls and messages may be paused until the wallet is topped up.`
        : `Your wallet balance is ${formatCents(d.balanceCents)}, under ${formatCents(d.thresholdCents)}. Calls, text messages and web-form leads are paid from this balance.`,
      "Top up with a card in a few clicks to keep your #Codes answering without interruption.",
    ],
    { label: "Top up your wallet", url: d.billingUrl },
  );
}

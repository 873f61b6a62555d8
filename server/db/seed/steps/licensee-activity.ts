/** The demo licensee's wallet ledger and the web form submissions its landing page received. */
import type { Tx } from "../../client.ts";
import { clientWalletTransactions, formSubmissions } from "../../schema/index.ts";
import { DEMO_FORM_SUBMISSIONS, DEMO_WALLET_TRANSACTIONS } from "../data/demo-licensee.ts";

export async function seedLicenseeActivity(tx: Tx, licenseeId: string): Promise<void> {
  await tx.insert(clientWalletTransactions).values(
    DEMO_WALLET_TRANSACTIONS.map((t) => ({
      ...t,
      licenseeId,
      transactionDate: new Date(t.transactionDate),
      createdAt: new Date(t.transactionDate),
    })),
  );
  await tx.insert(formSubmissions).values(
    DEMO_FORM_SUBMISSIONS.map((f) => ({
      licenseeId,
      formType: f.formType,
      submissionData: { ...f.submissionData },
      status: f.status,
      createdAt: new Date(f.createdAt),
    })),
  );
}

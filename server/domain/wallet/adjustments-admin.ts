/**
 * A manual wallet adjustment by an administrator: a credit or a debit of a licensee's wallet with a reason, booked
 * as an `adjustment` entry through the ledger ({@link recordLedgerEntry}), which moves the cached balance, sends
 * the low-balance email when the entry takes the balance under the threshold, and writes the audit row
 * (`wallet.adjustment`, naming the entry), all in one transaction. The reason is the entry's description (the
 * licensee reads it on their billing page) and is kept in the entry's details with the administrator's id.
 *
 * A debit may take the balance below zero (docs/decisions/006-negative-wallet-balance.md). Each rendered form
 * carries a one-time token, the entry's payment reference, so a double submit books one entry.
 */
import { eq } from "drizzle-orm";
import { isUuid } from "#kernel/ids.ts";
import { ADJUSTMENT_MAX_CENTS, type AdjustmentData, BILLING_ADMIN_TEXT } from "#kernel/schemas/billing-admin.ts";
import type { Database } from "../../db/client.ts";
import { licensees } from "../../db/schema/index.ts";
import { type Actor, assertAdmin } from "../actor.ts";
import { NotFoundError, ValidationError } from "../errors.ts";
import { type LedgerOptions, recordLedgerEntry } from "./ledger.ts";

export class LicenseeNotFoundError extends NotFoundError {
  override name = "LicenseeNotFoundError";
  constructor() {
    super("licensee_not_found", BILLING_ADMIN_TEXT.notFound.title, BILLING_ADMIN_TEXT.notFound.message);
  }
}

export type AdjustmentInput = AdjustmentData & { licenseeId: string };

export type AdjustmentResult = {
  /** False when the form's token was already booked: nothing changed. */
  recorded: boolean;
  entryId: string;
  /** The balance after the entry (or now, for a repeat). */
  balanceCents: number;
  /** The signed amount booked: credits > 0, debits < 0. */
  amountCents: number;
  companyName: string;
  lowBalanceEmailed: boolean;
};

/** The payment reference of the adjustment a form's token books. */
export const adjustmentReference = (attempt: string) => `adjustment:${attempt}`;

/**
 * @throws ForbiddenError for anyone but an administrator
 * @throws ValidationError for an amount that is not a whole number of cents above zero, or a blank reason
 * @throws LicenseeNotFoundError
 */
export async function adjustWallet(
  db: Database,
  actor: Actor,
  input: AdjustmentInput,
  opts: LedgerOptions,
): Promise<AdjustmentResult> {
  assertAdmin(actor);
  const reason = input.reason.trim();
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0) {
    throw new ValidationError({ amountCents: [BILLING_ADMIN_TEXT.amountPositive] });
  }
  if (input.amountCents > ADJUSTMENT_MAX_CENTS) {
    throw new ValidationError({ amountCents: [BILLING_ADMIN_TEXT.amountTooLarge] });
  }
  if (!reason) throw new ValidationError({ reason: [BILLING_ADMIN_TEXT.reasonRequired] });
  if (input.direction !== "credit" && input.direction !== "debit") {
    throw new ValidationError({ direction: [BILLING_ADMIN_TEXT.directionRequired] });
  }
  if (!isUuid(input.licenseeId)) throw new LicenseeNotFoundError();
  const amountCents = input.direction === "credit" ? input.amountCents : -input.amountCents;

  return db.transaction(async (tx) => {
    const [lic] = await tx
      .select({ id: licensees.id, companyName: licensees.companyName, email: licensees.email })
      .from(licensees)
      .where(eq(licensees.id, input.licenseeId))
      .for("update");
    if (!lic) throw new LicenseeNotFoundError();
    const companyName = lic.companyName ?? lic.email;
    const result = await recordLedgerEntry(
      tx,
      {
        actor,
        licenseeId: lic.id,
        amountCents,
        type: "adjustment",
        description: reason,
        paymentReference: adjustmentReference(input.attempt),
        details: { reason, direction: input.direction, adjustedBy: actor.userId },
      },
      opts,
    );
    if (!result.recorded) {
      const [now] = await tx
        .select({ balanceCents: licensees.minutesSmsWalletCents })
        .from(licensees)
        .where(eq(licensees.id, lic.id));
      return {
        recorded: false,
        entryId: result.duplicateOf,
        balanceCents: now!.balanceCents,
        amountCents,
        companyName,
        lowBalanceEmailed: false,
      };
    }
    return {
      recorded: true,
      entryId: result.entryId,
      balanceCents: result.balanceCents,
      amountCents,
      companyName,
      lowBalanceEmailed: result.lowBalanceEmailed,
    };
  });
}

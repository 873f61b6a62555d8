/**
 * The licensee profile: the member's own licensee record, read, edited and (for an account that has none yet)
 * created, always through the owner (`licensees.user_id` = the signed-in user). The email is the account's and
 * is never taken from the form. Images are in `images.ts` beside this file.
 */
import { eq } from "drizzle-orm";
import type { ProfileInput } from "#kernel/schemas/profile.ts";
import type { DbOrTx } from "#server/db/client.ts";
import { licensees, user } from "#server/db/schema/index.ts";
import { CHANGE, recordChange } from "#server/domain/changes.ts";
import type { Actor } from "../actor.ts";
import { changedFields, recordAudit } from "../audit/audit.ts";
import { isUniqueViolation } from "../errors.ts";
import { LicenseeExistsError, NoLicenseeError, SignedOutError } from "./errors.ts";

export type ProfileFields = {
  contactName: string | null;
  phone: string | null;
  companyName: string | null;
  addressLine1: string | null;
  addressLine2: string | null;
  city: string | null;
  stateProvince: string | null;
  postalCode: string | null;
  country: string | null;
};

export type ProfileView = {
  account: { name: string; email: string; companyName: string | null; twoFactorEnabled: boolean };
  /** Null while the account has no licensee record ('No Licensee Profile'). */
  licensee: (ProfileFields & { id: string; email: string; avatarUrl: string | null; logoUrl: string | null }) | null;
};

const FIELDS = [
  "contactName",
  "phone",
  "companyName",
  "addressLine1",
  "addressLine2",
  "city",
  "stateProvince",
  "postalCode",
  "country",
] as const satisfies readonly (keyof ProfileFields)[];

function ownerId(actor: Actor): string {
  if (!actor.userId) throw new SignedOutError();
  return actor.userId;
}

/** The parsed form as the row's columns: fields left blank are stored as null. */
function columnsOf(input: ProfileInput): ProfileFields {
  return {
    contactName: input.contactName,
    phone: input.phone ?? null,
    companyName: input.companyName ?? null,
    addressLine1: input.addressLine1 ?? null,
    addressLine2: input.addressLine2 ?? null,
    city: input.city ?? null,
    stateProvince: input.stateProvince ?? null,
    postalCode: input.postalCode ?? null,
    country: input.country ?? null,
  };
}

/** The signed-in member's account and licensee record. */
export async function getProfile(db: DbOrTx, actor: Actor): Promise<ProfileView> {
  const userId = ownerId(actor);
  const [account] = await db
    .select({
      name: user.name,
      email: user.email,
      companyName: user.companyName,
      twoFactorEnabled: user.twoFactorEnabled,
    })
    .from(user)
    .where(eq(user.id, userId));
  if (!account) throw new SignedOutError();
  const [lic] = await db.select().from(licensees).where(eq(licensees.userId, userId));
  return {
    account: { ...account, twoFactorEnabled: account.twoFactorEnabled === true },
    licensee: lic
      ? ({
          id: lic.id,
          email: lic.email,
          ...Object.fromEntries(FIELDS.map((f) => [f, lic[f]])),
          avatarUrl: lic.avatarUrl,
          logoUrl: lic.lawFirmLogoUrl,
        } as ProfileView["licensee"])
      : null,
  };
}

/** Saves the member's licensee fields ('Profile Saved'); the audit row names what changed. */
export async function updateProfile(db: DbOrTx, actor: Actor, input: ProfileInput): Promise<void> {
  const userId = ownerId(actor);
  const next = columnsOf(input);
  await db.transaction(async (tx) => {
    recordChange(tx, CHANGE.landingPages);
    const [lic] = await tx.select().from(licensees).where(eq(licensees.userId, userId)).for("update");
    if (!lic) throw new NoLicenseeError();
    const changes = changedFields(lic, next, FIELDS);
    if (!changes) return;
    await tx
      .update(licensees)
      .set({ ...next, updatedAt: new Date() })
      .where(eq(licensees.id, lic.id));
    await recordAudit(tx, actor, {
      action: "licensee.update",
      entityType: "licensee",
      entityId: lic.id,
      details: changes,
    });
  });
}

/**
 * Creates the licensee record of an account that has none: the typed fields, the account's email, and, when the
 * company was left blank, the company name given at sign-up.
 */
export async function createProfile(db: DbOrTx, actor: Actor, input: ProfileInput): Promise<{ licenseeId: string }> {
  const userId = ownerId(actor);
  try {
    return await db.transaction(async (tx) => {
      recordChange(tx, CHANGE.landingPages);
      const [account] = await tx
        .select({ email: user.email, companyName: user.companyName })
        .from(user)
        .where(eq(user.id, userId));
      if (!account) throw new SignedOutError();
      const cols = columnsOf(input);
      const [row] = await tx
        .insert(licensees)
        .values({ userId, email: account.email, ...cols, companyName: cols.companyName ?? account.companyName })
        .returning({ id: licensees.id });
      await recordAudit(tx, actor, { action: "licensee.create", entityType: "licensee", entityId: row!.id });
      return { licenseeId: row!.id };
    });
  } catch (err) {
    if (isUniqueViolation(err, "licensees_user_id_unique")) throw new LicenseeExistsError();
    throw err;
  }
}

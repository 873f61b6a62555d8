/**
 * Licence agreements: the licensee's list, the document, online signing, and drafting from a licence.
 *
 * Owned rows are read through the owner: a licensee sees and signs only agreements of its own licensee record;
 * an administrator may see (not sign) any. Anything else is the same 404 as a missing id.
 *
 * Signing (see {@link signAgreement}) records the signer, the time, the address, the browser and the SHA-256 of
 * the exact unsigned document that was shown, appends a signature certificate page, stores the signed PDF under a
 * key used once, and makes the agreement active. A signed agreement never changes: nothing here updates a row
 * that has a signature, the stored object is written once under a fresh key and never overwritten, and
 * {@link reviseDraftAgreement} refuses anything but a pending, unsigned agreement.
 */
import { randomBytes } from "node:crypto";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { isUuid } from "#kernel/ids.ts";
import { ADJUNCT_MARKETING_AGREEMENT_TYPE, type SignAgreementData, termsPreview } from "#kernel/schemas/agreements.ts";
import { vanityNumberLabel } from "#kernel/schemas/reservation-strings.ts";
import type { Database, DbOrTx, Tx } from "../../db/client.ts";
import {
  agreements,
  categories,
  licensees,
  territories,
  territoryLicenses,
  user,
  vanityNumbers,
} from "../../db/schema/index.ts";
import {
  agreementSignedConfirmation,
  agreementSignedSalesNotice,
} from "../../integrations/email/agreement-templates.ts";
import type { ObjectStorage } from "../../integrations/storage/storage.ts";
import { type Actor, assertAdmin, isAdmin } from "../actor.ts";
import { recordAudit } from "../audit/audit.ts";
import { enqueueEmail } from "../email/outbox.ts";
import { NotFoundError } from "../errors.ts";
import { orderAgreementSigned } from "../orders/lifecycle.ts";
import { orderUrl } from "../orders/links.ts";
import {
  type AgreementDocumentSource,
  agreementFileName,
  agreementReference,
  appendSignatureCertificate,
  renderAgreementDocument,
  sha256Hex,
} from "./document.ts";
import {
  AgreementAlreadySignedError,
  AgreementDocumentChangedError,
  AgreementLockedError,
  AgreementNotFoundError,
  AgreementNotPendingError,
} from "./errors.ts";
import { buildAgreementTerms } from "./terms.ts";

type AgreementRow = typeof agreements.$inferSelect;

/** One card of /dashboard/agreements. */
export type AgreementCard = {
  id: string;
  reference: string;
  agreementType: string;
  status: string;
  territoryName: string | null;
  /** YYYY-MM-DD: the date it was signed (online or before), or null while unsigned. */
  signedDate: string | null;
  /** The first 150 characters of the terms. */
  termsPreview: string;
  /** Signed in the portal: the stored PDF carries a signature certificate. */
  signedOnline: boolean;
  /** Pending and unsigned: the owner may sign it. */
  canSign: boolean;
};

/** The sign page's view of one agreement. */
export type AgreementDetail = AgreementCard & {
  terms: string;
  createdAt: string;
  /** SHA-256 of the document shown now: the unsigned document while pending, the signed PDF once signed online. */
  documentSha256: string;
  signature: {
    signerName: string;
    signedAt: string;
    /** SHA-256 of the unsigned document the signer reviewed. */
    documentSha256: string;
  } | null;
};

/** The licensee record of the signed-in user, or null (a visitor, or a user without one). */
async function ownLicensee(db: DbOrTx, actor: Actor) {
  if (!actor.userId) return null;
  const [row] = await db
    .select({
      id: licensees.id,
      email: licensees.email,
      companyName: licensees.companyName,
      contactName: licensees.contactName,
    })
    .from(licensees)
    .where(eq(licensees.userId, actor.userId));
  return row ?? null;
}

/**
 * The agreement if the actor may see it: its licensee's user, or an administrator. A malformed id, a missing
 * row and someone else's row are the same 404.
 */
async function visibleAgreement(db: DbOrTx, actor: Actor, agreementId: string): Promise<AgreementRow> {
  if (!actor.userId || !isUuid(agreementId)) throw new AgreementNotFoundError();
  if (isAdmin(actor)) {
    const [row] = await db.select().from(agreements).where(eq(agreements.id, agreementId));
    if (row) return row;
    throw new AgreementNotFoundError();
  }
  const [row] = await db
    .select({ a: agreements })
    .from(agreements)
    .innerJoin(licensees, eq(licensees.id, agreements.licenseeId))
    .where(and(eq(agreements.id, agreementId), eq(licensees.userId, actor.userId)));
  if (!row) throw new AgreementNotFoundError();
  return row.a;
}

export function documentSource(row: AgreementRow): AgreementDocumentSource {
  return {
    id: row.id,
    agreementType: row.agreementType,
    status: row.status,
    territoryName: row.territoryName,
    terms: row.terms,
    signedDate: row.signedDate,
    createdAt: row.createdAt,
  };
}

function cardOf(row: AgreementRow, ownerView: boolean): AgreementCard {
  return {
    id: row.id,
    reference: agreementReference(row.id),
    agreementType: row.agreementType,
    status: row.status,
    territoryName: row.territoryName,
    signedDate: row.signedDate ?? (row.signedAt ? row.signedAt.toISOString().slice(0, 10) : null),
    termsPreview: termsPreview(row.terms),
    signedOnline: row.signedAt != null && row.signedDocumentKey != null,
    canSign: ownerView && row.status === "pending" && row.signedAt == null,
  };
}

/** The signed-in licensee's agreements, by signed date, newest first (unsigned ones first). */
export async function listAgreements(db: DbOrTx, actor: Actor): Promise<AgreementCard[]> {
  const lic = await ownLicensee(db, actor);
  if (!lic) return [];
  const rows = await db
    .select()
    .from(agreements)
    .where(eq(agreements.licenseeId, lic.id))
    .orderBy(sql`${agreements.signedDate} desc nulls first`, desc(agreements.createdAt), agreements.id);
  return rows.map((r) => cardOf(r, true));
}

/** The document as it is served: the stored signed PDF once signed online, else rendered from the row. */
async function documentOf(row: AgreementRow, storage: ObjectStorage): Promise<Uint8Array> {
  if (row.signedDocumentKey) {
    const stored = await storage.get(row.signedDocumentKey);
    if (!stored)
      throw new NotFoundError(
        "agreement_document_missing",
        "Document Unavailable",
        "The signed document is not available right now. Please contact support.",
      );
    return stored.body;
  }
  return renderAgreementDocument(documentSource(row));
}

/** One agreement for its page: the terms, the document's fingerprint and the signature, if any. */
export async function getAgreement(
  db: DbOrTx,
  actor: Actor,
  agreementId: string,
  opts: { storage: ObjectStorage },
): Promise<AgreementDetail> {
  const row = await visibleAgreement(db, actor, agreementId);
  const lic = await ownLicensee(db, actor);
  const bytes = await documentOf(row, opts.storage);
  return {
    ...cardOf(row, lic?.id === row.licenseeId),
    terms: row.terms ?? "",
    createdAt: row.createdAt.toISOString(),
    documentSha256: sha256Hex(bytes),
    signature:
      row.signedAt && row.signerName && row.documentSha256
        ? { signerName: row.signerName, signedAt: row.signedAt.toISOString(), documentSha256: row.documentSha256 }
        : null,
  };
}

/** The PDF's bytes and file name, for the owner or an administrator. */
export async function agreementDocument(
  db: DbOrTx,
  actor: Actor,
  agreementId: string,
  opts: { storage: ObjectStorage },
): Promise<{ bytes: Uint8Array; fileName: string; sha256: string }> {
  const row = await visibleAgreement(db, actor, agreementId);
  const bytes = await documentOf(row, opts.storage);
  return { bytes, fileName: agreementFileName(row, row.signedDocumentKey != null), sha256: sha256Hex(bytes) };
}

/** Checks the actor may see the agreement (for minting a document link); throws the usual 404 otherwise. */
export async function assertAgreementVisible(db: DbOrTx, actor: Actor, agreementId: string): Promise<void> {
  await visibleAgreement(db, actor, agreementId);
}

export type SignOptions = {
  storage: ObjectStorage;
  salesEmail: string;
  publicUrl: string;
  /** The key order links are signed with (config.authSecret). */
  linkSecret: string;
  userAgent: string | null;
  now?: Date;
};

/** The fields the unsigned document is made of: if any changed between reading and signing, the signer saw another document. */
function sameDocument(a: AgreementRow, b: AgreementRow): boolean {
  const x = documentSource(a);
  const y = documentSource(b);
  return (
    x.agreementType === y.agreementType &&
    x.status === y.status &&
    x.territoryName === y.territoryName &&
    x.terms === y.terms &&
    x.signedDate === y.signedDate &&
    x.createdAt.getTime() === y.createdAt.getTime()
  );
}

/**
 * Signs a pending agreement of the signed-in licensee.
 *
 * The unsigned document is rendered again from the row and its SHA-256 compared with the one the form carried
 * (the document the signer was shown); a different document is refused. The signed PDF (those pages plus the
 * certificate) and the original are written to storage first, under keys used once; then one transaction locks
 * the row, checks it is still pending, unsigned and unchanged, records the signature, makes it active, and
 * enqueues the emails and the audit row. If that transaction fails or refuses, the objects are deleted. Of two
 * concurrent attempts exactly one signs; the other is refused as already signed.
 */
export async function signAgreement(
  db: Database,
  actor: Actor,
  agreementId: string,
  input: SignAgreementData,
  opts: SignOptions,
): Promise<{
  agreementId: string;
  signedAt: Date;
  documentSha256: string;
  signedDocumentKey: string;
  /** The license order the agreement belongs to, now waiting for payment. */
  orderId: string | null;
}> {
  const lic = await ownLicensee(db, actor);
  if (!lic || !actor.userId || !isUuid(agreementId)) throw new AgreementNotFoundError();
  const [row] = await db
    .select()
    .from(agreements)
    .where(and(eq(agreements.id, agreementId), eq(agreements.licenseeId, lic.id)));
  if (!row) throw new AgreementNotFoundError();
  if (row.signedAt) throw new AgreementAlreadySignedError();
  if (row.status !== "pending") throw new AgreementNotPendingError();

  const unsigned = await renderAgreementDocument(documentSource(row));
  const sha = sha256Hex(unsigned);
  if (sha !== input.documentSha256) throw new AgreementDocumentChangedError();

  const [account] = await db.select({ email: user.email }).from(user).where(eq(user.id, actor.userId));
  const signedAt = opts.now ?? new Date();
  const licenseeName = lic.companyName?.trim() || lic.contactName?.trim() || lic.email;
  const signed = await appendSignatureCertificate(unsigned, documentSource(row), {
    signerName: input.signerName,
    signerEmail: account?.email ?? lic.email,
    licenseeName,
    signedAt,
    ip: actor.ip ?? null,
    userAgent: opts.userAgent,
    documentSha256: sha,
  });

  // Written once, never overwritten: a fresh key per attempt, so a losing concurrent attempt cannot touch the
  // winner's document. The original sits next to it (same key with "original") so the fingerprint can be checked.
  const stamp = `${signedAt.getTime()}-${randomBytes(6).toString("hex")}`;
  const signedKey = `agreements/${lic.id}/${row.id}-signed-${stamp}.pdf`;
  const originalKey = `agreements/${lic.id}/${row.id}-original-${stamp}.pdf`;
  await opts.storage.put(originalKey, unsigned, "application/pdf");
  await opts.storage.put(signedKey, signed, "application/pdf");

  let orderId: string | null = null;
  try {
    await db.transaction(async (tx) => {
      const [locked] = await tx.select().from(agreements).where(eq(agreements.id, row.id)).for("update");
      if (!locked || locked.licenseeId !== lic.id) throw new AgreementNotFoundError();
      if (locked.signedAt) throw new AgreementAlreadySignedError();
      if (locked.status !== "pending") throw new AgreementNotPendingError();
      if (!sameDocument(row, locked)) throw new AgreementDocumentChangedError();
      const updated = await tx
        .update(agreements)
        .set({
          status: "active",
          signedDate: signedAt.toISOString().slice(0, 10),
          signerName: input.signerName,
          signerUserId: actor.userId,
          signedAt,
          signerIp: actor.ip ?? null,
          signerUserAgent: opts.userAgent,
          documentSha256: sha,
          signedDocumentKey: signedKey,
          updatedAt: signedAt,
        })
        .where(and(eq(agreements.id, row.id), eq(agreements.status, "pending"), isNull(agreements.signedAt)))
        .returning({ id: agreements.id });
      if (updated.length !== 1) throw new AgreementAlreadySignedError();
      // The agreement of a license order: the order moves on to payment (refused if it closed meanwhile).
      orderId = (await orderAgreementSigned(tx, actor, row.id, signedAt))?.orderId ?? null;
      const due = orderId ? await dueOfLicense(tx, locked.territoryLicenseId) : null;
      const mail = {
        agreementId: row.id,
        reference: agreementReference(row.id),
        agreementType: row.agreementType,
        territoryName: row.territoryName,
        licenseeName,
        licenseeEmail: lic.email,
        signerName: input.signerName,
        signedAt,
        documentSha256: sha,
        agreementsUrl: `${opts.publicUrl}/dashboard/agreements/${row.id}`,
        ...(orderId && due
          ? { payment: { ...due, orderUrl: orderUrl(opts.publicUrl, opts.linkSecret, orderId) } }
          : {}),
      };
      await enqueueEmail(tx, agreementSignedConfirmation(mail));
      await enqueueEmail(tx, agreementSignedSalesNotice(opts.salesEmail, mail));
      await recordAudit(tx, actor, {
        action: "agreement.sign",
        entityType: "agreement",
        entityId: row.id,
        details: {
          before: { status: "pending" },
          after: { status: "active" },
          signerName: input.signerName,
          documentSha256: sha,
          signedDocumentKey: signedKey,
          userAgent: opts.userAgent,
        },
      });
    });
  } catch (err) {
    await Promise.allSettled([opts.storage.delete(signedKey), opts.storage.delete(originalKey)]);
    throw err;
  }
  return { agreementId: row.id, signedAt, documentSha256: sha, signedDocumentKey: signedKey, orderId };
}

/** The figures of the license an order's agreement belongs to, for the signing emails. */
async function dueOfLicense(tx: Tx, licenseId: string | null) {
  if (!licenseId) return null;
  const [l] = await tx
    .select({ monthlyFeeCents: territoryLicenses.monthlyFeeCents, setupFeeCents: territoryLicenses.setupFeeCents })
    .from(territoryLicenses)
    .where(eq(territoryLicenses.id, licenseId));
  return l ?? null;
}

/**
 * Changes the terms of a pending, unsigned agreement (administrators only). Anyone who opened the old document
 * must review the new one: their signature is refused as 'Agreement Updated'. A signed agreement is locked.
 */
export async function reviseDraftAgreement(
  db: Database,
  actor: Actor,
  input: { agreementId: string; terms: string },
): Promise<void> {
  assertAdmin(actor);
  if (!isUuid(input.agreementId)) throw new AgreementNotFoundError();
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(agreements).where(eq(agreements.id, input.agreementId)).for("update");
    if (!row) throw new AgreementNotFoundError();
    if (row.signedAt || row.status !== "pending") throw new AgreementLockedError();
    await tx
      .update(agreements)
      .set({ terms: input.terms, updatedAt: new Date() })
      .where(and(eq(agreements.id, row.id), eq(agreements.status, "pending"), isNull(agreements.signedAt)));
    await recordAudit(tx, actor, {
      action: "agreement.revise",
      entityType: "agreement",
      entityId: row.id,
      details: { before: { terms: row.terms }, after: { terms: input.terms } },
    });
  });
}

/**
 * Drafts the agreement for a licence: a pending {@link ADJUNCT_MARKETING_AGREEMENT_TYPE} whose terms are built
 * from the licence, its licensee, territory and #Code or vanity number (parties, Licensed Number and, for a #Code,
 * any paired vanity numbers, territory and area codes, term, Monthly Fee and its parts, Setup Deposit, usage rates and multipliers, the
 * adjacent-territory option, notice and governing law; see `terms.ts`). The licensee then signs it in the portal.
 *
 * Call it inside the transaction that grants the licence (for example when an administrator approves a
 * reservation), with that transaction's `tx`. It writes only the agreement row: the caller records the audit
 * entry and sends any email for the whole operation. Throws a 404 DomainError when the licence does not exist or
 * belongs to another licensee.
 *
 *   await db.transaction(async (tx) => {
 *     const licence = …insert territory_licenses…;
 *     const { agreementId } = await draftAgreement(tx, { licenseeId, territoryLicenseId: licence.id });
 *     await recordAudit(tx, actor, { action: "reservation.approve", …, details: { agreementId } });
 *   });
 */
export async function draftAgreement(
  tx: Tx | Database,
  input: { licenseeId: string; territoryLicenseId: string; agreementType?: string },
  opts: { now?: Date } = {},
): Promise<{ agreementId: string; terms: string }> {
  const now = opts.now ?? new Date();
  const [found] = await tx
    .select({
      licence: territoryLicenses,
      licensee: licensees,
      territory: territories,
      category: categories,
      vanityNumber: { numberText: vanityNumbers.numberText },
    })
    .from(territoryLicenses)
    .innerJoin(licensees, eq(licensees.id, territoryLicenses.licenseeId))
    .innerJoin(territories, eq(territories.id, territoryLicenses.territoryId))
    // A licence names exactly one offering: a #Code (or keyword group) or a vanity number (a CHECK guarantees it).
    .leftJoin(categories, eq(categories.id, territoryLicenses.categoryId))
    .leftJoin(vanityNumbers, eq(vanityNumbers.id, territoryLicenses.vanityNumberId))
    .where(and(eq(territoryLicenses.id, input.territoryLicenseId), eq(territoryLicenses.licenseeId, input.licenseeId)));
  if (!found || (!found.category && !found.vanityNumber))
    throw new NotFoundError(
      "licence_not_found",
      "License Not Found",
      "This license could not be found for this licensee.",
    );
  const { licence, licensee, territory, category, vanityNumber } = found;
  // A #Code's agreement also names the vanity numbers paired with it in the territory.
  const paired = category
    ? await tx
        .select({ numberText: vanityNumbers.numberText })
        .from(vanityNumbers)
        .where(
          and(
            eq(vanityNumbers.licenseeId, licensee.id),
            eq(vanityNumbers.territoryId, territory.id),
            eq(vanityNumbers.associatedPoundCode, category.name),
          ),
        )
        .orderBy(vanityNumbers.numberText)
    : [];
  const keywordGroup = licence.pricingDetails?.keyword_group;
  const terms = buildAgreementTerms({
    licensee,
    territory,
    offering: category
      ? { kind: "category", name: category.name, categoryType: category.categoryType }
      : { kind: "vanity", number: vanityNumberLabel(vanityNumber!.numberText) },
    licence: { ...licence, keywordGroup: typeof keywordGroup === "string" ? keywordGroup : null },
    vanityNumbers: paired.map((v) => v.numberText),
    draftedAt: now,
  });
  const [row] = await tx
    .insert(agreements)
    .values({
      licenseeId: licensee.id,
      territoryLicenseId: licence.id,
      agreementType: input.agreementType ?? ADJUNCT_MARKETING_AGREEMENT_TYPE,
      status: "pending",
      terms,
      territoryName: territory.name,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: agreements.id });
  if (!row) throw new Error("draftAgreement: insert returned no row");
  return { agreementId: row.id, terms };
}

/**
 * The agreement's PDF. The unsigned document is a pure function of the agreement row (its id, type, territory,
 * terms, status and dates): rendering the same row twice gives the same bytes, so the SHA-256 a signer was shown
 * can be recomputed when they sign and compared. Signing appends a signature certificate page to those pages; the
 * result is stored and never rendered again.
 */
import { createHash } from "node:crypto";
import { formatDate, formatDateTime } from "#kernel/format.ts";
import { SIGN_CONSENT_TEXT, splitClauses } from "#kernel/schemas/agreements.ts";

/** What the unsigned document is made of: every field it shows, nothing else. */
/**
 * The PDF writer, with pdf-lib under it, loaded when the first agreement is drawn rather than with the server: most
 * requests never draw one, and pdf-lib is megabytes of code and source a process would hold for good.
 */
const pdfWriter = () => import("../../integrations/pdf/builder.ts");

export type AgreementDocumentSource = {
  id: string;
  agreementType: string;
  status: string;
  territoryName: string | null;
  terms: string | null;
  /** YYYY-MM-DD, for agreements executed before online signing. */
  signedDate: string | null;
  createdAt: Date;
};

export type SignatureRecord = {
  signerName: string;
  signerEmail: string;
  licenseeName: string;
  signedAt: Date;
  ip: string | null;
  userAgent: string | null;
  /** SHA-256 (hex) of the unsigned document the signer was shown. */
  documentSha256: string;
};

export function sha256Hex(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

export function agreementReference(id: string): string {
  return `PC-${id.replace(/-/g, "").slice(0, 8).toUpperCase()}`;
}

/** The file name offered for download. */
export function agreementFileName(row: { id: string; agreementType: string }, signed: boolean): string {
  const type = row.agreementType.replace(/[^A-Za-z0-9]+/g, "-").replace(/^-|-$/g, "");
  return `PoundCodes-${type}-${agreementReference(row.id)}${signed ? "-signed" : ""}.pdf`;
}

function letterhead(row: AgreementDocumentSource): string {
  return `${row.agreementType}  ·  ${agreementReference(row.id)}`;
}

/** The unsigned document: the same bytes for the same row, every time. */
export async function renderAgreementDocument(row: AgreementDocumentSource): Promise<Uint8Array> {
  const ref = agreementReference(row.id);
  const { DocumentWriter } = await pdfWriter();
  const w = await DocumentWriter.create(
    {
      title: `${row.agreementType}${row.territoryName ? ` - ${row.territoryName}` : ""}`,
      subject: `PoundCodes ${row.agreementType} ${ref}`,
      author: "PoundCodes",
      keywords: ["PoundCodes", "license agreement", ref],
      date: row.createdAt,
    },
    letterhead(row),
  );
  w.title(
    row.agreementType,
    `${row.territoryName ?? "Territory license"}  ·  Reference ${ref}  ·  Prepared ${formatDate(row.createdAt)}`,
  );
  w.table([
    { label: "Agreement", value: `${row.agreementType}, reference ${ref}` },
    { label: "Territory", value: row.territoryName ?? "-" },
    { label: "Prepared", value: formatDate(row.createdAt) },
    { label: "Agreement ID", value: row.id, mono: true },
  ]);
  w.heading("Terms");
  const clauses = splitClauses(row.terms ?? "");
  if (clauses.length === 0) w.paragraph("No terms are recorded for this agreement.", { italic: true });
  for (const c of clauses) w.paragraph(c.text, { lead: c.lead ?? undefined });
  w.heading("Signature");
  if (row.status === "pending") {
    w.notice(
      "Awaiting the Licensee's signature. The Licensee signs this document electronically in the PoundCodes portal by typing their full name and giving their consent. A signature certificate recording the signer, the time, the network address, the browser and the SHA-256 fingerprint of this exact document is then added as the last page, and the signed document never changes afterwards.",
      { tone: "gold" },
    );
  } else if (row.signedDate) {
    w.notice(`Executed by the parties on ${formatDate(row.signedDate)}. Status: ${row.status}.`, { tone: "navy" });
  } else {
    w.notice(`Status: ${row.status}.`, { tone: "navy" });
  }
  w.footers(`PoundCodes  ·  ${row.agreementType}  ·  ${ref}`);
  return w.save();
}

/** The signed document: the unsigned pages followed by the signature certificate. */
export async function appendSignatureCertificate(
  unsigned: Uint8Array,
  row: AgreementDocumentSource,
  sig: SignatureRecord,
): Promise<Uint8Array> {
  const ref = agreementReference(row.id);
  const { DocumentWriter } = await pdfWriter();
  const w = await DocumentWriter.extend(
    unsigned,
    {
      title: `${row.agreementType}${row.territoryName ? ` - ${row.territoryName}` : ""} (signed)`,
      subject: `PoundCodes ${row.agreementType} ${ref}, signed by ${sig.signerName}`,
      author: "PoundCodes",
      keywords: ["PoundCodes", "license agreement", ref, "signed", sig.documentSha256],
      date: sig.signedAt,
    },
    letterhead(row),
  );
  w.title("Signature certificate", `${row.agreementType}  ·  Reference ${ref}`);
  w.paragraph(
    `This page certifies that the agreement on the preceding pages was signed electronically in the PoundCodes licensee portal by the person named below, acting for the Licensee. The fingerprint identifies the exact document the signer reviewed: computing the SHA-256 of that document gives the same value.`,
  );
  w.table(
    [
      { label: "Signed by", value: sig.signerName },
      { label: "For the Licensee", value: sig.licenseeName },
      { label: "Account email", value: sig.signerEmail },
      { label: "Signed at", value: `${sig.signedAt.toISOString()} (${formatDateTime(sig.signedAt)})` },
      { label: "IP address", value: sig.ip ?? "not recorded", mono: true },
      { label: "Browser", value: sig.userAgent ?? "not recorded" },
      { label: "Agreement ID", value: row.id, mono: true },
      { label: "Document SHA-256", value: sig.documentSha256, mono: true },
      {
        label: "Consent",
        value: `The signer typed their full name and confirmed: "${SIGN_CONSENT_TEXT}"`,
      },
    ],
    130,
  );
  w.notice(
    "Signed electronically under the U.S. Electronic Signatures in Global and National Commerce Act (E-SIGN) and the Uniform Electronic Transactions Act. PoundCodes keeps this signed document unchanged; a copy is available to the Licensee in the portal at any time.",
    { tone: "navy" },
  );
  w.footers(`PoundCodes  ·  Signature certificate  ·  ${ref}`);
  return w.save();
}

import { ShieldCheck } from "#app/components/ui/icons.tsx";
import { formatDateTime } from "#kernel/format.ts";

/** Who signed, when, and the fingerprint of the document they reviewed. */
export function SignatureRecord({
  signature,
}: {
  signature: { signerName: string; signedAt: string; documentSha256: string };
}) {
  return (
    <section
      aria-labelledby="signature-record-title"
      className="grid gap-4 rounded-2xl border border-emerald-300/60 bg-emerald-50/60 p-6 dark:border-emerald-800 dark:bg-emerald-950/30"
    >
      <h2 id="signature-record-title" className="flex items-center gap-2 text-lg font-semibold">
        <ShieldCheck aria-hidden="true" className="size-5 text-emerald-700 dark:text-emerald-400" />
        Signed electronically
      </h2>
      <dl className="grid gap-3 text-sm">
        <div>
          <dt className="text-muted-foreground">Signed by</dt>
          <dd className="font-medium" data-testid="signer-name">
            {signature.signerName}
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Signed at</dt>
          <dd className="font-medium">{formatDateTime(signature.signedAt)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Fingerprint of the document you reviewed (SHA-256)</dt>
          <dd className="font-mono text-xs break-all" data-testid="signed-sha256">
            {signature.documentSha256}
          </dd>
        </div>
      </dl>
      <p className="text-xs leading-relaxed text-muted-foreground">
        The signed PDF ends with a signature certificate page and is kept unchanged.
      </p>
    </section>
  );
}

/** What a pricing upload did (or, for a preview, would do): the counts, the error lines and the changes. */
import { Alert, AlertDescription, AlertTitle } from "#app/components/ui/alert.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { CircleCheck, Eye } from "#app/components/ui/icons.tsx";
import type { PricingUploadSummary } from "#kernel/schemas/pricing-upload.ts";

export function UploadSummary({
  summary,
  formId,
  busy,
}: {
  summary: PricingUploadSummary;
  formId: string;
  busy: boolean;
}) {
  const preview = !summary.applied && summary.errors.length === 0 && summary.created + summary.updated > 0;
  const counts = [
    { label: "Rows processed", value: summary.processed },
    { label: summary.applied ? "Created" : "To create", value: summary.created },
    { label: summary.applied ? "Updated" : "To update", value: summary.updated },
    { label: "Unchanged", value: summary.unchanged },
    { label: "Errors", value: summary.errorCount },
  ];
  return (
    <section aria-label="Upload summary" className="space-y-4" aria-live="polite">
      {summary.applied ? (
        <Alert variant="success">
          <CircleCheck aria-hidden="true" />
          <AlertTitle>Pricing updated</AlertTitle>
          <AlertDescription>
            {summary.created} created and {summary.updated} updated in {summary.elapsedMs} ms.
          </AlertDescription>
        </Alert>
      ) : preview ? (
        <Alert variant="info">
          <Eye aria-hidden="true" />
          <AlertTitle>Preview: nothing has changed yet</AlertTitle>
          <AlertDescription>Check the changes below, then import them.</AlertDescription>
        </Alert>
      ) : null}
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
        {counts.map((c) => (
          <div key={c.label} className="rounded-lg border border-border bg-background px-3 py-2.5">
            <dt className="text-xs font-medium text-muted-foreground">{c.label}</dt>
            <dd className="text-xl font-semibold tabular-nums">{c.value}</dd>
          </div>
        ))}
      </dl>
      {summary.errors.length > 0 ? (
        <div className="rounded-lg border border-red-200 bg-red-50/60 px-4 py-3 dark:border-red-900 dark:bg-red-950/30">
          <h3 className="text-sm font-semibold text-red-900 dark:text-red-200">Errors</h3>
          <ul className="mt-2 max-h-72 space-y-1 overflow-y-auto text-sm text-red-950 dark:text-red-100">
            {summary.errors.map((e, i) => (
              <li key={i}>{e}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {summary.changes.length > 0 ? (
        <div className="overflow-x-auto rounded-lg border border-border">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{summary.applied ? "Changes made" : "Changes to make"}</caption>
            <thead className="bg-muted/60 text-xs text-muted-foreground uppercase">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Row
                </th>
                <th scope="col" className="px-3 py-2">
                  {summary.kind === "territories" ? "Territory" : "Keyword"}
                </th>
                <th scope="col" className="px-3 py-2">
                  Change
                </th>
                <th scope="col" className="px-3 py-2">
                  Fields
                </th>
              </tr>
            </thead>
            <tbody>
              {summary.changes.map((c) => (
                <tr key={c.row} className="border-t border-border align-top">
                  <td className="px-3 py-2 tabular-nums">{c.row}</td>
                  <td className="px-3 py-2 font-medium">{c.label}</td>
                  <td className="px-3 py-2">
                    <Badge variant={c.action === "create" ? "available" : "gold"}>
                      {c.action === "create" ? "New" : "Update"}
                    </Badge>
                  </td>
                  <td className="px-3 py-2">
                    <ul className="space-y-0.5">
                      {c.changes.map((f) => (
                        <li key={f.field}>
                          <span className="text-muted-foreground">{f.field}:</span>{" "}
                          {f.before ? (
                            <>
                              <del className="text-muted-foreground">{f.before}</del> →{" "}
                            </>
                          ) : null}
                          <span className="font-medium tabular-nums">{f.after}</span>
                        </li>
                      ))}
                    </ul>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {preview ? (
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" form={formId} name="intent" value="import" disabled={busy}>
            Import these changes
          </Button>
          <p className="text-xs text-muted-foreground">
            The same file is sent again and checked once more before it is applied.
          </p>
        </div>
      ) : null}
    </section>
  );
}

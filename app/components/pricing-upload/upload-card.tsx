/**
 * One pricing upload (territory CSV or keyword CSV): a multipart form that works without JavaScript (it posts to
 * the page), and with JavaScript sends the file with an XMLHttpRequest so the card can show the upload's progress
 * as a percentage, then the summary. A preview lists what would change; "Import these changes" sends the same file
 * again to apply it.
 */
import { type FormEvent, useId, useRef, useState } from "react";
import { Alert, AlertDescription, AlertTitle } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { FileUp, LoaderCircle } from "#app/components/ui/icons.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { toast } from "#app/components/ui/toast.ts";
import {
  PRICING_CSV_MAX_BYTES,
  PRICING_UPLOAD_TEXT,
  type PricingUploadAnswer,
  type PricingUploadKind,
} from "#kernel/schemas/pricing-upload.ts";
import { UploadSummary } from "./upload-summary.tsx";

type Props = {
  kind: PricingUploadKind;
  title: string;
  description: string;
  columns: readonly string[];
  required: readonly string[];
  /** The answer of a post without JavaScript, for this card. */
  answer?: PricingUploadAnswer;
};

const RUN_URL = "/admin/pricing-upload/run";

export function UploadCard({ kind, title, description, columns, required, answer: serverAnswer }: Props) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [answer, setAnswer] = useState<PricingUploadAnswer | undefined>(serverAnswer);

  function send(intent: "preview" | "import") {
    const form = formRef.current;
    if (!form) return;
    const data = new FormData(form);
    data.set("intent", intent);
    const file = data.get("file");
    if (!(file instanceof File) || file.name === "") {
      setAnswer({ ok: false, code: "no_file", title: PRICING_UPLOAD_TEXT.noFile, message: PRICING_UPLOAD_TEXT.noFile });
      toast.error(PRICING_UPLOAD_TEXT.noFile);
      return;
    }
    if (file.size > PRICING_CSV_MAX_BYTES) {
      setAnswer({
        ok: false,
        code: "too_large",
        title: PRICING_UPLOAD_TEXT.emptyOrInvalid,
        message: PRICING_UPLOAD_TEXT.tooLarge,
      });
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open("POST", RUN_URL);
    xhr.responseType = "json";
    setProgress(0);
    // The upload is the first 90 %; the server's parsing, checks and writing the rest.
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) setProgress(Math.round((e.loaded / e.total) * 90));
    };
    xhr.upload.onload = () => setProgress(95);
    xhr.onload = () => {
      setProgress(100);
      const body = xhr.response as PricingUploadAnswer | null;
      const next: PricingUploadAnswer =
        body && typeof body === "object" && "ok" in body
          ? body
          : {
              ok: false,
              code: xhr.status === 413 ? "too_large" : "processing_error",
              title: PRICING_UPLOAD_TEXT.processingError,
              message: xhr.status === 413 ? PRICING_UPLOAD_TEXT.tooLarge : PRICING_UPLOAD_TEXT.processingError,
            };
      setAnswer(next);
      setProgress(null);
      if (!next.ok) toast.error(next.title, { description: next.title === next.message ? undefined : next.message });
      else if (next.summary.applied) {
        toast.success("Pricing updated", {
          description: `${next.summary.created} created, ${next.summary.updated} updated.`,
        });
      }
    };
    xhr.onerror = () => {
      setProgress(null);
      setAnswer({
        ok: false,
        code: "network_error",
        title: PRICING_UPLOAD_TEXT.processingError,
        message: "The upload did not reach the server. Check your connection and try again.",
      });
    };
    xhr.send(data);
  }

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const submitter = (e.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    send(submitter?.value === "import" ? "import" : "preview");
  }

  const busy = progress !== null;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        <form
          id={`${id}-form`}
          ref={formRef}
          method="post"
          encType="multipart/form-data"
          onSubmit={onSubmit}
          className="space-y-5"
          aria-describedby={`${id}-columns`}
        >
          <input type="hidden" name="kind" value={kind} />
          <div className="space-y-2">
            <Label htmlFor={`${id}-file`}>CSV file</Label>
            <input
              id={`${id}-file`}
              name="file"
              type="file"
              accept=".csv,text/csv"
              className="block w-full cursor-pointer rounded-md border border-input bg-background text-sm file:mr-4 file:cursor-pointer file:border-0 file:bg-secondary file:px-4 file:py-2.5 file:font-semibold file:text-secondary-foreground"
            />
          </div>
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium">If some rows have errors</legend>
            <label className="flex items-start gap-2 text-sm">
              <input
                type="radio"
                name="mode"
                value="all_or_nothing"
                defaultChecked
                className="mt-1 accent-[var(--color-primary)]"
              />
              <span>Change nothing (all or nothing)</span>
            </label>
            <label className="flex items-start gap-2 text-sm">
              <input type="radio" name="mode" value="valid_rows" className="mt-1 accent-[var(--color-primary)]" />
              <span>Apply the valid rows and list the others</span>
            </label>
          </fieldset>
          <div className="flex flex-wrap gap-3">
            <Button type="submit" name="intent" value="preview" variant="outline" disabled={busy}>
              Preview changes
            </Button>
            <Button type="submit" name="intent" value="import" disabled={busy}>
              <FileUp aria-hidden="true" />
              Import
            </Button>
          </div>
          {busy ? (
            <div className="space-y-1.5" role="status" aria-live="polite">
              <div className="flex items-center gap-2 text-sm font-medium">
                <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
                {progress < 90 ? `Uploading… ${progress}%` : `Processing… ${progress}%`}
              </div>
              <progress
                className="h-2 w-full overflow-hidden rounded-full accent-[var(--color-accent)]"
                max={100}
                value={progress}
              >
                {progress}%
              </progress>
            </div>
          ) : null}
        </form>
        <details id={`${id}-columns`} className="rounded-lg border border-border bg-muted/40 px-4 py-3 text-sm">
          <summary className="cursor-pointer font-medium">Columns this file may carry</summary>
          <p className="mt-2 text-muted-foreground">
            A header row, then one row per {kind === "territories" ? "territory" : "keyword"}. Required:{" "}
            {required.map((c) => (
              <code key={c} className="mx-0.5 rounded bg-background px-1.5 py-0.5 text-xs">
                {c}
              </code>
            ))}
            .{" "}
            {kind === "territories"
              ? "Fees in dollars (1250 or 1,250.50), multipliers as decimals, area codes separated by semicolons. A territory is matched on name, state and portion; columns the file leaves out are not changed."
              : "A keyword is matched on its text (in lower case); multipliers as decimals such as 1.25."}
          </p>
          <p className="mt-2 flex flex-wrap gap-1">
            {columns.map((c) => (
              <code key={c} className="rounded bg-background px-1.5 py-0.5 text-xs">
                {c}
              </code>
            ))}
          </p>
        </details>
        {answer ? (
          answer.ok ? (
            <UploadSummary summary={answer.summary} formId={`${id}-form`} busy={busy} />
          ) : (
            <Alert variant="destructive">
              <AlertTitle>{answer.title}</AlertTitle>
              {answer.message !== answer.title ? <AlertDescription>{answer.message}</AlertDescription> : null}
            </Alert>
          )
        ) : null}
      </CardContent>
    </Card>
  );
}

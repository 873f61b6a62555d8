/**
 * Every fee field of a territory (spec 2 §3) with a live price preview. The form posts to the territory page's
 * action (intent save-fees) and works without JavaScript. With JavaScript, each change posts the typed fees as
 * intent preview (a read: nothing is saved) and the preview shows what the pricing engine, the same one the public
 * pages use, quotes for them. A line under the fee fields says that a change applies to new licenses only: an
 * existing license's subscription keeps the price it was started with.
 */
import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type FormEvent, useEffect, useRef } from "react";
import { Form, useFetcher, useNavigation } from "react-router";
import { FormErrors, TextField } from "#app/components/forms/text-field.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import type { Answer } from "#kernel/answers.ts";
import { formatCents } from "#kernel/format.ts";
import {
  TERRITORY_ADMIN_TEXT,
  TERRITORY_FEE_FIELDS,
  type TerritoryFeesInput,
  type TerritoryPricePreview,
  territoryFeesSchema,
} from "#kernel/schemas/territories-admin.ts";

type PreviewAnswer = Answer<{ ok: true; preview: TerritoryPricePreview }>;

/** Shown with the fee fields: what saving changes, and what it leaves alone. */
export const FEE_CHANGE_HELP =
  "Fee changes apply to new licenses. Existing licenses keep the price their subscription was started with.";

export function TerritoryFeesForm({
  action,
  defaults,
  initialPreview,
  lastResult,
}: {
  action: string;
  defaults: TerritoryFeesInput;
  initialPreview: TerritoryPricePreview;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const [form, fields] = useForm({
    id: "territory-fees",
    lastResult,
    defaultValue: defaults,
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: territoryFeesSchema }),
  });
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === "save-fees";
  const preview = useFetcher<PreviewAnswer>();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  function onChange(e: FormEvent<HTMLFormElement>) {
    const data = new FormData(e.currentTarget);
    data.set("intent", "preview");
    clearTimeout(timer.current);
    timer.current = setTimeout(() => preview.submit(data, { method: "post", action }), 250);
  }

  const answer = preview.data;
  const shown = answer?.ok ? answer.preview : initialPreview;
  const stale = answer !== undefined && !answer.ok;

  return (
    <div className="grid gap-6 lg:grid-cols-5">
      <Card className="gap-4 lg:col-span-3">
        <CardHeader>
          <CardTitle as="h2">Fees</CardTitle>
        </CardHeader>
        <CardContent>
          <Form
            method="post"
            action={action}
            {...getFormProps(form)}
            onChange={onChange}
            className="grid gap-5"
            noValidate
          >
            <input type="hidden" name="intent" value="save-fees" />
            <FormErrors id={form.errorId} errors={form.errors} />
            <fieldset className="grid gap-4 sm:grid-cols-2" aria-describedby="territory-fees-apply">
              <legend className="mb-2 text-sm font-semibold">Monthly and setup fees (dollars)</legend>
              <p id="territory-fees-apply" className="text-sm text-muted-foreground sm:col-span-2">
                {FEE_CHANGE_HELP}
              </p>
              {TERRITORY_FEE_FIELDS.filter((f) => f.kind === "money").map((f) => (
                <TextField
                  key={f.name}
                  meta={fields[f.name]}
                  label={f.label}
                  optional={f.optional}
                  hint={f.hint}
                  autoComplete="off"
                />
              ))}
            </fieldset>
            <fieldset className="grid gap-4 sm:grid-cols-2">
              <legend className="mb-2 text-sm font-semibold">Usage and lead multipliers</legend>
              {TERRITORY_FEE_FIELDS.filter((f) => f.kind === "multiplier").map((f) => (
                <TextField key={f.name} meta={fields[f.name]} label={f.label} hint={f.hint} autoComplete="off" />
              ))}
            </fieldset>
            <div>
              <Button type="submit" disabled={saving} aria-busy={saving || undefined}>
                {saving ? "Saving…" : "Save fees"}
              </Button>
            </div>
          </Form>
        </CardContent>
      </Card>
      <Card className="gap-4 lg:col-span-2" aria-busy={preview.state !== "idle" || undefined}>
        <CardHeader>
          <CardTitle as="h2" id="price-preview-title">
            {TERRITORY_ADMIN_TEXT.previewTitle}
          </CardTitle>
          <p className="text-sm text-muted-foreground">{TERRITORY_ADMIN_TEXT.previewHint}</p>
        </CardHeader>
        <CardContent>
          <div className="grid gap-4">
            <p aria-live="polite" className="text-sm font-medium text-destructive empty:hidden">
              {stale ? TERRITORY_ADMIN_TEXT.previewInvalid : ""}
            </p>
            <table className={`w-full text-sm ${stale ? "opacity-50" : ""}`} aria-labelledby="price-preview-title">
              <thead>
                <tr className="text-left text-muted-foreground">
                  <th scope="col" className="py-1 font-medium">
                    Offering
                  </th>
                  <th scope="col" className="py-1 text-right font-medium">
                    Monthly
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-border">
                {shown.rows.map((r) => (
                  <tr key={r.key} data-preview-row={r.key}>
                    <th scope="row" className="py-1.5 text-left font-normal">
                      <span className="font-medium">{r.label}</span>
                      <span className="block text-xs text-muted-foreground">{r.basis}</span>
                    </th>
                    <td className="py-1.5 text-right tabular-nums">{formatCents(r.finalMonthlyCents)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <dl className={`grid grid-cols-2 gap-x-4 gap-y-1 text-sm ${stale ? "opacity-50" : ""}`}>
              <dt className="text-muted-foreground">Setup deposit</dt>
              <dd className="text-right tabular-nums">{formatCents(shown.setupCents)}</dd>
              <dt className="text-muted-foreground">Full-state setup</dt>
              <dd className="text-right tabular-nums">{formatCents(shown.fullStateSetupCents)}</dd>
              <dt className="text-muted-foreground">Per minute</dt>
              <dd className="text-right tabular-nums">{formatCents(shown.perMinuteCents)}</dd>
              <dt className="text-muted-foreground">Per SMS</dt>
              <dd className="text-right tabular-nums">{formatCents(shown.perSmsCents)}</dd>
              <dt className="text-muted-foreground">Per web-form lead</dt>
              <dd className="text-right tabular-nums">{formatCents(shown.perWebFormLeadCents)}</dd>
            </dl>
          </div>
        </CardContent>
      </Card>
    </div>
  );
}

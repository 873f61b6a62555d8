import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import type { z } from "zod";
import { Field } from "#app/components/forms/field.tsx";
import { SelectField } from "#app/components/forms/select-field.tsx";
import { FormErrors } from "#app/components/forms/text-field.tsx";
import { TextareaField } from "#app/components/forms/textarea-field.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { Scale } from "#app/components/ui/icons.tsx";
import { Input } from "#app/components/ui/input.tsx";
import {
  ADJUSTMENT_DIRECTION_LABELS,
  ADJUSTMENT_DIRECTIONS,
  type AdjustmentData,
  adjustmentSchema,
  REASON_MAX,
} from "#kernel/schemas/billing-admin.ts";

type AdjustmentFields = z.input<typeof adjustmentSchema>;

/**
 * The manual adjustment: credit or debit, an amount in dollars, a reason. A page form (it works without
 * JavaScript); with JavaScript it also checks the fields in the browser with the server's schema. A refused
 * submission keeps what was typed. `attempt` is the page's one-time token, so a double submit books once.
 */
export function AdjustmentForm({
  attempt,
  result,
  companyName,
}: {
  attempt: string;
  result?: SubmissionResult<string[]> | null;
  companyName: string;
}) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formData?.get("attempt") === attempt;
  const [form, fields] = useForm<AdjustmentFields, AdjustmentData>({
    id: "wallet-adjustment",
    lastResult: result,
    defaultValue: { direction: "credit" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: adjustmentSchema }),
  });
  const { key: amountKey, ...amountProps } = getInputProps(fields.amountCents, { type: "text", ariaAttributes: false });
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <Scale aria-hidden className="size-5 text-accent-text" />
          Adjust the wallet
        </CardTitle>
        <CardDescription>
          Credit or debit {companyName}'s wallet by hand. The entry goes into their ledger and the audit log; a debit
          may take the balance below zero.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form method="post" {...getFormProps(form)} className="grid gap-5" noValidate>
          <input type="hidden" name="attempt" value={attempt} />
          <FormErrors id={form.errorId} errors={form.errors} />
          <div className="grid items-start gap-5 sm:grid-cols-2">
            <SelectField
              meta={fields.direction}
              label="Adjustment"
              options={ADJUSTMENT_DIRECTIONS.map((d) => ({ value: d, label: ADJUSTMENT_DIRECTION_LABELS[d] }))}
            />
            <Field
              id={fields.amountCents.id}
              errorId={fields.amountCents.errorId}
              errors={fields.amountCents.errors}
              label="Amount (USD)"
              hint="In dollars, such as 25 or 25.50."
            >
              {(control) => (
                <div className="relative">
                  <span
                    aria-hidden="true"
                    className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-muted-foreground"
                  >
                    $
                  </span>
                  <Input
                    key={amountKey}
                    {...amountProps}
                    {...control}
                    inputMode="decimal"
                    autoComplete="off"
                    className="pl-7"
                  />
                </div>
              )}
            </Field>
          </div>
          <TextareaField
            meta={fields.reason}
            label="Reason"
            rows={3}
            hint={`Shown to the licensee as the entry's description on their billing page. Up to ${REASON_MAX} characters.`}
          />
          <div className="flex justify-end">
            <Button type="submit" disabled={submitting}>
              {submitting ? "Recording…" : "Record Adjustment"}
            </Button>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}

import { type FieldMetadata, getInputProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { Field } from "#app/components/forms/field.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { FEE_STEP } from "#kernel/schemas/numbers-admin.ts";

/** A dollar amount with cents: a number input with step 0.01 and a $ before it. */
export function MoneyField({
  meta,
  label,
  hint,
  optional,
}: {
  meta: FieldMetadata<string | undefined>;
  label: string;
  hint?: ReactNode;
  optional?: boolean;
}) {
  const { key, ...props } = getInputProps(meta, { type: "number", ariaAttributes: false });
  return (
    <Field id={meta.id} errorId={meta.errorId} errors={meta.errors} label={label} hint={hint} optional={optional}>
      {(control) => (
        <div className="relative">
          <span
            aria-hidden="true"
            className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-muted-foreground"
          >
            $
          </span>
          <Input key={key} {...props} {...control} step={FEE_STEP} min={0} inputMode="decimal" className="pl-7" />
        </div>
      )}
    </Field>
  );
}

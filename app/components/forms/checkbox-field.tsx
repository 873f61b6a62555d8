import { type FieldMetadata, getInputProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { Checkbox } from "#app/components/ui/checkbox.tsx";
import { InlineField } from "./field.tsx";

export type CheckboxFieldProps = {
  meta: FieldMetadata<boolean | undefined>;
  /** The label beside the box; it may hold links (to the terms, for instance). */
  label: ReactNode;
  optional?: boolean;
  hint?: ReactNode;
  className?: string;
};

/**
 * A checkbox beside its label, wired to a Conform field: aria-invalid, aria-describedby and the error list.
 * A checked box posts "on".
 */
export function CheckboxField({ meta, label, optional, hint, className }: CheckboxFieldProps) {
  const { key, ...props } = getInputProps(meta, { type: "checkbox", ariaAttributes: false });
  return (
    <InlineField
      id={meta.id}
      errorId={meta.errorId}
      errors={meta.errors}
      label={label}
      optional={optional}
      hint={hint}
      className={className}
    >
      {(control) => <Checkbox key={key} {...props} {...control} className="mt-0.5" />}
    </InlineField>
  );
}

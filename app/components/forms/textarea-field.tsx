import { type FieldMetadata, getTextareaProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { Textarea } from "#app/components/ui/textarea.tsx";
import { Field } from "./field.tsx";

export type TextareaFieldProps = {
  meta: FieldMetadata<string | undefined>;
  label: string;
  optional?: boolean;
  rows?: number;
  placeholder?: string;
  hint?: ReactNode;
  className?: string;
};

/** A labelled textarea wired to a Conform field: aria-invalid, aria-describedby and the error list. */
export function TextareaField({ meta, label, optional, rows = 3, placeholder, hint, className }: TextareaFieldProps) {
  const { key, ...props } = getTextareaProps(meta, { ariaAttributes: false });
  return (
    <Field
      id={meta.id}
      errorId={meta.errorId}
      errors={meta.errors}
      label={label}
      optional={optional}
      hint={hint}
      className={className}
    >
      {(control) => <Textarea key={key} {...props} {...control} rows={rows} placeholder={placeholder} />}
    </Field>
  );
}

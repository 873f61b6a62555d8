import { type FieldMetadata, getInputProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { Input } from "#app/components/ui/input.tsx";
import { Field } from "./field.tsx";

// Forms import these two from here too.
export { FieldErrorList, FormErrors } from "./field.tsx";

export type TextFieldProps = {
  meta: FieldMetadata<string | undefined>;
  label: string;
  type?: "text" | "email" | "password" | "tel" | "url" | "number";
  autoComplete?: string;
  hint?: ReactNode;
  optional?: boolean;
  readOnly?: boolean;
  className?: string;
};

/** A labelled input wired to a Conform field: aria-invalid, aria-describedby and the error list. */
export function TextField({
  meta,
  label,
  type = "text",
  autoComplete,
  hint,
  optional,
  readOnly,
  className,
}: TextFieldProps) {
  const { key, ...props } = getInputProps(meta, { type, ariaAttributes: false });
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
      {(control) => <Input key={key} {...props} {...control} autoComplete={autoComplete} readOnly={readOnly} />}
    </Field>
  );
}

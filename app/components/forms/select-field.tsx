import { type FieldMetadata, getSelectProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { Select } from "#app/components/ui/select.tsx";
import { Field } from "./field.tsx";

export type SelectOption = { value: string; label: string };

export type SelectFieldProps = {
  meta: FieldMetadata<string | undefined>;
  label: string;
  options: readonly SelectOption[];
  /** A first, empty choice such as "Choose a category…"; choosing it leaves the field empty. */
  placeholder?: string;
  optional?: boolean;
  hint?: ReactNode;
  className?: string;
};

/** A labelled native select wired to a Conform field: aria-invalid, aria-describedby and the error list. */
export function SelectField({ meta, label, options, placeholder, optional, hint, className }: SelectFieldProps) {
  const { key, ...props } = getSelectProps(meta, { ariaAttributes: false });
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
      {(control) => (
        <Select key={key} {...props} {...control}>
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}

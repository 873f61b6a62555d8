import * as React from "react";
import { cn } from "#app/lib/utils.ts";
import { Input } from "./input";
import { Label } from "./label";

type ControlA11yProps = {
  id?: string;
  name?: string;
  "aria-invalid"?: boolean | "true" | "false";
  "aria-describedby"?: string;
  "aria-required"?: boolean;
};

export type FieldProps = Omit<React.ComponentProps<"input">, "children"> & {
  /** Visible label text. */
  label: React.ReactNode;
  /** Form field name; also the base of the generated ids. */
  name: string;
  /** Validation message; marks the control invalid and is announced. */
  error?: string | null;
  /** Help text shown under the control (linked with aria-describedby). */
  hint?: React.ReactNode;
  /** Custom control (Textarea, Select, …). It receives id, name, aria-invalid and aria-describedby. */
  children?: React.ReactElement<ControlA11yProps>;
  /** Class of the wrapper. */
  className?: string;
  /** Class of the default <Input>. */
  inputClassName?: string;
  /** Optional suffix of the label, e.g. "(optional)". */
  labelAside?: React.ReactNode;
};

/**
 * Label + control + hint + error, wired for assistive technology:
 * `<Field label="Email" name="email" type="email" error={errors.email} />` renders an <Input>;
 * `<Field label="Message" name="message"><Textarea /></Field>` wires a custom control.
 */
export function Field({
  label,
  name,
  error,
  hint,
  children,
  className,
  inputClassName,
  labelAside,
  id: idProp,
  required,
  ...inputProps
}: FieldProps) {
  const reactId = React.useId();
  const id = idProp ?? `${name}-${reactId.replace(/[^a-zA-Z0-9_-]/g, "")}`;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  const invalid = Boolean(error);

  const controlProps: ControlA11yProps = {
    id,
    name,
    "aria-invalid": invalid || undefined,
    "aria-describedby": describedBy,
  };

  const control = children ? (
    React.cloneElement(children, {
      id: children.props.id ?? id,
      name: children.props.name ?? name,
      "aria-invalid": controlProps["aria-invalid"],
      "aria-describedby": [children.props["aria-describedby"], describedBy].filter(Boolean).join(" ") || undefined,
      ...(required ? { required: true } : {}),
    } as ControlA11yProps)
  ) : (
    <Input {...inputProps} {...controlProps} required={required} className={inputClassName} />
  );

  const controlId = children?.props.id ?? id;

  return (
    <div data-slot="field" data-invalid={invalid || undefined} className={cn("grid gap-2", className)}>
      <div className="flex items-baseline justify-between gap-3">
        <Label htmlFor={controlId}>
          {label}
          {required ? (
            <span aria-hidden="true" className="ml-0.5 text-destructive">
              *
            </span>
          ) : null}
        </Label>
        {labelAside ? <span className="text-xs text-muted-foreground">{labelAside}</span> : null}
      </div>
      {control}
      {hint ? (
        <p id={hintId} className="text-xs leading-relaxed text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-destructive" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A standalone error message, e.g. for a whole form. */
export function FieldError({
  id,
  children,
  className,
}: {
  id?: string;
  children?: React.ReactNode;
  className?: string;
}) {
  if (!children) return null;
  return (
    <p id={id} role="alert" className={cn("text-sm font-medium text-destructive", className)}>
      {children}
    </p>
  );
}

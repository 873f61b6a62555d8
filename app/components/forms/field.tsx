import type { ComponentProps, ReactNode } from "react";
import { Label } from "#app/components/ui/label.tsx";
import { cn } from "#app/lib/utils.ts";

/**
 * The one labelled-field family. `Field` (label above the control) and `InlineField` (a checkbox beside its
 * label) lay out a label, a control, an optional hint and the error list, and hand the control the props that
 * tie them together: its id, `aria-invalid` while there are errors, and `aria-describedby` naming the error list
 * (while there are errors) and the hint. The Conform-wired fields (TextField, TextareaField, SelectField,
 * CheckboxField) build on them; a form without Conform uses them directly.
 */

/** What a control receives from its field: spread it on the input, textarea, select or checkbox. */
export type FieldControlProps = {
  id: string;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
};

export type FieldProps = {
  /** The control's id. The label points at it; the hint's id is `${id}-hint`. */
  id: string;
  label: ReactNode;
  /** Marks the field "(optional)" after the label. */
  optional?: boolean;
  /** Help text under the control, read out with it. */
  hint?: ReactNode;
  /** The field's validation errors; any error marks the control invalid. */
  errors?: string[];
  /** The error list's id (Conform's `meta.errorId`); `${id}-error` by default. */
  errorId?: string;
  className?: string;
  /** Renders the control; spread the given props on it. */
  children: (control: FieldControlProps) => ReactNode;
};

/** The ids and ARIA attributes of one field. The error list comes first in aria-describedby, then the hint. */
export function fieldWiring({
  id,
  errors = [],
  errorId = `${id}-error`,
  hint,
}: Pick<FieldProps, "id" | "errors" | "errorId" | "hint">) {
  const invalid = errors.length > 0;
  const hintId = hint ? `${id}-hint` : undefined;
  const describedBy = [invalid ? errorId : undefined, hintId].filter(Boolean).join(" ") || undefined;
  const control: FieldControlProps = { id, "aria-invalid": invalid || undefined, "aria-describedby": describedBy };
  return { control, errors, errorId, hintId };
}

/** A label above its control, then the hint and the errors. */
export function Field({ id, label, optional, hint, errors, errorId, className, children }: FieldProps) {
  const wiring = fieldWiring({ id, errors, errorId, hint });
  return (
    <div className={cn("grid gap-1.5", className)}>
      <FieldLabel htmlFor={id} optional={optional}>
        {label}
      </FieldLabel>
      {children(wiring.control)}
      <FieldHint id={wiring.hintId}>{hint}</FieldHint>
      <FieldErrorList id={wiring.errorId} errors={wiring.errors} />
    </div>
  );
}

/** A checkbox before its label (which may hold links), then the hint and the errors, indented under the label. */
export function InlineField({ id, label, optional, hint, errors, errorId, className, children }: FieldProps) {
  const wiring = fieldWiring({ id, errors, errorId, hint });
  return (
    <div className={cn("grid gap-1.5", className)}>
      <div className="flex items-start gap-3">
        {children(wiring.control)}
        <label htmlFor={id} className="text-sm leading-snug text-foreground">
          {label}
          <OptionalMark optional={optional} />
        </label>
      </div>
      <FieldHint id={wiring.hintId} className="pl-7.5">
        {hint}
      </FieldHint>
      <FieldErrorList id={wiring.errorId} errors={wiring.errors} className="pl-7.5" />
    </div>
  );
}

/** The label of a field, with "(optional)" after it when the field may stay empty. */
export function FieldLabel({ optional, children, ...props }: ComponentProps<typeof Label> & { optional?: boolean }) {
  return (
    <Label {...props}>
      {children}
      <OptionalMark optional={optional} />
    </Label>
  );
}

function OptionalMark({ optional }: { optional?: boolean }) {
  return optional ? <span className="ml-1 font-normal text-muted-foreground">(optional)</span> : null;
}

/** Help text under a control; renders nothing without text. */
export function FieldHint({ id, className, children }: { id?: string; className?: string; children?: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} className={cn("text-sm text-muted-foreground", className)}>
      {children}
    </p>
  );
}

/** The errors of one field, referenced by the control's aria-describedby; renders nothing without errors. */
export function FieldErrorList({ id, errors, className }: { id: string; errors: string[]; className?: string }) {
  if (errors.length === 0) return null;
  return (
    <ul id={id} className={cn("grid gap-0.5 text-sm font-medium text-destructive", className)}>
      {errors.map((e) => (
        <li key={e}>{e}</li>
      ))}
    </ul>
  );
}

/** The errors of a whole form (not tied to one field), announced when they appear. */
export function FormErrors({ id, errors }: { id?: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <div
      id={id}
      role="alert"
      className="rounded-md border border-destructive/40 bg-destructive/10 px-4 py-3 text-sm text-destructive"
    >
      {errors.map((e) => (
        <p key={e}>{e}</p>
      ))}
    </div>
  );
}

import { type FieldMetadata, getInputProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { cn } from "#app/lib/utils.ts";

type Props = {
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
export function TextField({ meta, label, type = "text", autoComplete, hint, optional, readOnly, className }: Props) {
  const errors = meta.errors ?? [];
  const hintId = hint ? `${meta.id}-hint` : undefined;
  const inputProps = getInputProps(meta, { type, ariaAttributes: true });
  const describedBy = [inputProps["aria-describedby"], hintId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cn("grid gap-1.5", className)}>
      <Label htmlFor={meta.id}>
        {label}
        {optional ? <span className="ml-1 font-normal text-muted-foreground">(optional)</span> : null}
      </Label>
      <Input
        {...inputProps}
        key={inputProps.key}
        autoComplete={autoComplete}
        readOnly={readOnly}
        aria-describedby={describedBy}
      />
      {hint ? (
        <p id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <FieldErrorList id={meta.errorId} errors={errors} />
    </div>
  );
}

/** The errors of one field, referenced by the control's aria-describedby. */
export function FieldErrorList({ id, errors }: { id: string; errors: string[] }) {
  if (errors.length === 0) return null;
  return (
    <ul id={id} className="grid gap-0.5 text-sm font-medium text-destructive">
      {errors.map((e) => (
        <li key={e}>{e}</li>
      ))}
    </ul>
  );
}

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

import { type FieldMetadata, getInputProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { Field } from "#app/components/forms/field.tsx";
import { Input } from "#app/components/ui/input.tsx";

export type CodeFieldProps = {
  meta: FieldMetadata<string | undefined>;
  label: string;
  hint?: ReactNode;
  /** A 6-digit app code (numeric keypad) rather than a backup code (letters and digits). */
  numeric?: boolean;
  autoFocus?: boolean;
};

/**
 * A one-time code input wired to a Conform field: the phone offers the code from a message or the keypad
 * (`autocomplete="one-time-code"`, `inputmode="numeric"` for app codes), and nothing corrects or capitalizes it.
 */
export function CodeField({ meta, label, hint, numeric = true, autoFocus }: CodeFieldProps) {
  const { key, ...props } = getInputProps(meta, { type: "text", ariaAttributes: false });
  return (
    <Field id={meta.id} errorId={meta.errorId} errors={meta.errors} label={label} hint={hint}>
      {(control) => (
        <Input
          key={key}
          {...props}
          {...control}
          autoComplete="one-time-code"
          inputMode={numeric ? "numeric" : "text"}
          pattern={numeric ? "[0-9 ]*" : undefined}
          maxLength={numeric ? 7 : 11}
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          autoFocus={autoFocus}
          className="max-w-56 font-mono tracking-widest"
        />
      )}
    </Field>
  );
}

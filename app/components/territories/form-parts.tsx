import { FieldErrorList } from "#app/components/forms/text-field.tsx";
import { type FieldMetadata, getTextareaProps } from "@conform-to/react";
import { Label } from "#app/components/ui/label.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import { cn } from "#app/lib/utils.ts";

/**
 * A field that people never see and leave empty; form-filling bots fill it in. The action rejects (or silently
 * drops) a submission whose `website` is not empty.
 */
export function Honeypot() {
  return (
    <div aria-hidden="true" className="pointer-events-none absolute -left-[10000px] size-px overflow-hidden opacity-0">
      <label>
        Website
        <input type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}

/** A labelled textarea wired to a Conform field. */
export function TextareaField({
  meta,
  label,
  optional,
  rows = 3,
  placeholder,
}: {
  meta: FieldMetadata<string | undefined>;
  label: string;
  optional?: boolean;
  rows?: number;
  placeholder?: string;
}) {
  const { key, ...props } = getTextareaProps(meta, { ariaAttributes: true });
  const errors = meta.errors ?? [];
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={meta.id}>
        {label}
        {optional ? <span className="ml-1 font-normal text-muted-foreground">(optional)</span> : null}
      </Label>
      <Textarea key={key} {...props} rows={rows} placeholder={placeholder} />
      <FieldErrorList id={meta.errorId} errors={errors} />
    </div>
  );
}

/** The small "what you are reserving" strip at the top of the dialogs. */
export function TargetSummary({ items }: { items: { label: string; value: string }[] }) {
  return (
    <dl className="grid grid-cols-2 gap-px overflow-hidden rounded-lg border border-border bg-border sm:auto-cols-fr sm:grid-flow-col sm:grid-cols-none">
      {items.map((item, i) => (
        <div
          key={item.label}
          className={cn("min-w-0 bg-subtle px-4 py-3", i === 0 && items.length % 2 === 1 && "col-span-2 sm:col-span-1")}
        >
          <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{item.label}</dt>
          <dd className="mt-1 truncate text-sm font-semibold text-foreground">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

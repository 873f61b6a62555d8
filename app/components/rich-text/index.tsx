/**
 * The rich-text field for stored HTML (blog posts, support topics, newsletters, landing pages).
 *
 *   <RichTextField name="content" label="Content" defaultValue={post.content} errors={fields.content.errors} />
 *
 * - **A form field like any other**: the editor writes its HTML into a hidden input called `name`, so the form's
 *   action receives it on submit (with or without a fetcher). The server must sanitize it (sanitizeHtml) on save.
 * - **Works before JavaScript**: the server renders a labelled <textarea name={name}> holding the HTML; in the
 *   browser the Tiptap editor replaces it, starting from whatever the textarea holds.
 * - **Lazy**: Tiptap and ProseMirror load in their own chunk when a page shows this field, so only the admin
 *   screens that use it pay for them. Import this module, never ./editor.tsx.
 * - **Accessible**: the label names the editable area and the toolbar ("{label} formatting"); the toolbar is one
 *   tab stop (arrow keys move along it) with bold, italic, heading, subheading, lists, quote, link, image, undo and
 *   redo; errors and the hint are announced with the field.
 * - **Images** go to /resources/editor-image (admins only), which checks, re-encodes and stores them and answers
 *   their /media/… URL. Pass `uploadEndpoint={null}` to offer no image button.
 */
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { FieldErrorList, FieldHint, FieldLabel, fieldWiring } from "#app/components/forms/field.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import { cn } from "#app/lib/utils.ts";

const loadEditor = () => import("./editor.tsx");
const RichTextEditor = lazy(loadEditor);

export type RichTextFieldProps = {
  /** The form field's name (what the action reads). */
  name: string;
  /** The visible label. */
  label: string;
  /** The HTML to start from (the stored, sanitized value, or what was typed before a refused save). */
  defaultValue?: string | null;
  /** The field's errors (e.g. Conform's `fields.content.errors`). */
  errors?: string[];
  /** Help text under the editor. */
  hint?: string;
  /** The editable area's id; derived from the name unless set (Conform: `fields.content.id`). */
  id?: string;
  /** Where images are uploaded (default /resources/editor-image); null hides the image button. */
  uploadEndpoint?: string | null;
  /** Told about every change, with the HTML ("" when empty); e.g. a live preview. */
  onChange?: (html: string) => void;
  className?: string;
};

export function RichTextField({
  name,
  label,
  defaultValue,
  errors,
  hint,
  id = `rich-text-${name}`,
  uploadEndpoint,
  onChange,
  className,
}: RichTextFieldProps) {
  const textarea = useRef<HTMLTextAreaElement>(null);
  // The latest text of the plain textarea (typed before the editor took over).
  const typed = useRef<string | null>(null);
  // Null until the page is interactive; then the HTML the editor starts from.
  const [start, setStart] = useState<string | null>(null);
  const { control, errorId, hintId } = fieldWiring({ id, errors, hint });

  // Only once, when the page becomes interactive: the editor owns the value from then on.
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once; later default values are ignored
  useEffect(() => {
    void loadEditor();
    setStart(textarea.current?.value ?? defaultValue ?? "");
  }, []);

  const plain = (value: string) => (
    <Textarea
      ref={textarea}
      {...control}
      name={name}
      defaultValue={value}
      rows={14}
      className="font-mono text-sm"
      onChange={(e) => {
        typed.current = e.target.value;
        onChange?.(e.target.value);
      }}
    />
  );

  return (
    <div className={cn("grid gap-1.5", className)}>
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      {start === null ? (
        plain(defaultValue ?? "")
      ) : (
        <Suspense fallback={plain(start)}>
          <RichTextEditor
            name={name}
            id={id}
            label={label}
            initialHtml={() => typed.current ?? start}
            describedBy={control["aria-describedby"]}
            invalid={control["aria-invalid"]}
            uploadEndpoint={uploadEndpoint}
            onChange={onChange}
          />
        </Suspense>
      )}
      <FieldHint id={hintId}>{hint}</FieldHint>
      <FieldErrorList id={errorId} errors={errors ?? []} />
    </div>
  );
}

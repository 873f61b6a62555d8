/**
 * The Tiptap editor behind {@link RichTextField} (index.tsx). This module is only ever imported lazily, so Tiptap
 * and ProseMirror stay in their own chunk, loaded by the admin screens that show an editor.
 *
 * The document's HTML goes into a hidden input named like the field, so the surrounding <form> posts it as it
 * posts any other field. The server sanitizes it on save; what the editor produces is only a draft.
 */
import Image from "@tiptap/extension-image";
import { EditorContent, useEditor, useEditorState } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { useState } from "react";
import { cn } from "#app/lib/utils.ts";
import { RichTextToolbar } from "./toolbar.tsx";

export type RichTextEditorProps = {
  /** The form field's name: the hidden input posting the HTML. */
  name: string;
  /** The id of the editable area (the field's label points at it). */
  id: string;
  /** The HTML to start from (read once, when the editor mounts). */
  initialHtml: string | (() => string);
  /** The visible label, used to name the toolbar ("Content formatting"). */
  label: string;
  /** ARIA wiring from the field (errors and hint). */
  describedBy?: string;
  invalid?: boolean;
  /** Where images are uploaded; omit to use the default endpoint. Pass null to offer no image button. */
  uploadEndpoint?: string | null;
  /** Told about every change, with the HTML ("" when empty). */
  onChange?: (html: string) => void;
  className?: string;
};

/** Tiptap's HTML for an empty document is "<p></p>"; an empty field posts "". */
function htmlOf(editor: { isEmpty: boolean; getHTML: () => string }): string {
  return editor.isEmpty ? "" : editor.getHTML();
}

export default function RichTextEditor({
  name,
  id,
  initialHtml,
  label,
  describedBy,
  invalid,
  uploadEndpoint,
  onChange,
  className,
}: RichTextEditorProps) {
  const [first] = useState(initialHtml);
  const [html, setHtml] = useState(first);
  const editor = useEditor({
    // The server renders the fallback textarea; the editor starts in the browser.
    immediatelyRender: false,
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        codeBlock: false,
        link: {
          openOnClick: false,
          autolink: true,
          protocols: ["mailto", "tel"],
          defaultProtocol: "https",
          HTMLAttributes: { rel: null, target: null },
        },
      }),
      Image.configure({ inline: false, allowBase64: false }),
    ],
    content: first,
    editorProps: {
      attributes: {
        id,
        role: "textbox",
        "aria-multiline": "true",
        "aria-label": label,
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
        ...(invalid ? { "aria-invalid": "true" } : {}),
        class: cn(
          "min-h-64 px-4 py-3 text-base leading-relaxed text-foreground focus:outline-none md:text-sm",
          "whitespace-pre-wrap break-words [&_p]:my-2",
          "[&_h2]:mt-5 [&_h2]:mb-2 [&_h2]:text-xl [&_h2]:font-bold [&_h3]:mt-4 [&_h3]:mb-2 [&_h3]:text-lg [&_h3]:font-semibold [&_h4]:mt-3 [&_h4]:font-semibold",
          "[&_ul]:my-2 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-2 [&_ol]:list-decimal [&_ol]:pl-6",
          "[&_blockquote]:my-3 [&_blockquote]:border-l-4 [&_blockquote]:border-accent [&_blockquote]:pl-4 [&_blockquote]:italic",
          "[&_a]:text-accent-text [&_a]:underline [&_a]:underline-offset-4",
          "[&_img]:my-3 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-lg [&_img.ProseMirror-selectednode]:outline-3 [&_img.ProseMirror-selectednode]:outline-ring",
          "[&_code]:rounded [&_code]:bg-muted [&_code]:px-1 [&_code]:font-mono",
        ),
      },
    },
    onUpdate: ({ editor: e }) => {
      const next = htmlOf(e);
      setHtml(next);
      onChange?.(next);
    },
  });
  const focused = useEditorState({ editor, selector: (s) => s.editor?.isFocused ?? false });

  return (
    <div
      data-slot="rich-text-editor"
      className={cn(
        "overflow-hidden rounded-md border border-input bg-background shadow-xs transition-[border-color,box-shadow] dark:bg-navy-950/40",
        focused && "border-ring ring-3 ring-ring/30",
        invalid && "border-destructive",
        className,
      )}
    >
      <input type="hidden" name={name} value={html} />
      {editor ? (
        <>
          <RichTextToolbar editor={editor} label={`${label} formatting`} uploadEndpoint={uploadEndpoint} />
          <EditorContent editor={editor} className="max-h-[70vh] overflow-y-auto" />
        </>
      ) : (
        <div className="min-h-64 px-4 py-3 text-sm text-muted-foreground">Loading the editor…</div>
      )}
    </div>
  );
}

/**
 * The editor's toolbar: one tab stop (a roving tabindex: arrow keys, Home and End move between the buttons), every
 * button labelled, toggles announcing their state with aria-pressed. Link and image open small dialogs.
 */
import type { Editor } from "@tiptap/react";
import { useEditorState } from "@tiptap/react";
import { type KeyboardEvent, useId, useRef, useState } from "react";
import { Button } from "#app/components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "#app/components/ui/dialog.tsx";
import {
  Bold,
  Heading2,
  Heading3,
  type IconComponent,
  ImagePlus,
  Italic,
  Link2,
  List,
  ListOrdered,
  LoaderCircle,
  Quote,
  Redo2,
  Undo2,
} from "#app/components/ui/icons.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { cn } from "#app/lib/utils.ts";
import { EDITOR_IMAGE_ACCEPT, EDITOR_IMAGE_ENDPOINT, uploadEditorImage } from "./upload.ts";

type ToolState = {
  bold: boolean;
  italic: boolean;
  h2: boolean;
  h3: boolean;
  bullet: boolean;
  ordered: boolean;
  quote: boolean;
  link: boolean;
  canUndo: boolean;
  canRedo: boolean;
};

type Tool = {
  key: string;
  label: string;
  icon: IconComponent;
  /** Keyboard shortcut shown in the tooltip. */
  shortcut?: string;
  pressed?: (s: ToolState) => boolean;
  disabled?: (s: ToolState) => boolean;
  run: () => void;
};

/** Only http(s), mailto and tel links, or site paths; anything else is refused before it reaches the document. */
export function normalizeLinkUrl(raw: string): string | null {
  const value = raw.trim();
  if (!value) return null;
  if (/^(https?:\/\/|mailto:|tel:)/i.test(value)) return /^[^\s"'<>]+$/.test(value) ? value : null;
  if (/^\/(?!\/)[^\s"'<>]*$/.test(value)) return value;
  if (/^[a-z0-9-]+(\.[a-z0-9-]+)+(\/[^\s"'<>]*)?$/i.test(value)) return `https://${value}`;
  return null;
}

export function RichTextToolbar({
  editor,
  label,
  uploadEndpoint,
}: {
  editor: Editor;
  label: string;
  uploadEndpoint?: string | null;
}) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }): ToolState => ({
      bold: e.isActive("bold"),
      italic: e.isActive("italic"),
      h2: e.isActive("heading", { level: 2 }),
      h3: e.isActive("heading", { level: 3 }),
      bullet: e.isActive("bulletList"),
      ordered: e.isActive("orderedList"),
      quote: e.isActive("blockquote"),
      link: e.isActive("link"),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const [linkOpen, setLinkOpen] = useState(false);
  const [imageOpen, setImageOpen] = useState(false);
  const [active, setActive] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const chain = () => editor.chain().focus();

  const tools: (Tool | "separator")[] = [
    {
      key: "bold",
      label: "Bold",
      icon: Bold,
      shortcut: "Ctrl+B",
      pressed: (s) => s.bold,
      run: () => chain().toggleBold().run(),
    },
    {
      key: "italic",
      label: "Italic",
      icon: Italic,
      shortcut: "Ctrl+I",
      pressed: (s) => s.italic,
      run: () => chain().toggleItalic().run(),
    },
    "separator",
    {
      key: "h2",
      label: "Heading",
      icon: Heading2,
      pressed: (s) => s.h2,
      run: () => chain().toggleHeading({ level: 2 }).run(),
    },
    {
      key: "h3",
      label: "Subheading",
      icon: Heading3,
      pressed: (s) => s.h3,
      run: () => chain().toggleHeading({ level: 3 }).run(),
    },
    "separator",
    {
      key: "bullet",
      label: "Bulleted list",
      icon: List,
      pressed: (s) => s.bullet,
      run: () => chain().toggleBulletList().run(),
    },
    {
      key: "ordered",
      label: "Numbered list",
      icon: ListOrdered,
      pressed: (s) => s.ordered,
      run: () => chain().toggleOrderedList().run(),
    },
    {
      key: "quote",
      label: "Quote",
      icon: Quote,
      pressed: (s) => s.quote,
      run: () => chain().toggleBlockquote().run(),
    },
    "separator",
    { key: "link", label: "Link", icon: Link2, pressed: (s) => s.link, run: () => setLinkOpen(true) },
    ...(uploadEndpoint === null
      ? []
      : [{ key: "image", label: "Insert image", icon: ImagePlus, run: () => setImageOpen(true) } satisfies Tool]),
    "separator",
    {
      key: "undo",
      label: "Undo",
      icon: Undo2,
      shortcut: "Ctrl+Z",
      disabled: (s) => !s.canUndo,
      run: () => chain().undo().run(),
    },
    {
      key: "redo",
      label: "Redo",
      icon: Redo2,
      shortcut: "Ctrl+Shift+Z",
      disabled: (s) => !s.canRedo,
      run: () => chain().redo().run(),
    },
  ];
  const buttonTools = tools.filter((t): t is Tool => t !== "separator");

  const move = (e: KeyboardEvent<HTMLDivElement>) => {
    const last = buttonTools.length - 1;
    const next =
      e.key === "ArrowRight"
        ? active === last
          ? 0
          : active + 1
        : e.key === "ArrowLeft"
          ? active === 0
            ? last
            : active - 1
          : e.key === "Home"
            ? 0
            : e.key === "End"
              ? last
              : null;
    if (next === null) return;
    e.preventDefault();
    setActive(next);
    buttons.current[next]?.focus();
  };

  let index = -1;
  return (
    <>
      <div
        role="toolbar"
        aria-label={label}
        onKeyDown={move}
        className="flex flex-wrap items-center gap-0.5 border-b border-input bg-muted/50 px-1.5 py-1"
      >
        {tools.map((tool, i) => {
          if (tool === "separator") {
            return <span key={`sep-${i}`} aria-hidden="true" className="mx-1 h-5 w-px bg-border" />;
          }
          index += 1;
          const mine = index;
          const pressed = state && tool.pressed ? tool.pressed(state) : undefined;
          const disabled = state && tool.disabled ? tool.disabled(state) : false;
          return (
            <button
              key={tool.key}
              ref={(el) => {
                buttons.current[mine] = el;
              }}
              type="button"
              tabIndex={mine === active ? 0 : -1}
              aria-label={tool.label}
              aria-pressed={tool.pressed ? Boolean(pressed) : undefined}
              aria-disabled={disabled || undefined}
              title={tool.shortcut ? `${tool.label} (${tool.shortcut})` : tool.label}
              onFocus={() => setActive(mine)}
              onClick={() => {
                if (!disabled) tool.run();
              }}
              className={cn(
                "inline-flex size-9 items-center justify-center rounded-md text-foreground/80 transition-colors hover:bg-background hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring",
                pressed && "bg-primary text-primary-foreground hover:bg-primary hover:text-primary-foreground",
                disabled && "cursor-not-allowed opacity-40 hover:bg-transparent",
              )}
            >
              <tool.icon className="size-4" aria-hidden="true" />
            </button>
          );
        })}
      </div>
      <LinkDialog editor={editor} open={linkOpen} onOpenChange={setLinkOpen} />
      {uploadEndpoint === null ? null : (
        <ImageDialog
          editor={editor}
          open={imageOpen}
          onOpenChange={setImageOpen}
          endpoint={uploadEndpoint ?? EDITOR_IMAGE_ENDPOINT}
        />
      )}
    </>
  );
}

function LinkDialog({
  editor,
  open,
  onOpenChange,
}: {
  editor: Editor;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const id = useId();
  const [url, setUrl] = useState("");
  const [error, setError] = useState<string | null>(null);
  const current = editor.getAttributes("link").href as string | undefined;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) {
          setUrl(current ?? "");
          setError(null);
        }
        onOpenChange(next);
      }}
    >
      <DialogContent className="sm:max-w-[440px]" onCloseAutoFocus={() => editor.commands.focus()}>
        <DialogHeader>
          <DialogTitle>{current ? "Edit link" : "Add link"}</DialogTitle>
          <DialogDescription>
            Links the selected text. Use a full web address, an email or a site path.
          </DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-5"
          onSubmit={(e) => {
            e.preventDefault();
            e.stopPropagation();
            const href = normalizeLinkUrl(url);
            if (!href) {
              setError("Enter a web address (https://…), an email (mailto:…) or a site path (/…).");
              return;
            }
            const chain = editor.chain().focus().extendMarkRange("link");
            if (editor.state.selection.empty && !current) {
              chain.insertContent({ type: "text", text: href, marks: [{ type: "link", attrs: { href } }] }).run();
            } else {
              chain.setLink({ href }).run();
            }
            onOpenChange(false);
          }}
        >
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-url`}>Link address</Label>
            <Input
              id={`${id}-url`}
              value={url}
              onChange={(e) => setUrl(e.target.value)}
              placeholder="https://poundcodes.com/about"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              autoComplete="off"
            />
            {error ? (
              <p id={`${id}-error`} className="text-sm font-medium text-destructive">
                {error}
              </p>
            ) : null}
          </div>
          <DialogFooter>
            {current ? (
              <Button
                type="button"
                variant="outline"
                onClick={() => {
                  editor.chain().focus().extendMarkRange("link").unsetLink().run();
                  onOpenChange(false);
                }}
              >
                Remove link
              </Button>
            ) : null}
            <Button type="submit">Apply link</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function ImageDialog({
  editor,
  open,
  onOpenChange,
  endpoint,
}: {
  editor: Editor;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  endpoint: string;
}) {
  const id = useId();
  const [alt, setAlt] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) {
          setAlt("");
          setError(null);
        }
        if (!busy) onOpenChange(next);
      }}
    >
      <DialogContent className="sm:max-w-[480px]" onCloseAutoFocus={() => editor.commands.focus()}>
        <DialogHeader>
          <DialogTitle>Insert image</DialogTitle>
          <DialogDescription>A PNG, JPEG or GIF image. It is checked and resized on upload.</DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-5"
          onSubmit={async (e) => {
            e.preventDefault();
            e.stopPropagation();
            const file = fileRef.current?.files?.[0];
            if (!file) {
              setError("Please choose an image to upload.");
              return;
            }
            setBusy(true);
            setError(null);
            try {
              const src = await uploadEditorImage(file, endpoint);
              editor
                .chain()
                .focus()
                .setImage({ src, alt: alt.trim() || undefined })
                .run();
              onOpenChange(false);
            } catch (err) {
              setError((err as Error).message);
            } finally {
              setBusy(false);
            }
          }}
        >
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-file`}>Image file</Label>
            <Input
              ref={fileRef}
              id={`${id}-file`}
              type="file"
              accept={EDITOR_IMAGE_ACCEPT}
              className="h-auto py-2 file:mr-3 file:rounded file:border-0 file:bg-secondary file:px-3 file:py-1 file:text-sm file:font-semibold"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-alt`}>Alternative text</Label>
            <Input
              id={`${id}-alt`}
              value={alt}
              onChange={(e) => setAlt(e.target.value)}
              maxLength={200}
              aria-describedby={`${id}-alt-hint`}
            />
            <p id={`${id}-alt-hint`} className="text-sm text-muted-foreground">
              What the image shows, for readers who cannot see it.
            </p>
          </div>
          {error ? (
            <p id={`${id}-error`} role="alert" className="text-sm font-medium text-destructive">
              {error}
            </p>
          ) : null}
          <DialogFooter>
            <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
              {busy ? (
                <>
                  <LoaderCircle className="motion-safe:animate-spin" aria-hidden="true" /> Uploading…
                </>
              ) : (
                "Upload and insert"
              )}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

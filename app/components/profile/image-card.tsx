import { type FormEvent, useEffect, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { Field } from "#app/components/forms/field.tsx";
import { Alert, AlertDescription, AlertTitle } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { ImageIcon, LoaderCircle, Trash2, Upload, UserRound } from "#app/components/ui/icons.tsx";
import { toast } from "#app/components/ui/toast.ts";
import { cn } from "#app/lib/utils.ts";
import {
  formatBytes,
  IMAGE_ACCEPT,
  PROFILE_IMAGE_LABELS,
  PROFILE_IMAGE_SHORT,
  type ProfileImageKind,
  UPLOAD_FAILED_TITLE,
  UPLOAD_MESSAGES,
} from "#kernel/schemas/profile.ts";

/** A refused upload or removal of this image, as the action answered it. */
export type ImageRefusal = { title: string; message: string };

const refusals = new WeakMap<object, Map<ProfileImageKind, ImageRefusal | null>>();

/**
 * The refusal of the image form of `kind`, if the page's last post (its action's answer) was one. The same answer
 * gives the same object however often the page renders, so the card toasts it once ('Upload Failed' appeared twice
 * when a re-render made a new one).
 */
export function imageRefusal(answer: unknown, kind: ProfileImageKind): ImageRefusal | null {
  if (typeof answer !== "object" || answer === null) return null;
  let byKind = refusals.get(answer);
  if (!byKind) {
    byKind = new Map();
    refusals.set(answer, byKind);
  }
  if (!byKind.has(kind)) byKind.set(kind, refusalOf(answer, kind));
  return byKind.get(kind) ?? null;
}

function refusalOf(answer: object, kind: ProfileImageKind): ImageRefusal | null {
  const a = answer as {
    ok?: boolean;
    intent?: string;
    kind?: string;
    title?: string;
    message?: string;
    result?: { initialValue?: Record<string, unknown> };
  };
  if (a.ok !== false || typeof a.title !== "string" || typeof a.message !== "string") return null;
  const sent = a.result?.initialValue;
  const intent = a.intent ?? sent?.intent;
  const target = a.kind ?? sent?.kind;
  if (intent !== "upload-image" && intent !== "remove-image") return null;
  return target === kind ? { title: a.title, message: a.message } : null;
}

export type ProfileImageCardProps = {
  kind: ProfileImageKind;
  url: string | null;
  /** Who or what the image shows, for its alt text and the initials shown without one. */
  name: string;
  maxBytes: number;
  refusal: ImageRefusal | null;
};

const COPY: Record<ProfileImageKind, { description: string; empty: string }> = {
  avatar: {
    description: "Shown to you and our team across your account.",
    empty: "No avatar yet",
  },
  logo: {
    description: "Shown on your public landing pages. A wide logo on a transparent background works best.",
    empty: "No logo yet",
  },
};

/**
 * One image of the profile (avatar or company logo): the current image, an upload form and a remove button. Both
 * forms post to the page and work without JavaScript; with it, an empty choice or a file over the limit is
 * refused before anything is sent, and the button shows the upload under way.
 */
export function ProfileImageCard({ kind, url, name, maxBytes, refusal }: ProfileImageCardProps) {
  const navigation = useNavigation();
  const busy = (intent: string) =>
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") === intent &&
    navigation.formData?.get("kind") === kind;
  const uploading = busy("upload-image");
  const removing = busy("remove-image");
  const [localError, setLocalError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const label = PROFILE_IMAGE_LABELS[kind];
  const short = PROFILE_IMAGE_SHORT[kind];
  const inputId = `${kind}-file`;

  useEffect(() => {
    if (refusal) toast.error(refusal.title, { description: refusal.message });
  }, [refusal]);

  function check(event: FormEvent<HTMLFormElement>) {
    const file = input.current?.files?.[0];
    const problem = !file ? UPLOAD_MESSAGES.noFile : file.size > maxBytes ? UPLOAD_MESSAGES.tooLarge(maxBytes) : null;
    setLocalError(problem);
    if (problem) {
      event.preventDefault();
      toast.error(UPLOAD_FAILED_TITLE, { description: problem });
      input.current?.focus();
    }
  }

  return (
    <Card aria-labelledby={`${kind}-heading`} data-testid={`${kind}-card`}>
      <CardHeader>
        <CardTitle id={`${kind}-heading`}>{label}</CardTitle>
        <CardDescription>{COPY[kind].description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <Preview kind={kind} url={url} name={name} />
        {refusal && !localError ? (
          <Alert variant="destructive">
            <AlertTitle>{refusal.title}</AlertTitle>
            <AlertDescription>{refusal.message}</AlertDescription>
          </Alert>
        ) : null}
        <Form
          key={url ?? "none"}
          method="post"
          encType="multipart/form-data"
          onSubmit={check}
          className="grid gap-3"
          aria-label={`Upload ${label.toLowerCase()}`}
        >
          <input type="hidden" name="intent" value="upload-image" />
          <input type="hidden" name="kind" value={kind} />
          <Field
            id={inputId}
            label={url ? `Replace ${label.toLowerCase()}` : `Choose ${label.toLowerCase()}`}
            hint={`PNG, JPEG or GIF, up to ${formatBytes(maxBytes)}.`}
            errors={localError ? [localError] : []}
          >
            {(control) => (
              <input
                ref={input}
                {...control}
                name="image"
                type="file"
                accept={IMAGE_ACCEPT}
                onChange={() => setLocalError(null)}
                className="block w-full cursor-pointer rounded-md border border-input bg-background text-sm text-muted-foreground file:mr-3 file:cursor-pointer file:border-0 file:border-r file:border-input file:bg-muted file:px-3 file:py-2 file:text-sm file:font-semibold file:text-foreground hover:file:bg-navy-100 dark:hover:file:bg-navy-800"
              />
            )}
          </Field>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={uploading || removing}>
              {uploading ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <Upload aria-hidden="true" />}
              {uploading ? "Uploading…" : `Upload ${short}`}
            </Button>
          </div>
        </Form>
        {url ? (
          <Form method="post" className="border-t border-border pt-4">
            <input type="hidden" name="intent" value="remove-image" />
            <input type="hidden" name="kind" value={kind} />
            <Button
              type="submit"
              variant="outline"
              size="sm"
              disabled={uploading || removing}
              className="text-destructive hover:text-destructive"
            >
              <Trash2 aria-hidden="true" />
              {removing ? "Removing…" : `Remove ${short}`}
            </Button>
          </Form>
        ) : null}
      </CardContent>
    </Card>
  );
}

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? "") + (parts.length > 1 ? (parts.at(-1)?.[0] ?? "") : "")).toUpperCase() || "?";
}

function Preview({ kind, url, name }: { kind: ProfileImageKind; url: string | null; name: string }) {
  if (kind === "avatar") {
    return (
      <div className="flex items-center gap-4">
        <div
          className={cn(
            "grid size-24 shrink-0 place-items-center overflow-hidden rounded-full ring-2 ring-gold-400/70 ring-offset-2 ring-offset-card",
            url ? "bg-muted" : "bg-navy-900 text-2xl font-semibold text-gold-300",
          )}
        >
          {url ? (
            <img src={url} alt={`${name}'s avatar`} width={96} height={96} className="size-full object-cover" />
          ) : (
            <span aria-hidden="true">{initials(name)}</span>
          )}
        </div>
        <p className="text-sm text-muted-foreground">
          {url ? (
            "Your current avatar."
          ) : (
            <span className="inline-flex items-center gap-1.5">
              <UserRound aria-hidden="true" className="size-4" />
              {COPY.avatar.empty}
            </span>
          )}
        </p>
      </div>
    );
  }
  return (
    <div className="grid h-32 place-items-center overflow-hidden rounded-lg border border-dashed border-border bg-[repeating-conic-gradient(var(--color-muted)_0%_25%,transparent_0%_50%)] bg-[length:16px_16px] p-4">
      {url ? (
        <img src={url} alt={`${name} logo`} className="max-h-full max-w-full object-contain" />
      ) : (
        <span className="inline-flex items-center gap-1.5 text-sm text-muted-foreground">
          <ImageIcon aria-hidden="true" className="size-4" />
          {COPY.logo.empty}
        </span>
      )}
    </div>
  );
}

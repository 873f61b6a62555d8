import { useEffect, useId, useState } from "react";
import { Link, useFetcher, useLocation } from "react-router";
import { FieldErrorList, FieldHint } from "#app/components/forms/field.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { ExternalLink, LoaderCircle, Save } from "#app/components/ui/icons.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import { toast } from "#app/components/ui/toast.ts";
import { formatDateTime } from "#kernel/format.ts";
import { CONTENT_TEXT, contentRows } from "#kernel/schemas/content-editor.ts";
import { CONTENT_EDITOR_ACTION, type ContentAnswer, type ContentItemData } from "./types.ts";

/** The first error of the answer's field, else its message. */
function errorOf(answer: ContentAnswer | undefined): string | null {
  if (!answer || answer.ok) return null;
  const fieldError = answer.result?.error?.contentValue?.[0];
  return fieldError ?? answer.message ?? CONTENT_TEXT.errorSaving;
}

/**
 * One content item: its key, page and description, and its value in a textarea with Save (the spec's inline edit;
 * 10 rows for a value over 200 characters). The form posts to the page's action: with JavaScript through a fetcher
 * (the answer is toasted and the card stays put), without it as a plain POST (the page shows the answer).
 */
export function ContentCard({ item }: { item: ContentItemData }) {
  const id = useId();
  const fetcher = useFetcher<ContentAnswer>();
  const { search } = useLocation();
  const [value, setValue] = useState(item.contentValue);
  // The stored value changed (this save, or someone else's): show it.
  useEffect(() => setValue(item.contentValue), [item.contentValue]);
  const answer = fetcher.data;
  useEffect(() => {
    if (!answer) return;
    if (answer.ok) toast.success(answer.title, { description: answer.message });
    else toast.error(answer.title ?? CONTENT_TEXT.errorSaving, { description: answer.message });
  }, [answer]);
  const busy = fetcher.state !== "idle";
  const error = busy ? null : errorOf(answer);
  const dirty = value !== item.contentValue;
  const valueId = `${id}-value`;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const headingId = `${id}-heading`;

  return (
    <li
      aria-labelledby={headingId}
      className="flex min-w-0 flex-col rounded-xl border border-border bg-card text-card-foreground shadow-card"
    >
      <div className="flex flex-wrap items-start justify-between gap-3 border-b border-border px-5 py-4">
        <div className="min-w-0">
          <h3 id={headingId} className="font-mono text-sm font-semibold break-all">
            {item.contentKey}
          </h3>
          {item.description ? <p className="mt-1 text-sm text-muted-foreground">{item.description}</p> : null}
        </div>
        {item.pageSlug ? <Badge variant="gold">{item.pageSlug}</Badge> : <Badge variant="outline">No page</Badge>}
      </div>
      <fetcher.Form
        method="post"
        action={`${CONTENT_EDITOR_ACTION}${search}`}
        preventScrollReset
        className="flex flex-1 flex-col gap-3 px-5 py-4"
      >
        <input type="hidden" name="intent" value="save-content" />
        <input type="hidden" name="id" value={item.id} />
        <Label htmlFor={valueId}>
          Value<span className="sr-only"> of {item.contentKey}</span>
        </Label>
        <Textarea
          id={valueId}
          name="contentValue"
          rows={contentRows(item.contentValue)}
          value={value}
          onChange={(e) => setValue(e.currentTarget.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={[error ? errorId : null, hintId].filter(Boolean).join(" ")}
          className="font-[inherit] leading-relaxed"
        />
        <FieldErrorList id={errorId} errors={error ? [error] : []} />
        <FieldHint id={hintId} className="text-xs">
          {item.shownOn ? (
            <>
              Shown on{" "}
              <Link
                to={item.shownOn.path}
                className="inline-flex items-center gap-1 font-medium text-foreground underline underline-offset-4 hover:no-underline"
              >
                {item.shownOn.label}
                <ExternalLink className="size-3" aria-hidden="true" />
              </Link>
              .{" "}
            </>
          ) : null}
          Updated <time dateTime={item.updatedAt}>{formatDateTime(item.updatedAt)}</time>.
        </FieldHint>
        <div className="mt-auto flex flex-wrap items-center justify-end gap-3 pt-1">
          <p role="status" className="text-sm text-muted-foreground">
            {busy ? "" : dirty ? "Unsaved changes" : ""}
          </p>
          <Button type="submit" size="sm" disabled={busy} aria-busy={busy || undefined}>
            {busy ? (
              <>
                <LoaderCircle className="motion-safe:animate-spin" aria-hidden="true" />
                Saving…
              </>
            ) : (
              <>
                <Save aria-hidden="true" />
                Save<span className="sr-only"> {item.contentKey}</span>
              </>
            )}
          </Button>
        </div>
      </fetcher.Form>
    </li>
  );
}

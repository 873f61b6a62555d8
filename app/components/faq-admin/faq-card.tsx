import { ConfirmDeleteButton } from "#app/components/data-table/confirm-delete.tsx";
import { RowActionForm } from "#app/components/data-table/row-action-form.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { FAQ_ADMIN_TEXT } from "#kernel/schemas/faq-admin.ts";
import { FaqDialogButton } from "./faq-dialog.tsx";
import type { FaqItemData } from "./types.ts";

/**
 * One FAQ item: question, publication state, display order and the answer as visitors see it (sanitized on the
 * server); Edit (the dialog), Publish or Unpublish (a POST form that also works without JavaScript) and Delete
 * (the list kit's confirmation).
 */
export function FaqCard({ item, categories }: { item: FaqItemData; categories: readonly string[] }) {
  return (
    <li className="flex min-w-0 flex-col rounded-xl border border-border bg-card text-card-foreground shadow-card">
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex flex-wrap items-center gap-2">
          {item.isPublished ? <Badge variant="resolved">Published</Badge> : <Badge variant="outline">Draft</Badge>}
          <span className="text-xs font-medium text-muted-foreground tabular-nums">Order {item.displayOrder}</span>
        </div>
        <h3 className="text-base leading-snug font-semibold tracking-tight break-words">{item.question}</h3>
        <div
          className="line-clamp-4 text-sm leading-relaxed text-muted-foreground [&_a]:underline [&_p+p]:mt-2"
          // Sanitized on the server by the public page's own reader (content/faq.ts storedTextToHtml).
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized HTML from the server
          dangerouslySetInnerHTML={{ __html: item.answerHtml }}
        />
      </div>
      <div className="flex flex-wrap items-center justify-end gap-2 border-t border-border px-5 py-3">
        <FaqDialogButton item={item} categories={categories} />
        <RowActionForm
          intent="publish-faq"
          values={{ id: item.id, publish: item.isPublished ? "false" : "true" }}
          context={`“${item.question}”`}
          pendingLabel={item.isPublished ? "Unpublishing…" : "Publishing…"}
          variant={item.isPublished ? "outline" : "default"}
        >
          {item.isPublished ? "Unpublish" : "Publish"}
        </RowActionForm>
        <ConfirmDeleteButton
          intent="delete-faq"
          id={item.id}
          itemName={`“${item.question}”`}
          title="Delete this question?"
          warning={FAQ_ADMIN_TEXT.deleteWarning}
          detail={<>“{item.question}” will be deleted.</>}
        />
      </div>
    </li>
  );
}

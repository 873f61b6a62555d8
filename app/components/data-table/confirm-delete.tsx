import { createContext, type ReactNode, use, useState, useSyncExternalStore } from "react";
import { useDialogFetcher } from "#app/components/forms/use-dialog-fetcher.ts";
import { Button } from "#app/components/ui/button.tsx";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "#app/components/ui/dialog.tsx";
import { AlertTriangle, LoaderCircle, Trash2 } from "#app/components/ui/icons.tsx";
import { toast } from "#app/components/ui/toast.ts";
import type { Answer } from "#kernel/answers.ts";

/** What one Delete button asks about. */
export type DeleteTarget = {
  intent: string;
  id: string;
  title: string;
  warning: string;
  /** More on what goes with it (e.g. its territory links). */
  detail?: ReactNode;
  /** Why it cannot be deleted, when it cannot. */
  blockedBy?: string | null;
};

const AskContext = createContext<((target: DeleteTarget) => void) | null>(null);
const noSubscription = () => () => {};

/**
 * The admin list kit's delete confirmation: one per page. It lives above the cards and rows, so the answer is still
 * handled (toasted) after the deleted row is gone from the reloaded list. The dialog names what goes and warns that it
 * cannot be undone; only its Delete button posts (`intent` and `id` to `action`, through a fetcher).
 * Cancel has the focus when it opens. Success closes it and toasts the answer; a refusal is toasted and it stays
 * open. When `blockedBy` says what still refers to the item, it explains that instead and offers no Delete.
 */
export function DeleteConfirmationHost({
  action,
  onDeleted,
  children,
}: {
  /** The page's route action. */
  action: string;
  /** After a successful delete (e.g. leave a detail page). */
  onDeleted?: () => void;
  children: ReactNode;
}) {
  const [target, setTarget] = useState<DeleteTarget | null>(null);
  const [open, setOpen] = useState(false);
  const { submit, submitting } = useDialogFetcher<Answer>(open, (data) => {
    if (data.title) toast.success(data.title, { description: data.message });
    setOpen(false);
    onDeleted?.();
  });
  const ask = (next: DeleteTarget) => {
    setTarget(next);
    setOpen(true);
  };
  return (
    <AskContext value={ask}>
      {children}
      <Dialog open={open} onOpenChange={setOpen}>
        {target ? (
          <DialogContent className="sm:max-w-[480px]" role="alertdialog">
            <DialogHeader>
              <DialogTitle>{target.title}</DialogTitle>
              <DialogDescription>{target.blockedBy ?? target.warning}</DialogDescription>
            </DialogHeader>
            {target.blockedBy || !target.detail ? null : (
              <div className="flex gap-3 rounded-lg border border-amber-300/60 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-700/60 dark:bg-amber-950/40 dark:text-amber-200">
                <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                <div>{target.detail}</div>
              </div>
            )}
            <form
              method="post"
              action={action}
              onSubmit={(e) => {
                e.preventDefault();
                submit(new FormData(e.currentTarget), action);
              }}
            >
              <input type="hidden" name="intent" value={target.intent} />
              <input type="hidden" name="id" value={target.id} />
              <DialogFooter>
                <DialogClose asChild>
                  <Button type="button" variant="outline" autoFocus>
                    {target.blockedBy ? "Close" : "Cancel"}
                  </Button>
                </DialogClose>
                {target.blockedBy ? null : (
                  <Button type="submit" variant="destructive" disabled={submitting} aria-busy={submitting || undefined}>
                    {submitting ? (
                      <>
                        <LoaderCircle className="motion-safe:animate-spin" aria-hidden="true" />
                        Deleting…
                      </>
                    ) : (
                      "Delete"
                    )}
                  </Button>
                )}
              </DialogFooter>
            </form>
          </DialogContent>
        ) : null}
      </Dialog>
    </AskContext>
  );
}

/** A Delete button that opens the page's confirmation (inside {@link DeleteConfirmationHost}). */
export function ConfirmDeleteButton({ itemName, ...target }: DeleteTarget & { itemName: string }) {
  const ask = use(AskContext);
  const interactive = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  return (
    <Button
      type="button"
      variant="ghost"
      size="sm"
      className="text-destructive hover:bg-destructive/10 hover:text-destructive"
      disabled={!interactive || !ask}
      aria-haspopup="dialog"
      onClick={() => ask?.(target)}
    >
      <Trash2 aria-hidden="true" />
      Delete<span className="sr-only"> {itemName}</span>
    </Button>
  );
}

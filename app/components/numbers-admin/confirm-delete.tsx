import { LoaderCircle, Trash2 } from "lucide-react";
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
import { toast } from "#app/components/ui/toast.ts";
import type { NumbersAnswer } from "./types.ts";

/** What one Delete button asks about. */
export type DeleteTarget = { intent: string; id: string; title: string; warning: string };

const AskContext = createContext<((target: DeleteTarget) => void) | null>(null);
const noSubscription = () => () => {};

/**
 * The page's one delete confirmation, above the rows so the answer is still toasted after the deleted row has
 * left the reloaded list. It names what goes and warns that it cannot be undone; Cancel has the focus when it
 * opens, and only its Delete button posts (`intent` and `id` to `action`). Success closes it and toasts the
 * answer; a refusal (e.g. a number still in use) is toasted and the dialog stays open.
 */
export function DeleteConfirmationHost({
  action,
  onDeleted,
  children,
}: {
  action: string;
  onDeleted?: () => void;
  children: ReactNode;
}) {
  const [target, setTarget] = useState<DeleteTarget | null>(null);
  const [open, setOpen] = useState(false);
  const { submit, submitting } = useDialogFetcher<NumbersAnswer>(open, (data) => {
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
              <DialogDescription>{target.warning}</DialogDescription>
            </DialogHeader>
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
                    Cancel
                  </Button>
                </DialogClose>
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

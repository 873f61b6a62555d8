import { type ReactNode, useState, useSyncExternalStore } from "react";
import { FetcherDialogForm, type FetcherDialogFormProps } from "#app/components/forms/fetcher-dialog-form.tsx";
import type { DialogResponse } from "#app/components/forms/use-dialog-fetcher.ts";
import { Button, type ButtonProps } from "#app/components/ui/button.tsx";
import { toast } from "#app/components/ui/toast.ts";

export type FormDialogButtonProps<T extends DialogResponse, F extends Record<string, unknown>> = Omit<
  FetcherDialogFormProps<T, F>,
  "open" | "onOpenChange" | "onOk"
> & {
  /** The button's content, e.g. `<><Plus aria-hidden="true" /> New category</>`. */
  trigger: ReactNode;
  triggerVariant?: ButtonProps["variant"];
  triggerSize?: ButtonProps["size"];
  /** After the action answered ok: the dialog has closed and the answer's title and message are toasted. */
  onOk?: (data: Extract<T, { ok: true }>) => void;
};

const noSubscription = () => () => {};

/**
 * The admin create/edit dialog: a button that opens a {@link FetcherDialogForm}. The form posts to the page's own
 * route action (or a resource route) through a fetcher; field errors come back under the fields, a refusal is
 * toasted, success closes the dialog, toasts the answer and the page's loaders run again, so the list shows the
 * change. The dialog needs JavaScript: the button stays disabled until the page is interactive.
 *
 * The pattern for an admin screen, e.g. categories:
 *
 * 1. The form's zod schema: the browser validates with it, the action parses with it (in the route module, or in
 *    kernel/schemas/ when other modules need it too). Put an `intent` literal in it when the page's action does
 *    more than one thing:
 *
 *      export const categoryFormSchema = z.object({
 *        intent: z.literal("save"),
 *        id: z.uuid().optional(),
 *        name: z.string({ error: "Name is required." }).trim().min(1, "Name is required.").max(80),
 *      });
 *
 * 2. The route action: one `formAction` (server/web/route-kit.ts) with the page's schemas in a discriminated union,
 *    one domain call per intent. A DomainError becomes a refusal; the success answer is `{ ok, title, message }`:
 *
 *      const actionSchema = z.discriminatedUnion("intent", [categoryFormSchema, deleteCategorySchema]);
 *      export const action = (args: Route.ActionArgs) =>
 *        formAction(args, {
 *          schema: actionSchema,
 *          refusals: "toast",
 *          run: async (value, { s, actor }) => {
 *            if (value.intent === "save") {
 *              const saved = await saveCategory(s.db, actor, value);
 *              return { ok: true as const, title: "Category Saved", message: `${saved.name} is saved.` };
 *            }
 *            ...
 *          },
 *        });
 *
 * 3. The dialog, in the page (or a component beside it), with the fields of app/components/forms:
 *
 *      <FormDialogButton<CategoryAnswer, CategoryFields>
 *        trigger={<><Plus aria-hidden="true" /> New category</>}
 *        action="/admin/categories"
 *        schema={categoryFormSchema}
 *        hidden={{ intent: "save" }}
 *        title="New category"
 *        description="A #Code or keyword group offered in every territory."
 *        submitLabel="Save Category"
 *        pendingLabel="Saving…"
 *      >
 *        {(fields) => <TextField meta={fields.name} label="Name" />}
 *      </FormDialogButton>
 *
 * An edit dialog is the same with the row's id in `hidden`, opened from the row's actions. FetcherDialogForm does
 * not take default values yet, so prefilled fields need it to pass `defaultValue` to Conform's `useForm`.
 */
export function FormDialogButton<T extends DialogResponse, F extends Record<string, unknown>>({
  trigger,
  triggerVariant = "gold",
  triggerSize,
  onOk,
  ...dialog
}: FormDialogButtonProps<T, F>) {
  const [open, setOpen] = useState(false);
  const interactive = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  return (
    <>
      <Button
        type="button"
        variant={triggerVariant}
        size={triggerSize}
        disabled={!interactive}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        {trigger}
      </Button>
      <FetcherDialogForm<T, F>
        {...dialog}
        open={open}
        onOpenChange={setOpen}
        onOk={(data) => {
          if (data.title) toast.success(data.title, { description: data.message });
          onOk?.(data);
        }}
      />
    </>
  );
}

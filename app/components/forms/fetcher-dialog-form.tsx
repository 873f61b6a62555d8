import {
  type FieldMetadata,
  type FormMetadata,
  getFormProps,
  type Submission,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ReactNode } from "react";
import type { z } from "zod";
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
import { LoaderCircle } from "#app/components/ui/icons.tsx";
import { pendingFormKey, renewFormKey } from "#app/lib/form-key.ts";
import { FORM_KEY_FIELD } from "#kernel/forms.ts";
import { Honeypot } from "./honeypot.tsx";
import { SubmitPressGuard } from "./submit-press-guard.tsx";
import { FormErrors } from "./text-field.tsx";
import { type DialogResponse, useDialogFetcher } from "./use-dialog-fetcher.ts";

type Fields<F extends Record<string, unknown>> = { [K in keyof F]-?: FieldMetadata<F[K], F, string[]> };

export type FetcherDialogFormProps<T extends DialogResponse, F extends Record<string, unknown>> = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The resource route the form posts to. */
  action: string;
  /** The form's zod schema: the same one the action parses with. */
  schema: z.ZodType<unknown>;
  title: ReactNode;
  description: ReactNode;
  /** Shown between the header and the form (e.g. what is being reserved). */
  summary?: ReactNode;
  /** Starting values of the visible fields (edit dialogs). */
  defaultValue?: Partial<Record<keyof F, unknown>>;
  /** Hidden inputs; their errors are listed with the form's own errors. */
  hidden?: Record<string, string>;
  /**
   * Public forms carry the honeypot field, and the one-time key of their submission (ADR 027): the same for every
   * retry until the action answers ok, then a new one.
   */
  honeypot?: boolean;
  submitLabel: ReactNode;
  pendingLabel: string;
  /** Beside the buttons on wide screens. */
  footerNote?: ReactNode;
  /** The action answered ok; the dialog is closed after this runs. */
  onOk: (data: Extract<T, { ok: true }>) => void;
  /** The visible fields. */
  children: (fields: Fields<F>, form: FormMetadata<F, string[]>) => ReactNode;
};

/**
 * A form in a dialog (at most 600 px wide), validated in the browser with the action's own schema and submitted
 * with a fetcher so the page stays put. Field errors from the server come back under the fields; a refusal
 * becomes an error toast; success calls `onOk` and closes the dialog. Each opening starts a fresh form.
 */
export function FetcherDialogForm<T extends DialogResponse, F extends Record<string, unknown>>(
  props: FetcherDialogFormProps<T, F>,
) {
  const { open, onOpenChange, onOk } = props;
  // One key per form and target (the hidden fields), kept by the tab until the action answers ok.
  const keySlot = props.honeypot ? `${props.action}?${new URLSearchParams(props.hidden ?? {})}` : null;
  const { session, submit, submitting, lastResult } = useDialogFetcher<T>(open, (data) => {
    if (keySlot) renewFormKey(keySlot);
    onOk(data);
    onOpenChange(false);
  });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-[600px]">
        <DialogFormBody<F>
          key={session}
          {...props}
          lastResult={lastResult}
          submitting={submitting}
          onSubmit={(formData) => {
            if (keySlot) formData.set(FORM_KEY_FIELD, pendingFormKey(keySlot));
            submit(formData, props.action);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}

function DialogFormBody<F extends Record<string, unknown>>({
  action,
  schema,
  title,
  description,
  summary,
  hidden = {},
  defaultValue,
  honeypot,
  submitLabel,
  pendingLabel,
  footerNote,
  children,
  lastResult,
  submitting,
  onSubmit,
}: Omit<FetcherDialogFormProps<DialogResponse, F>, "open" | "onOpenChange" | "onOk"> & {
  lastResult: SubmissionResult<string[]> | null;
  submitting: boolean;
  onSubmit: (formData: FormData) => void;
}) {
  const [form, fields] = useForm<F>({
    lastResult,
    defaultValue: defaultValue as never,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    // The schema's output is what the browser holds as F (its preprocessed fields are typed unknown).
    onValidate: ({ formData }) => parseWithZod(formData, { schema }) as Submission<F, string[], F>,
    onSubmit(event, { formData }) {
      event.preventDefault();
      onSubmit(formData);
    },
  });
  const typed = fields as unknown as Fields<F>;
  const hiddenErrors = Object.keys(hidden).flatMap(
    (name) => (typed[name as keyof F]?.errors as string[] | undefined) ?? [],
  );
  const formErrors = [...(form.errors ?? []), ...hiddenErrors];

  return (
    <>
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
      </DialogHeader>
      {summary}
      <form method="post" action={action} {...getFormProps(form)} className="relative grid gap-4">
        {Object.entries(hidden).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {honeypot ? <Honeypot /> : null}
        <SubmitPressGuard />
        <FormErrors id={form.errorId} errors={formErrors} />
        {children(typed, form)}
        <DialogFooter className={footerNote ? "items-center sm:justify-between" : undefined}>
          {footerNote ? (
            <p className="hidden items-center gap-1.5 text-xs text-muted-foreground sm:flex">{footerNote}</p>
          ) : null}
          <div className="flex w-full flex-col-reverse gap-2 sm:w-auto sm:flex-row">
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" variant="gold" disabled={submitting} aria-busy={submitting || undefined}>
              {submitting ? (
                <>
                  <LoaderCircle className="motion-safe:animate-spin" aria-hidden="true" />
                  {pendingLabel}
                </>
              ) : (
                submitLabel
              )}
            </Button>
          </div>
        </DialogFooter>
      </form>
    </>
  );
}

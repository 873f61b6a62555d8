import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { BellPlus, LoaderCircle } from "lucide-react";
import { toast } from "sonner";
import { FormErrors, TextField } from "#app/components/forms/text-field.tsx";
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
import { waitlistSchema } from "#kernel/schemas/reservation.ts";
import { Honeypot, TargetSummary } from "./form-parts";
import type { FormTarget, WaitlistResponse } from "./types";
import { useDialogFetcher } from "./use-dialog-fetcher";

export type WaitlistDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The taken territory × category; the dialog renders nothing without one. */
  target: FormTarget | null;
  /** URL of the waitlist action, e.g. "/resources/waitlist" (POST). */
  action: string;
  /** Status label of the pair, e.g. 'Licensed' or 'In Negotiations'. */
  statusLabel?: string;
};

/** Join the waitlist of a taken territory × category: email and an optional name. */
export function WaitlistDialog({ open, onOpenChange, target, action, statusLabel }: WaitlistDialogProps) {
  const { session, submit, submitting, lastResult } = useDialogFetcher<WaitlistResponse>(open, (data) => {
    if (data.alreadyJoined) toast.info(data.title, { description: data.message });
    else toast.success(data.title, { description: data.message });
    onOpenChange(false);
  });

  return (
    <Dialog open={open && target !== null} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-[600px]">
        {target ? (
          <WaitlistForm
            key={session}
            target={target}
            action={action}
            statusLabel={statusLabel}
            lastResult={lastResult}
            submitting={submitting}
            onSubmit={(formData) => submit(formData, action)}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

/** The form's fields as the browser holds them (the schema's preprocessed fields are typed unknown). */
type WaitlistFields = { territoryId: string; categoryId?: string; email: string; name?: string };

function WaitlistForm({
  target,
  action,
  statusLabel,
  lastResult,
  submitting,
  onSubmit,
}: {
  target: FormTarget;
  action: string;
  statusLabel?: string;
  lastResult: SubmissionResult<string[]> | null;
  submitting: boolean;
  onSubmit: (formData: FormData) => void;
}) {
  const [form, fields] = useForm<WaitlistFields>({
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: waitlistSchema }),
    onSubmit(event, { formData }) {
      event.preventDefault();
      onSubmit(formData);
    },
  });
  const formErrors = [
    ...(form.errors ?? []),
    ...(fields.territoryId.errors ?? []),
    ...(fields.categoryId.errors ?? []),
  ];

  return (
    <>
      <DialogHeader>
        <DialogTitle>Join the waitlist for {target.territory.name}</DialogTitle>
        <DialogDescription>
          {target.category.name} in {target.territory.name} is currently taken. Leave your email and we will let you
          know as soon as it becomes available.
        </DialogDescription>
      </DialogHeader>

      <TargetSummary
        items={[
          { label: "Territory", value: target.territory.name },
          { label: "#Code", value: target.category.name },
          ...(statusLabel ? [{ label: "Status", value: statusLabel }] : []),
        ]}
      />

      <form method="post" action={action} {...getFormProps(form)} className="relative grid gap-4">
        <input type="hidden" name="territoryId" value={target.territory.id} />
        <input type="hidden" name="categoryId" value={target.category.id} />
        <Honeypot />
        <FormErrors id={form.errorId} errors={formErrors} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField meta={fields.email} label="Email" type="email" autoComplete="email" />
          <TextField meta={fields.name} label="Name" autoComplete="name" optional />
        </div>
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="outline">
              Cancel
            </Button>
          </DialogClose>
          <Button type="submit" variant="gold" disabled={submitting} aria-busy={submitting || undefined}>
            {submitting ? (
              <>
                <LoaderCircle className="motion-safe:animate-spin" aria-hidden="true" />
                Joining…
              </>
            ) : (
              <>
                <BellPlus aria-hidden="true" />
                Join Waitlist
              </>
            )}
          </Button>
        </DialogFooter>
      </form>
    </>
  );
}

import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { LoaderCircle, ShieldCheck } from "lucide-react";
import { toast } from "sonner";
import { FormErrors, TextField } from "#app/components/forms/text-field.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Checkbox } from "#app/components/ui/checkbox.tsx";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "#app/components/ui/dialog.tsx";
import { reservationSchema } from "#kernel/schemas/reservation.ts";
import { Honeypot, TargetSummary, TextareaField } from "./form-parts";
import type { FormTarget, ReserveResponse } from "./types";
import { useDialogFetcher } from "./use-dialog-fetcher";

export type ReservationDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The territory × category being reserved; the dialog renders nothing without one. */
  target: FormTarget | null;
  /** URL of the reservation action, e.g. "/resources/reserve" (POST). */
  action: string;
  /** Called after the action answered ok: the territory is now in negotiations. */
  onReserved?: (territoryId: string, categoryId: string) => void;
  /** Extra facts shown beside the territory and #Code above the form, e.g. the monthly fee and deposit. */
  details?: { label: string; value: string }[];
};

/**
 * The reservation form (spec 1 §2: a dialog at most 600 px wide). Validated in the browser with the same
 * schema as the action; submitted with a fetcher so the page stays put.
 */
export function ReservationDialog({ open, onOpenChange, target, action, onReserved, details }: ReservationDialogProps) {
  const { session, submit, submitting, lastResult } = useDialogFetcher<ReserveResponse>(open, (data) => {
    onReserved?.(data.territoryId, data.categoryId);
    toast.success(data.title, { description: data.message });
    onOpenChange(false);
  });

  return (
    <Dialog open={open && target !== null} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-[600px]">
        {target ? (
          <ReservationForm
            key={session}
            target={target}
            action={action}
            details={details ?? []}
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
type ReservationFields = {
  territoryId: string;
  categoryId?: string;
  name: string;
  email: string;
  phone: string;
  company?: string;
  message?: string;
  agreeToTerms: boolean;
};

function ReservationForm({
  target,
  action,
  details,
  lastResult,
  submitting,
  onSubmit,
}: {
  target: FormTarget;
  action: string;
  details: { label: string; value: string }[];
  lastResult: SubmissionResult<string[]> | null;
  submitting: boolean;
  onSubmit: (formData: FormData) => void;
}) {
  const [form, fields] = useForm<ReservationFields>({
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: reservationSchema }),
    onSubmit(event, { formData }) {
      event.preventDefault();
      onSubmit(formData);
    },
  });
  const { key: agreeKey, ...agreeProps } = getInputProps(fields.agreeToTerms, { type: "checkbox" });
  const agreeErrors = fields.agreeToTerms.errors ?? [];
  const hiddenErrors = [...(fields.territoryId.errors ?? []), ...(fields.categoryId.errors ?? [])];
  const formErrors = [...(form.errors ?? []), ...hiddenErrors];

  const summary = [
    { label: "Territory", value: target.territory.name },
    { label: "#Code", value: target.category.name },
    ...details,
  ];

  return (
    <>
      <DialogHeader>
        <DialogTitle>
          Reserve {target.territory.name} for {target.category.name}
        </DialogTitle>
        <DialogDescription>
          Tell us who you are and we will hold {target.category.name} in {target.territory.name} for you while our
          licensing team prepares your agreement.
        </DialogDescription>
      </DialogHeader>

      <TargetSummary items={summary} />

      <form method="post" action={action} {...getFormProps(form)} className="relative grid gap-4">
        <input type="hidden" name="territoryId" value={target.territory.id} />
        <input type="hidden" name="categoryId" value={target.category.id} />
        <Honeypot />
        <FormErrors id={form.errorId} errors={formErrors} />

        <div className="grid gap-4 sm:grid-cols-2">
          <TextField meta={fields.name} label="Full name" autoComplete="name" />
          <TextField meta={fields.company} label="Company" autoComplete="organization" optional />
          <TextField meta={fields.email} label="Email" type="email" autoComplete="email" />
          <TextField meta={fields.phone} label="Phone" type="tel" autoComplete="tel" />
        </div>
        <TextareaField
          meta={fields.message}
          label="Message"
          optional
          placeholder="Anything we should know: your practice areas, launch date, questions about pricing…"
        />

        <div className="grid gap-1.5">
          <div className="flex items-start gap-3">
            <Checkbox key={agreeKey} {...agreeProps} className="mt-0.5" />
            <label htmlFor={fields.agreeToTerms.id} className="text-sm leading-snug text-foreground">
              I agree to the{" "}
              <a
                href="/terms"
                target="_blank"
                rel="noopener"
                className="font-medium text-accent-text underline underline-offset-4 hover:no-underline"
              >
                Terms of Service
              </a>{" "}
              and agree to be contacted about this reservation.
            </label>
          </div>
          {agreeErrors.length > 0 ? (
            <ul id={fields.agreeToTerms.errorId} className="grid gap-0.5 pl-7.5 text-sm font-medium text-destructive">
              {agreeErrors.map((e) => (
                <li key={e}>{e}</li>
              ))}
            </ul>
          ) : null}
        </div>

        <DialogFooter className="items-center sm:justify-between">
          <p className="hidden items-center gap-1.5 text-xs text-muted-foreground sm:flex">
            <ShieldCheck className="size-4 text-accent-text" aria-hidden="true" />
            No payment is taken now.
          </p>
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
                  Reserving…
                </>
              ) : (
                "Reserve Territory"
              )}
            </Button>
          </div>
        </DialogFooter>
      </form>
    </>
  );
}

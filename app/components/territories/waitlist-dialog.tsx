import { FetcherDialogForm } from "#app/components/forms/fetcher-dialog-form.tsx";
import { TextField } from "#app/components/forms/text-field.tsx";
import { BellPlus } from "#app/components/ui/icons.tsx";
import { toast } from "#app/components/ui/toast.ts";
import { waitlistSchema } from "#kernel/schemas/reservation.ts";
import { offeringLabel } from "#kernel/schemas/reservation-strings.ts";
import { TargetSummary } from "./target-summary.tsx";
import type { FormTarget, WaitlistResponse } from "./types";

export type WaitlistDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The taken territory × category (or × vanity number); the dialog stays closed without one. */
  target: FormTarget | null;
  /** URL of the waitlist action, e.g. "/resources/waitlist" (POST). */
  action: string;
  /** Status label of the pair, e.g. 'Licensed' or 'In Negotiations'. */
  statusLabel?: string;
};

/** The form's fields as the browser holds them (the schema's preprocessed fields are typed unknown). */
type WaitlistFields = {
  territoryId: string;
  categoryId?: string;
  vanityNumberId?: string;
  email: string;
  name?: string;
};

/** Join the waitlist of a taken territory × category: email and an optional name. */
export function WaitlistDialog({ open, onOpenChange, target, action, statusLabel }: WaitlistDialogProps) {
  const territory = target?.territory.name ?? "";
  const code = target?.category.name ?? "";
  const kind = target?.category.kind ?? "category";
  const offeringId = target?.category.id ?? "";
  return (
    <FetcherDialogForm<WaitlistResponse, WaitlistFields>
      open={open && target !== null}
      onOpenChange={onOpenChange}
      action={action}
      schema={waitlistSchema}
      title={`Join the waitlist for ${territory}`}
      description={`${code} in ${territory} is currently taken. Leave your email and we will let you know as soon as it becomes available.`}
      summary={
        <TargetSummary
          items={[
            { label: "Territory", value: territory },
            { label: offeringLabel(kind), value: code },
            ...(statusLabel ? [{ label: "Status", value: statusLabel }] : []),
          ]}
        />
      }
      hidden={
        kind === "vanity"
          ? { territoryId: target?.territory.id ?? "", vanityNumberId: offeringId }
          : { territoryId: target?.territory.id ?? "", categoryId: offeringId }
      }
      honeypot
      submitLabel={
        <>
          <BellPlus aria-hidden="true" />
          Join Waitlist
        </>
      }
      pendingLabel="Joining…"
      onOk={(data) => toast.success(data.title, { description: data.message })}
    >
      {(fields) => (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField meta={fields.email} label="Email" type="email" autoComplete="email" />
          <TextField meta={fields.name} label="Name" autoComplete="name" optional />
        </div>
      )}
    </FetcherDialogForm>
  );
}

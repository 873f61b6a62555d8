import { useRouteLoaderData } from "react-router";
import { CheckboxField } from "#app/components/forms/checkbox-field.tsx";
import { FetcherDialogForm } from "#app/components/forms/fetcher-dialog-form.tsx";
import { TextField } from "#app/components/forms/text-field.tsx";
import { TextareaField } from "#app/components/forms/textarea-field.tsx";
import { ShieldCheck } from "#app/components/ui/icons.tsx";
import { toast } from "#app/components/ui/toast.ts";
import { reservationSchema } from "#kernel/schemas/reservation.ts";
import { offeringLabel, reserveTitle } from "#kernel/schemas/reservation-strings.ts";
import { TargetSummary } from "./target-summary.tsx";
import type { FormTarget, Reserved, ReserveResponse } from "./types.ts";

export type ReservationDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The territory × category (or × vanity number) being reserved; the dialog stays closed without one. */
  target: FormTarget | null;
  /** URL of the reservation action, e.g. "/resources/reserve" (POST). */
  action: string;
  /** Called after the action answered ok: the territory is now in negotiations, held for this visitor. */
  onReserved?: (reserved: Reserved) => void;
  /** Extra facts shown beside the territory and the #Code or number above the form, e.g. the monthly fee and deposit. */
  details?: { label: string; value: string }[];
};

/** The form's fields as the browser holds them (the schema's preprocessed fields are typed unknown). */
type ReservationFields = {
  territoryId: string;
  categoryId?: string;
  vanityNumberId?: string;
  name: string;
  email: string;
  phone: string;
  company?: string;
  message?: string;
  agreeToTerms: boolean;
};

/**
 * The reservation form, in a dialog at most 600 px wide: 'Reserve Vermont for #4LAW' for a #Code, 'Reserve
 * 1-800-LAW-HELP in Vermont' for a vanity number.
 */
/** The signed-in account, as the root loader tells every page, and whether its own holds are approved at once. */
type RootAccount = {
  user?: { name: string; email: string; companyName: string | null; emailVerified: boolean } | null;
  selfServe?: boolean;
};

export function ReservationDialog({ open, onOpenChange, target, action, onReserved, details }: ReservationDialogProps) {
  const root = useRouteLoaderData("root") as RootAccount | undefined;
  const account = root?.user ?? null;
  // A verified account reserving with its own address is approved at once when LICENSE_APPROVAL=auto: the form then
  // licenses ("License now") and the action takes it straight to its order.
  const licenseNow = Boolean(account?.emailVerified && root?.selfServe);
  const territory = target?.territory.name ?? "";
  const code = target?.category.name ?? "";
  const kind = target?.category.kind ?? "category";
  const offeringId = target?.category.id ?? "";
  return (
    <FetcherDialogForm<ReserveResponse, ReservationFields>
      open={open && target !== null}
      onOpenChange={onOpenChange}
      action={action}
      schema={reservationSchema}
      title={reserveTitle(kind, code, territory)}
      description={
        licenseNow
          ? `We hold ${code} in ${territory} for you and take you straight to your license agreement; you pay online once it is signed.`
          : `Tell us who you are and we will hold ${code} in ${territory} for you while you sign the license agreement and pay.`
      }
      defaultValue={
        account ? { name: account.name, email: account.email, company: account.companyName ?? "" } : undefined
      }
      summary={
        <TargetSummary
          items={[
            { label: "Territory", value: territory },
            { label: offeringLabel(kind), value: code },
            ...(details ?? []),
          ]}
        />
      }
      hidden={
        kind === "vanity"
          ? { territoryId: target?.territory.id ?? "", vanityNumberId: offeringId }
          : { territoryId: target?.territory.id ?? "", categoryId: offeringId }
      }
      honeypot
      submitLabel={licenseNow ? "License now" : "Reserve Territory"}
      pendingLabel={licenseNow ? "Licensing…" : "Reserving…"}
      footerNote={
        <>
          <ShieldCheck className="size-4 text-accent-text" aria-hidden="true" />
          No payment is taken now.
        </>
      }
      onOk={(data) => {
        onReserved?.({
          territoryId: data.territoryId,
          categoryId: data.vanityNumberId || data.categoryId,
          confirmed: data.confirmed === true,
        });
        toast.success(data.title, { description: data.message });
      }}
    >
      {(fields) => (
        <>
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
          <CheckboxField
            meta={fields.agreeToTerms}
            label={
              <>
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
              </>
            }
          />
        </>
      )}
    </FetcherDialogForm>
  );
}

/** "End licence" on the admin licences list: a confirmation dialog with an optional reason. */
import { useRevalidator } from "react-router";
import { FormDialogButton } from "#app/components/data-table/index.ts";
import { TextareaField } from "#app/components/forms/textarea-field.tsx";
import { CircleStop } from "#app/components/ui/icons.tsx";
import type { Answer } from "#kernel/answers.ts";
import { endLicenceSchema } from "#kernel/schemas/reservations-admin.ts";

export function EndLicenceButton({
  row,
}: {
  row: { id: string; offeringName: string; territoryName: string; licensee: string };
}) {
  const revalidator = useRevalidator();
  const what = `${row.offeringName} in ${row.territoryName}`;
  return (
    <FormDialogButton<Answer, { licenceId: string; reason: string }>
      trigger={
        <>
          <CircleStop aria-hidden="true" /> End license<span className="sr-only"> {what}</span>
        </>
      }
      triggerVariant="destructive"
      triggerSize="sm"
      action="/admin/licenses"
      schema={endLicenceSchema}
      hidden={{ intent: "end", licenceId: row.id }}
      title={`End ${row.licensee}'s license of ${what}?`}
      description="The license ends today. The territory becomes available again and its waitlist is emailed in the order people joined."
      submitLabel="End license"
      pendingLabel="Ending…"
      onOk={() => revalidator.revalidate()}
    >
      {(fields) => <TextareaField meta={fields.reason} label="Reason" optional hint="Recorded in the audit log." />}
    </FormDialogButton>
  );
}

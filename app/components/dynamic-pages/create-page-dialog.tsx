import { FormDialogButton } from "#app/components/data-table/form-dialog-button.tsx";
import { SelectField } from "#app/components/forms/select-field.tsx";
import { TextField } from "#app/components/forms/text-field.tsx";
import { Plus } from "#app/components/ui/icons.tsx";
import type { Answer } from "#kernel/answers.ts";
import { createPageSchema, DYNAMIC_PAGES_TEXT, type LicenseeChoice } from "#kernel/schemas/dynamic-pages.ts";

export const DYNAMIC_PAGES_ACTION = "/admin/dynamic-pages";

/** What the list's action answers the dialogs (a create answers with a redirect instead). */
export type DynamicPagesAnswer = Answer;

type CreateFields = { licenseeId: string; licenceId: string; pageTitle: string };

/**
 * The create dialog: a licensee, then one of their active #Code licences that has no page yet (the second list
 * follows the first). On success the action redirects to the new page's edit screen, where every other field is
 * filled in.
 */
export function CreatePageDialogButton({ licensees }: { licensees: LicenseeChoice[] }) {
  return (
    <FormDialogButton<DynamicPagesAnswer, CreateFields>
      trigger={
        <>
          <Plus aria-hidden="true" /> New Landing Page
        </>
      }
      action={DYNAMIC_PAGES_ACTION}
      schema={createPageSchema}
      hidden={{ intent: "create-page" }}
      title="New landing page"
      description="A landing page belongs to one of a licensee's active #Code licenses: choose the licensee, then the #Code and territory."
      submitLabel="Create Page"
      pendingLabel="Creating…"
    >
      {(fields) => {
        const chosen = licensees.find((l) => l.value === fields.licenseeId.value);
        return licensees.length === 0 ? (
          <p className="rounded-lg border border-dashed border-border px-4 py-3 text-sm text-muted-foreground">
            {DYNAMIC_PAGES_TEXT.noPairs}
          </p>
        ) : (
          <>
            <SelectField
              meta={fields.licenseeId}
              label="Licensee"
              placeholder="Choose a licensee…"
              options={licensees.map(({ value, label }) => ({ value, label }))}
            />
            <SelectField
              key={chosen?.value ?? "none"}
              meta={fields.licenceId}
              label="#Code and territory"
              placeholder={chosen ? "Choose an active license…" : "Choose a licensee first"}
              options={chosen?.pairs ?? []}
              hint="Only this licensee's active #Code licenses without a page are listed."
            />
            <TextField meta={fields.pageTitle} label="Page title" optional />
          </>
        );
      }}
    </FormDialogButton>
  );
}

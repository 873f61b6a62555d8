/**
 * /admin/pricing-upload: bulk-update territories and special pricing keywords from CSV files, with a preview of
 * what would change, the upload's progress, and a summary of rows processed, created, updated and errors.
 */
import { PageHeader } from "#app/components/layout/page-header.tsx";
import { UploadCard } from "#app/components/pricing-upload/upload-card.tsx";
import { KEYWORD_CSV_COLUMNS, type PricingUploadKind, TERRITORY_CSV_COLUMNS } from "#kernel/schemas/pricing-upload.ts";
import { handlePricingUpload } from "#server/web/pricing-upload.ts";
import type { Route } from "./+types/pricing-upload";

export const meta: Route.MetaFunction = () => [
  { title: "Pricing Upload · Admin · PoundCodes" },
  { name: "robots", content: "noindex" },
];

/** Without JavaScript the cards post here; the page shows the answer under the card that sent it. */
export async function action(args: Route.ActionArgs) {
  const kind: PricingUploadKind =
    (await args.request
      .clone()
      .formData()
      .then((f) => f.get("kind"))
      .catch(() => null)) === "keywords"
      ? "keywords"
      : "territories";
  const { body } = await handlePricingUpload(args);
  return { kind, answer: body };
}

export default function PricingUpload({ actionData }: Route.ComponentProps) {
  const answerFor = (kind: PricingUploadKind) => (actionData?.kind === kind ? actionData.answer : undefined);
  return (
    <>
      <PageHeader
        title="Pricing Upload"
        subtitle="Update territory fees and keyword multipliers in bulk. Preview a file to see every change before you import it."
      />
      <div className="mx-auto grid w-full max-w-6xl gap-6 px-4 pb-24 sm:px-6 lg:grid-cols-2">
        <UploadCard
          kind="territories"
          title="Territory CSV"
          description="Fees, population, area codes and status per territory (a state or a portion of one)."
          columns={TERRITORY_CSV_COLUMNS}
          required={["name", "state"]}
          answer={answerFor("territories")}
        />
        <UploadCard
          kind="keywords"
          title="Keyword CSV"
          description="Special pricing keywords and their multipliers."
          columns={KEYWORD_CSV_COLUMNS}
          required={["keyword", "multiplier"]}
          answer={answerFor("keywords")}
        />
      </div>
    </>
  );
}

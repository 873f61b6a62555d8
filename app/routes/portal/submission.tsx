import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { PageHeader } from "#app/components/layout/page-header.tsx";
import { SubmissionCard } from "#app/components/submissions/submission-card.tsx";
import { areaUser } from "#server/auth/guards.ts";
import { getOwnSubmission } from "#server/domain/submissions/submissions.ts";
import { throwAsRouteError } from "#server/web/respond.ts";
import { actorFor, services } from "#server/web/route-kit.ts";
import type { Route } from "./+types/submission";

export const meta: Route.MetaFunction = () => [
  { title: "Form Submission · PoundCodes" },
  { name: "robots", content: "noindex" },
];

/** One of the caller's own leads; another licensee's id, or a malformed one, is a 404. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const sub = await getOwnSubmission(
    services(context).db,
    actorFor(areaUser(context), context),
    params.submissionId,
  ).catch(throwAsRouteError);
  return { submission: { ...sub, createdAt: sub.createdAt.toISOString() } };
}

export default function Submission({ loaderData }: Route.ComponentProps) {
  const { submission } = loaderData;
  return (
    <>
      <PageHeader
        title="Form Submission"
        subtitle="One lead from your landing page, with everything the visitor sent."
      />
      <div className="mx-auto grid w-full max-w-3xl gap-6 px-4 pb-24 sm:px-6">
        <Link
          to="/dashboard/submissions"
          className="inline-flex w-fit items-center gap-1.5 text-sm font-medium text-primary underline-offset-4 hover:underline dark:text-accent"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          All submissions
        </Link>
        <SubmissionCard submission={submission} full />
      </div>
    </>
  );
}

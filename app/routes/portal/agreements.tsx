import { AgreementCard } from "#app/components/agreements/agreement-card.tsx";
import { PageHeader } from "#app/components/layout/page-header.tsx";
import { FileSignature } from "#app/components/ui/icons.tsx";
import { NO_AGREEMENTS } from "#kernel/schemas/agreements.ts";
import { areaUser } from "#server/auth/guards.ts";
import { listAgreements } from "#server/domain/agreements/agreements.ts";
import { actorFor, services } from "#server/web/route-kit.ts";
import type { Route } from "./+types/agreements";

export const meta: Route.MetaFunction = () => [
  { title: "Agreements · PoundCodes" },
  { name: "robots", content: "noindex" },
];

/** The signed-in licensee's own agreements, by signed date (unsigned first). */
export async function loader({ context }: Route.LoaderArgs) {
  const user = areaUser(context);
  return { agreements: await listAgreements(services(context).db, actorFor(user, context)) };
}

export default function Agreements({ loaderData }: Route.ComponentProps) {
  const { agreements } = loaderData;
  const pending = agreements.filter((a) => a.canSign).length;
  return (
    <>
      <PageHeader
        title="Agreements"
        subtitle={
          pending
            ? `You have ${pending === 1 ? "an agreement" : `${pending} agreements`} waiting for your signature. Review the terms and sign online in a minute.`
            : "Your license agreements, their terms and the signed documents."
        }
      />
      <div className="mx-auto w-full max-w-6xl px-4 pb-24 sm:px-6">
        {agreements.length === 0 ? (
          <div className="grid place-items-center gap-3 rounded-2xl border border-dashed border-border px-6 py-16 text-center">
            <FileSignature aria-hidden="true" className="size-8 text-gold-600 dark:text-gold-400" />
            <h2 className="text-lg font-semibold">{NO_AGREEMENTS}</h2>
            <p className="max-w-md text-sm text-muted-foreground">
              When our licensing team prepares an agreement for you, it appears here to review and sign.
            </p>
          </div>
        ) : (
          <div className="grid gap-6 lg:grid-cols-2">
            {agreements.map((a) => (
              <AgreementCard key={a.id} a={a} />
            ))}
          </div>
        )}
      </div>
    </>
  );
}

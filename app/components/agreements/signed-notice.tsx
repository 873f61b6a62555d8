import { useRouteLoaderData } from "react-router";
import { Alert, AlertDescription, AlertTitle } from "#app/components/ui/alert.tsx";
import { AGREEMENT_SIGNED } from "#kernel/schemas/agreements.ts";

/**
 * 'Agreement Signed' inline, from the flash toast the sign action left (read by the root loader), so the
 * confirmation shows without JavaScript too.
 */
export function AgreementSignedNotice() {
  const root = useRouteLoaderData("root") as { toast?: { title: string } | null } | undefined;
  if (root?.toast?.title !== AGREEMENT_SIGNED.title) return null;
  return (
    <Alert variant="success">
      <AlertTitle>{AGREEMENT_SIGNED.title}</AlertTitle>
      <AlertDescription>{AGREEMENT_SIGNED.message}</AlertDescription>
    </Alert>
  );
}

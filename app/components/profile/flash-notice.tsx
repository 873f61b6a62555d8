import { useRouteLoaderData } from "react-router";
import { Alert, AlertDescription, AlertTitle } from "#app/components/ui/alert.tsx";
import { PROFILE_NOTICE_TITLES } from "#kernel/schemas/profile.ts";

type Flash = { id: string; type: string; title: string; description?: string };

/**
 * The confirmation the last profile action left in the flash cookie ('Profile Saved', 'Avatar Updated' …), shown
 * in the page as well as in the toast, so it is there without JavaScript.
 */
export function ProfileFlashNotice() {
  const root = useRouteLoaderData("root") as { toast?: Flash | null } | undefined;
  const flash = root?.toast;
  if (flash?.type !== "success" || !PROFILE_NOTICE_TITLES.includes(flash.title)) return null;
  return (
    <Alert variant="success" key={flash.id}>
      <AlertTitle>{flash.title}</AlertTitle>
      {flash.description ? <AlertDescription>{flash.description}</AlertDescription> : null}
    </Alert>
  );
}

import { useEffect } from "react";
import { useRouteLoaderData } from "react-router";
import { Alert, AlertDescription, AlertTitle } from "#app/components/ui/alert.tsx";
import { toast } from "#app/components/ui/toast.ts";
import { isRefusal, type Refusal } from "#kernel/answers.ts";

/** The toast the last action left in the flash cookie (read by the root loader), or null. */
export type PageFlash = { id: string; type: "success" | "error" | "info"; title: string; description?: string };

/**
 * The flash toast shown on this page, when it has one of the given titles. A public form redirects after success
 * with a toast; the page also shows it inline, so the confirmation is there without JavaScript.
 */
export function usePageFlash(titles: readonly string[]): PageFlash | null {
  const root = useRouteLoaderData("root") as { toast?: PageFlash | null } | undefined;
  const flash = root?.toast ?? null;
  return flash && titles.includes(flash.title) ? flash : null;
}

/** A refusal that is not about single fields (those show under the fields), e.g. a rate limit. */
export function formRefusal(answer: unknown): Refusal | null {
  return isRefusal(answer) && answer.code !== "invalid_input" ? answer : null;
}

/** Shows a refusal as an error toast under the form's own failure title, once per answer. */
export function useRefusalToast(refusal: Refusal | null, title: string) {
  useEffect(() => {
    if (refusal) toast.error(title, { description: refusal.message });
  }, [refusal, title]);
}

/** The inline confirmation after a successful submission. */
export function FormSentNotice({ title, message }: { title: string; message?: string }) {
  return (
    <Alert variant="success">
      <AlertTitle>{title}</AlertTitle>
      {message ? <AlertDescription>{message}</AlertDescription> : null}
    </Alert>
  );
}

/** The inline failure message, under the form's failure title. */
export function FormRefusalNotice({ title, message }: { title: string; message: string }) {
  return (
    <Alert variant="destructive">
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription>{message}</AlertDescription>
    </Alert>
  );
}

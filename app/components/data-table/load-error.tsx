/**
 * What an admin screen shows when its loader failed (its route's ErrorBoundary): the screen's own title ("Error
 * fetching posts") over a message, "Please try again in a moment." unless the screen says otherwise, and an
 * optional way back below. Route modules keep their own ErrorBoundary export and pass their strings:
 *
 *   export function ErrorBoundary() {
 *     return <LoadError title={BLOG_ADMIN_TEXT.errorFetching} />;
 *   }
 */
import type { ReactNode } from "react";
import { isRouteErrorResponse, Link } from "react-router";
import { Alert, AlertTitle } from "#app/components/ui/alert.tsx";

export const TRY_AGAIN = "Please try again in a moment.";

/** The message of the refusal the loader threw (`throwAsRouteError`), or "Please try again in a moment.". */
export function refusalMessage(error: unknown): string {
  const message = isRouteErrorResponse(error) ? (error.data as { message?: unknown } | null)?.message : undefined;
  return typeof message === "string" ? message : TRY_AGAIN;
}

export function LoadError({
  title,
  message = TRY_AGAIN,
  back,
  children,
}: {
  title: string;
  /** The paragraph under the title; null for none. */
  message?: string | null;
  /** A link below the alert, e.g. back to the list from a detail screen. */
  back?: { to: string; label: string };
  /** More inside the alert, after the message. */
  children?: ReactNode;
}) {
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-16 sm:px-6">
      <Alert variant="destructive">
        <AlertTitle>{title}</AlertTitle>
        {message === null ? null : <p>{message}</p>}
        {children}
      </Alert>
      {back ? (
        <Link to={back.to} className="text-sm font-medium underline underline-offset-4">
          {back.label}
        </Link>
      ) : null}
    </div>
  );
}

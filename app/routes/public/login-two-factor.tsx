import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, redirect, useNavigation } from "react-router";
import { CodeField } from "#app/components/auth/code-field.tsx";
import { CheckboxField } from "#app/components/forms/checkbox-field.tsx";
import { FormErrors } from "#app/components/forms/text-field.tsx";
import { PageHeader } from "#app/components/layout/page-header.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent } from "#app/components/ui/card.tsx";
import { pageMeta } from "#app/lib/seo.ts";
import { safeRedirect, type TwoFactorMethod, twoFactorSignInSchema } from "#kernel/schemas/auth.ts";
import { verifySignInCode } from "#server/auth/flows.ts";
import { homeFor, requireAnonymous } from "#server/auth/guards.ts";
import { formAction } from "#server/web/route-kit.ts";
import type { Route } from "./+types/login-two-factor";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Two-Factor Sign-In",
    description: "Enter the code from your authenticator app to finish signing in to PoundCodes.",
    path: "/login/two-factor",
    noindex: true,
  });

/** The password step sets this short-lived, signed cookie; without it there is nothing to finish. */
const hasChallenge = (request: Request) =>
  /(^|;\s*)(__Secure-)?better-auth\.two_factor=/.test(request.headers.get("Cookie") ?? "");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAnonymous(context, request);
  const url = new URL(request.url);
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"), "");
  if (!hasChallenge(request)) {
    const back = new URLSearchParams({ message: "two_factor_expired" });
    if (redirectTo) back.set("redirectTo", redirectTo);
    throw redirect(`/login?${back}`);
  }
  const method: TwoFactorMethod = url.searchParams.get("method") === "backup" ? "backup" : "totp";
  return { method, redirectTo };
}

export async function action(args: Route.ActionArgs) {
  await requireAnonymous(args.context, args.request);
  return formAction(args, {
    schema: twoFactorSignInSchema,
    hideFields: ["code"],
    run: async (v, { s, request, actor }) => {
      const { headers, role } = await verifySignInCode(s, {
        method: v.method,
        code: v.code,
        trustDevice: v.trustDevice === true,
        ip: actor.ip ?? "unknown",
        headers: request.headers,
      });
      return redirect(safeRedirect(v.redirectTo, homeFor({ role })), { headers });
    },
  });
}

export default function LoginTwoFactor({ loaderData, actionData }: Route.ComponentProps) {
  const { method, redirectTo } = loaderData;
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: `two-factor-${method}`,
    lastResult: actionData?.result,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: twoFactorSignInSchema }),
  });
  const other = new URLSearchParams();
  if (method === "totp") other.set("method", "backup");
  if (redirectTo) other.set("redirectTo", redirectTo);
  const restart = redirectTo ? `/login?redirectTo=${encodeURIComponent(redirectTo)}` : "/login";
  const submitting = navigation.state === "submitting";
  const linkClass = "text-sm font-medium text-primary underline-offset-4 hover:underline dark:text-accent";

  return (
    <>
      <PageHeader
        title="Two-factor sign-in"
        subtitle={
          method === "totp"
            ? "Open your authenticator app and enter the code it shows for PoundCodes."
            : "Enter one of the backup codes you saved when you set up two-factor sign-in."
        }
      />
      <div className="mx-auto w-full max-w-md px-4 pb-24 sm:px-6">
        <Card>
          <CardContent className="pt-6">
            <Form method="post" {...getFormProps(form)} className="grid gap-5" noValidate>
              <input type="hidden" name="method" value={method} />
              <input type="hidden" name="redirectTo" value={redirectTo} />
              <FormErrors id={form.errorId} errors={form.errors} />
              {method === "totp" ? (
                <CodeField
                  meta={fields.code}
                  label="Authentication code"
                  hint="6 digits. A new code appears every 30 seconds."
                  autoFocus
                />
              ) : (
                <CodeField
                  meta={fields.code}
                  label="Backup code"
                  hint="Each backup code works once."
                  numeric={false}
                  autoFocus
                />
              )}
              <CheckboxField
                meta={fields.trustDevice}
                label="Trust this device for 30 days"
                hint="Skip the code here next time. Only on a device that is yours alone."
              />
              <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
                <Link to={`/login/two-factor${other.size ? `?${other}` : ""}`} className={linkClass}>
                  {method === "totp" ? "Use a backup code instead" : "Use your authenticator app instead"}
                </Link>
                <Button type="submit" disabled={submitting}>
                  {submitting ? "Checking…" : "Verify"}
                </Button>
              </div>
            </Form>
          </CardContent>
        </Card>
        <p className="mt-6 text-center text-sm text-muted-foreground">
          Lost your phone and your backup codes? Call us at (800) 580-1500.{" "}
          <Link to={restart} className={linkClass}>
            Back to sign in
          </Link>
        </p>
      </div>
    </>
  );
}

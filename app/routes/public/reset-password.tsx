import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { FormErrors, TextField } from "#app/components/forms/text-field.tsx";
import { PageHeader } from "#app/components/layout/page-header.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent } from "#app/components/ui/card.tsx";
import { pageMeta } from "#app/lib/seo.ts";
import { MIN_PASSWORD_LENGTH, resetPasswordSchema, safeRedirect } from "#kernel/schemas/auth.ts";
import { resetPassword } from "#server/auth/flows.ts";
import { homeFor } from "#server/auth/guards.ts";
import { redirectWithToast } from "#server/web/flash.ts";
import { formAction } from "#server/web/route-kit.ts";
import type { Route } from "./+types/reset-password";

/** An invitation's link (`&invited=1`) chooses a first password; a reset link a new one. */
const isInvitation = (search: URLSearchParams) => search.get("invited") === "1";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(
    args,
    isInvitation(new URLSearchParams(args.location.search))
      ? {
          title: "Choose a Password",
          description: "Choose a password for your new PoundCodes account.",
          path: "/reset-password",
          noindex: true,
        }
      : {
          title: "Choose a New Password",
          description: "Choose a new password for your PoundCodes account.",
          path: "/reset-password",
          noindex: true,
        },
  );

export const action = (args: Route.ActionArgs) =>
  formAction(args, {
    schema: resetPasswordSchema,
    hideFields: ["password", "confirmPassword"],
    run: async (v, { s, request, actor }) => {
      const signedIn = await resetPassword(s, {
        token: v.token,
        password: v.password,
        ip: actor.ip ?? "unknown",
        headers: request.headers,
      });
      // Set, but the sign-in was refused (a rate limit): the sign-in page says so and asks for the new password.
      if (!signedIn) return redirect("/login?message=password_set");
      // The password is set and the account signed in: straight to its home (or to the second factor first).
      const { headers, role, twoFactorRequired } = signedIn;
      if (twoFactorRequired) return redirect("/login/two-factor", { headers });
      const search = new URL(request.url).searchParams;
      const invited = isInvitation(search);
      // An invitation from an approved order goes on to that order (`&next=/orders/…`), same-origin only.
      const home = homeFor({ role: role ?? "user" });
      return redirectWithToast(
        s.config,
        invited ? safeRedirect(search.get("next"), home) : home,
        invited
          ? {
              type: "success",
              title: "Welcome to PoundCodes",
              description: "Your password is set and you are signed in.",
            }
          : {
              type: "success",
              title: "Password updated",
              description: "Your new password is set and you are signed in.",
            },
        { headers },
      );
    },
  });

export default function ResetPassword({ actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const invited = isInvitation(params);
  const linkError = params.get("error");
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "reset",
    lastResult: actionData?.result,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resetPasswordSchema }),
  });
  return (
    <>
      <PageHeader title={invited ? "Choose a password" : "Choose a new password"} />
      <div className="mx-auto w-full max-w-md px-4 pb-24 sm:px-6">
        <Card>
          <CardContent className="pt-6">
            {!token || linkError ? (
              <div className="grid gap-4">
                <FormErrors errors={["This reset link is invalid or has expired. Please request a new one."]} />
                <Button asChild variant="outline">
                  <Link to="/login?forgot=1">Request a new link</Link>
                </Button>
              </div>
            ) : (
              <Form method="post" {...getFormProps(form)} className="grid gap-5" noValidate>
                <input type="hidden" name="token" value={token} />
                <FormErrors id={form.errorId} errors={form.errors} />
                <TextField
                  meta={fields.password}
                  label={invited ? "Password" : "New password"}
                  type="password"
                  autoComplete="new-password"
                  hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
                />
                <TextField
                  meta={fields.confirmPassword}
                  label={invited ? "Confirm password" : "Confirm new password"}
                  type="password"
                  autoComplete="new-password"
                />
                <Button type="submit" disabled={navigation.state === "submitting"}>
                  {invited ? "Set Password and Sign In" : "Update Password and Sign In"}
                </Button>
              </Form>
            )}
          </CardContent>
        </Card>
      </div>
    </>
  );
}

import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { FormErrors, TextField } from "#app/components/forms/text-field.tsx";
import { PageHeader } from "#app/components/layout/page-header.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent } from "#app/components/ui/card.tsx";
import { pageMeta } from "#app/lib/seo.ts";
import { MIN_PASSWORD_LENGTH, resetPasswordSchema } from "#kernel/schemas/auth.ts";
import { resetPassword } from "#server/auth/flows.ts";
import { formAction } from "#server/web/route-kit.ts";
import type { Route } from "./+types/reset-password";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Choose a New Password",
    description: "Choose a new password for your PoundCodes account.",
    path: "/reset-password",
    noindex: true,
  });

export const action = (args: Route.ActionArgs) =>
  formAction(args, {
    schema: resetPasswordSchema,
    hideFields: ["password", "confirmPassword"],
    run: async (v, { s }) => {
      await resetPassword(s, { token: v.token, password: v.password });
      return redirect("/login?message=password_reset_update");
    },
  });

export default function ResetPassword({ actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
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
      <PageHeader title="Choose a new password" />
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
                  label="New password"
                  type="password"
                  autoComplete="new-password"
                  hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
                />
                <TextField
                  meta={fields.confirmPassword}
                  label="Confirm new password"
                  type="password"
                  autoComplete="new-password"
                />
                <Button type="submit" disabled={navigation.state === "submitting"}>
                  Update Password
                </Button>
              </Form>
            )}
          </CardContent>
        </Card>
      </div>
    </>
  );
}

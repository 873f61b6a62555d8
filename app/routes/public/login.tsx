import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect } from "react";
import { Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { FormErrors, TextField } from "#app/components/forms/text-field.tsx";
import { PageHeader } from "#app/components/layout/page-header.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent } from "#app/components/ui/card.tsx";
import { toast } from "#app/components/ui/toast.ts";
import { pageMeta } from "#app/lib/seo.ts";
import { forgotPasswordSchema, loginSchema, safeRedirect } from "#kernel/schemas/auth.ts";
import { requestPasswordReset, signIn } from "#server/auth/flows.ts";
import { homeFor, requireAnonymous } from "#server/auth/guards.ts";
import { readForm } from "#server/web/forms.ts";
import { formAction } from "#server/web/route-kit.ts";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Sign In",
    description: "Sign in to your PoundCodes account to manage your #Codes, leads and billing.",
    path: "/login",
    noindex: true,
  });

/** Messages the login page understands from its query string (`?message=`), shown as toasts. */
export const LOGIN_MESSAGES: Record<
  string,
  { type: "success" | "info" | "error"; title: string; description: string }
> = {
  password_reset_email_sent: {
    type: "success",
    title: "Check your email",
    description: "If an account exists for that address, we have sent a link to reset your password.",
  },
  password_set: {
    type: "success",
    title: "Password set",
    description: "Your password is set. Please sign in with it.",
  },
  two_factor_expired: {
    type: "info",
    title: "Please sign in again",
    description: "Your two-factor sign-in expired. Enter your email and password to get a new one.",
  },
  // Sign-up's answer, the same whether or not the address already had an account.
  signup_check_email: {
    type: "success",
    title: "Check your email",
    description:
      "We've sent a message to the address you entered. Follow the link in it to continue, or sign in below.",
  },
};

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAnonymous(context, request);
  return null;
}

export async function action(args: Route.ActionArgs) {
  const intent = (await readForm(args.request.clone())).get("intent");
  if (intent === "forgot") {
    return formAction(args, {
      schema: forgotPasswordSchema,
      run: async (v, { s, request, actor }) => {
        await requestPasswordReset(s, { email: v.email, ip: actor.ip ?? "unknown", headers: request.headers });
        return redirect("/login?message=password_reset_email_sent");
      },
    });
  }
  return formAction(args, {
    schema: loginSchema,
    hideFields: ["password"],
    run: async (v, { s, request, actor }) => {
      const { headers, role, twoFactorRequired } = await signIn(s, {
        email: v.email,
        password: v.password,
        ip: actor.ip ?? "unknown",
        headers: request.headers,
      });
      if (twoFactorRequired) {
        // The password was right; the code comes next, on our own page (the destination travels along).
        const to = safeRedirect(v.redirectTo, "");
        return redirect(`/login/two-factor${to ? `?redirectTo=${encodeURIComponent(to)}` : ""}`, { headers });
      }
      return redirect(safeRedirect(v.redirectTo, homeFor({ role: role ?? "user" })), { headers });
    },
  });
}

export default function Login({ actionData }: Route.ComponentProps) {
  const [params, setParams] = useSearchParams();
  const navigation = useNavigation();
  const answeredIntent = actionData?.result?.initialValue?.intent;
  const forgot = params.get("forgot") === "1" || answeredIntent === "forgot";
  const message = params.get("message");
  const errorDescription = params.get("error_description");
  const notice = message ? LOGIN_MESSAGES[message] : undefined;

  // Query messages become toasts, then the query is cleared. Without JS the inline notice shows instead.
  useEffect(() => {
    if (!notice && !errorDescription) return;
    if (notice) toast[notice.type](notice.title, { description: notice.description });
    if (errorDescription) toast.error("Login Failed", { description: errorDescription });
    const next = new URLSearchParams(params);
    next.delete("message");
    next.delete("error_description");
    setParams(next, { replace: true, preventScrollReset: true });
  }, [notice, errorDescription, params, setParams]);

  const loginResult = answeredIntent === "forgot" ? undefined : actionData?.result;
  const forgotResult = answeredIntent === "forgot" ? actionData?.result : undefined;

  useEffect(() => {
    const err = loginResult?.error?.[""];
    if (err?.length) toast.error("Login Failed", { description: err.join(" ") });
  }, [loginResult]);
  useEffect(() => {
    const err = forgotResult?.error?.[""];
    if (err?.length) toast.error("Password Reset Failed", { description: err.join(" ") });
  }, [forgotResult]);

  const [form, fields] = useForm({
    id: "login",
    lastResult: loginResult,
    constraint: undefined,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginSchema }),
  });
  const [forgotForm, forgotFields] = useForm({
    id: "forgot",
    lastResult: forgotResult,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: forgotPasswordSchema }),
  });

  const submitting = navigation.state === "submitting";
  const setForgot = (on: boolean) => {
    const next = new URLSearchParams(params);
    if (on) next.set("forgot", "1");
    else next.delete("forgot");
    setParams(next, { replace: true, preventScrollReset: true });
  };

  return (
    <>
      <PageHeader
        title={forgot ? "Reset your password" : "Sign in"}
        subtitle="Access your #Codes, leads, billing and support."
      />
      <div className="mx-auto w-full max-w-md px-4 pb-24 sm:px-6">
        {notice ? (
          <p role="status" className="mb-6 rounded-md border border-emerald-600/30 bg-emerald-600/10 px-4 py-3 text-sm">
            <strong>{notice.title}.</strong> {notice.description}
          </p>
        ) : null}
        <Card>
          <CardContent className="pt-6">
            {forgot ? (
              <Form method="post" {...getFormProps(forgotForm)} className="grid gap-5" noValidate>
                <input type="hidden" name="intent" value="forgot" />
                <p className="text-sm text-muted-foreground">
                  Enter the email address you signed up with and we will send you a link to choose a new password.
                </p>
                <FormErrors id={forgotForm.errorId} errors={forgotForm.errors} />
                <TextField meta={forgotFields.email} label="Email" type="email" autoComplete="email" />
                <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
                  <Button type="button" variant="outline" onClick={() => setForgot(false)}>
                    Cancel
                  </Button>
                  <Button type="submit" disabled={submitting}>
                    {submitting ? "Sending…" : "Send Reset Link"}
                  </Button>
                </div>
              </Form>
            ) : (
              <Form method="post" {...getFormProps(form)} className="grid gap-5" noValidate>
                <input type="hidden" name="intent" value="login" />
                <input type="hidden" name="redirectTo" value={safeRedirect(params.get("redirectTo"), "")} />
                <FormErrors id={form.errorId} errors={form.errors} />
                <TextField meta={fields.email} label="Email" type="email" autoComplete="email" />
                <TextField meta={fields.password} label="Password" type="password" autoComplete="current-password" />
                <div className="flex items-center justify-between gap-4">
                  <Link
                    to="/login?forgot=1"
                    onClick={(e) => {
                      e.preventDefault();
                      setForgot(true);
                    }}
                    className="text-sm font-medium text-primary underline-offset-4 hover:underline dark:text-accent"
                  >
                    Forgot Password?
                  </Link>
                  <Button type="submit" disabled={submitting}>
                    {submitting ? "Signing in…" : "Sign In"}
                  </Button>
                </div>
              </Form>
            )}
          </CardContent>
        </Card>
        <p className="mt-6 text-center text-sm text-muted-foreground">
          New to PoundCodes?{" "}
          <Link to="/signup" className="font-medium text-primary underline-offset-4 hover:underline dark:text-accent">
            Create an account
          </Link>
        </p>
      </div>
    </>
  );
}

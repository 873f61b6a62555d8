import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect } from "react";
import { Form, Link, redirect, useNavigation } from "react-router";
import { FormErrors, TextField } from "#app/components/forms/text-field.tsx";
import { PageHeader } from "#app/components/layout/page-header.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent } from "#app/components/ui/card.tsx";
import { toast } from "#app/components/ui/toast.ts";
import { pageMeta } from "#app/lib/seo.ts";
import { MIN_PASSWORD_LENGTH, signupSchema } from "#kernel/schemas/auth.ts";
import { signUp } from "#server/auth/flows.ts";
import { requireAnonymous } from "#server/auth/guards.ts";
import { formAction } from "#server/web/route-kit.ts";
import type { Route } from "./+types/signup";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Create an Account",
    description: "Create your PoundCodes account to reserve and license #Codes and vanity numbers.",
    path: "/signup",
    noindex: true,
  });

/** Where every accepted sign-up lands: the sign-in page with its "check your email" notice. */
export const SIGNED_UP_PATH = "/login?message=signup_check_email";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAnonymous(context, request);
  return null;
}

/**
 * A new address and a registered one get the same answer: the sign-in page telling them to check their email (the
 * account and its verification email, or the owner's notice; see `signUp`). Nobody is signed in here.
 */
export const action = (args: Route.ActionArgs) =>
  formAction(args, {
    schema: signupSchema,
    hideFields: ["password", "confirmPassword"],
    run: async (v, { s, request, actor }) => {
      await signUp(s, {
        fullName: v.fullName,
        companyName: v.companyName,
        email: v.email,
        password: v.password,
        ip: actor.ip ?? "unknown",
        headers: request.headers,
      });
      return redirect(SIGNED_UP_PATH);
    },
  });

export default function Signup({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "signup",
    lastResult: actionData?.result,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: signupSchema }),
  });

  useEffect(() => {
    const errors = actionData?.result?.error;
    if (!errors) return;
    const messages = Object.values(errors).flat().filter(Boolean) as string[];
    if (messages.length) toast.error("Sign up failed", { description: messages[0], duration: 9000 });
  }, [actionData]);

  const submitting = navigation.state === "submitting";
  return (
    <>
      <PageHeader
        title="Create your account"
        subtitle="Reserve territories, manage your #Codes and track every lead."
      />
      <div className="mx-auto w-full max-w-md px-4 pb-24 sm:px-6">
        <Card>
          <CardContent className="pt-6">
            <Form method="post" {...getFormProps(form)} className="grid gap-5" noValidate>
              <FormErrors id={form.errorId} errors={form.errors} />
              <TextField meta={fields.fullName} label="Full name" autoComplete="name" />
              <TextField meta={fields.companyName} label="Company name" autoComplete="organization" optional />
              <TextField meta={fields.email} label="Email" type="email" autoComplete="email" />
              <TextField
                meta={fields.password}
                label="Password"
                type="password"
                autoComplete="new-password"
                hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
              />
              <TextField
                meta={fields.confirmPassword}
                label="Confirm password"
                type="password"
                autoComplete="new-password"
              />
              <Button type="submit" disabled={submitting} className="w-full">
                {submitting ? "Creating your account…" : "Sign Up"}
              </Button>
            </Form>
          </CardContent>
        </Card>
        <p className="mt-6 text-center text-sm text-muted-foreground">
          Already have an account?{" "}
          <Link to="/login" className="font-medium text-primary underline-offset-4 hover:underline dark:text-accent">
            Sign in
          </Link>
        </p>
      </div>
    </>
  );
}

import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "react-router";
import type { z } from "zod";
import { FormErrors, TextField } from "#app/components/forms/text-field.tsx";
import { Alert, AlertDescription, AlertTitle } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import {
  twoFactorConfirmSchema,
  type twoFactorDisableSchema,
  type twoFactorRegenerateSchema,
  type twoFactorStartSchema,
} from "#kernel/schemas/auth.ts";
import { CodeField } from "./code-field.tsx";

type PasswordSchema = typeof twoFactorStartSchema | typeof twoFactorDisableSchema | typeof twoFactorRegenerateSchema;

/** A form that asks for the account's password before a two-factor change (start, turn off, new backup codes). */
export function TwoFactorPasswordForm({
  intent,
  schema,
  result,
  submitLabel,
  pendingLabel,
  destructive,
}: {
  intent: z.output<PasswordSchema>["intent"];
  schema: PasswordSchema;
  result: SubmissionResult<string[]> | undefined;
  submitLabel: string;
  pendingLabel: string;
  destructive?: boolean;
}) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: `two-factor-${intent}`,
    lastResult: result,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-4" noValidate>
      <input type="hidden" name="intent" value={intent} />
      <FormErrors id={form.errorId} errors={form.errors} />
      <TextField meta={fields.password} label="Your password" type="password" autoComplete="current-password" />
      <div>
        <Button type="submit" variant={destructive ? "destructive" : "default"} disabled={busy}>
          {busy ? pendingLabel : submitLabel}
        </Button>
      </div>
    </Form>
  );
}

/** Step two of enrolment: scan the QR code (or type the key), then prove it with a code. */
export function TwoFactorScanStep({
  qrCode,
  secret,
  result,
}: {
  qrCode: string;
  secret: string;
  result: SubmissionResult<string[]> | undefined;
}) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "two-factor-confirm",
    lastResult: result,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: twoFactorConfirmSchema }),
  });
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "confirm";
  const grouped = secret.match(/.{1,4}/g)?.join(" ") ?? secret;
  return (
    <div className="grid gap-6 md:grid-cols-[auto_1fr] md:items-start">
      <div className="grid justify-items-center gap-2">
        {/* A light square in both themes: phone cameras read dark modules on a light ground. */}
        <img
          src={qrCode}
          width={208}
          height={208}
          alt="QR code to add PoundCodes to your authenticator app"
          className="rounded-lg border border-border bg-white p-2"
        />
      </div>
      <div className="grid gap-5">
        <ol className="grid list-decimal gap-2 pl-5 text-sm text-muted-foreground">
          <li>Open an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, 1Password…).</li>
          <li>Scan the QR code, or add an account by hand with the setup key below.</li>
          <li>Enter the 6-digit code the app shows for PoundCodes.</li>
        </ol>
        <dl className="grid gap-1">
          <dt className="text-sm font-medium">Setup key</dt>
          <dd>
            <code className="inline-block rounded-md bg-muted px-3 py-2 font-mono text-sm tracking-wider break-all select-all">
              {grouped}
            </code>
          </dd>
        </dl>
        <Form method="post" {...getFormProps(form)} className="grid gap-4" noValidate>
          <input type="hidden" name="intent" value="confirm" />
          <FormErrors id={form.errorId} errors={form.errors} />
          <CodeField meta={fields.code} label="Code from your app" hint="6 digits, e.g. 123456." />
          <div>
            <Button type="submit" disabled={busy}>
              {busy ? "Checking…" : "Turn On Two-Factor"}
            </Button>
          </div>
        </Form>
      </div>
    </div>
  );
}

/** Backup codes, shown once, right after they are made. */
export function BackupCodesPanel({
  codes,
  doneHref,
  doneLabel,
}: {
  codes: string[];
  doneHref: string;
  doneLabel: string;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Save your backup codes</CardTitle>
        <CardDescription>
          If you lose your phone, each of these codes lets you sign in once in place of a code from the app.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <Alert variant="warning">
          <AlertTitle>Save these codes now</AlertTitle>
          <AlertDescription>
            Copy them to your password manager or print them. They will not be shown again, and each works once.
          </AlertDescription>
        </Alert>
        <ul
          aria-label="Backup codes"
          data-testid="backup-codes"
          className="grid grid-cols-2 gap-x-6 gap-y-2 rounded-lg border border-border bg-muted/50 p-4 font-mono text-sm tracking-wider sm:grid-cols-3 md:w-fit md:grid-cols-2"
        >
          {codes.map((code) => (
            <li key={code} className="select-all">
              {code}
            </li>
          ))}
        </ul>
        <div>
          <Button asChild>
            <Link to={doneHref}>{doneLabel}</Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

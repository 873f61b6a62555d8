import { data, Link, redirect } from "react-router";
import {
  BackupCodesPanel,
  TwoFactorPasswordForm,
  TwoFactorScanStep,
} from "#app/components/auth/two-factor-settings.tsx";
import { PageHeader } from "#app/components/layout/page-header.tsx";
import { Alert, AlertDescription, AlertTitle } from "#app/components/ui/alert.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import {
  TWO_FACTOR_MESSAGES,
  twoFactorDisableSchema,
  twoFactorRegenerateSchema,
  twoFactorSettingsSchema,
  twoFactorStartSchema,
} from "#kernel/schemas/auth.ts";
import { areaUser } from "#server/auth/guards.ts";
import {
  confirmTwoFactor,
  disableTwoFactor,
  regenerateBackupCodes,
  startTwoFactor,
  twoFactorState,
} from "#server/auth/two-factor.ts";
import { redirectWithToast } from "#server/web/flash.ts";
import { formAction, services } from "#server/web/route-kit.ts";
import type { Route } from "./+types/two-factor";

export const meta: Route.MetaFunction = () => [
  { title: "Two-Factor Sign-In · PoundCodes" },
  { name: "robots", content: "noindex" },
];

const PATH = "/dashboard/profile/two-factor";

export async function loader({ context }: Route.LoaderArgs) {
  const user = areaUser(context);
  const s = services(context);
  const state = await twoFactorState(s, user);
  return {
    enabled: state.enabled,
    pending: state.pending ? { qrCode: state.pending.qrCode, secret: state.pending.secret } : null,
    backupCodesLeft: state.backupCodesLeft,
    adminRequired: (user.role === "admin" || user.adminAwaitingTwoFactor) && s.config.admin2fa === "required",
  };
}

export const action = (args: Route.ActionArgs) =>
  formAction(args, {
    schema: twoFactorSettingsSchema,
    hideFields: ["password", "code"],
    run: async (v, { s, request, actor, context }) => {
      const user = areaUser(context);
      const req = { ip: actor.ip ?? "unknown", headers: request.headers };
      switch (v.intent) {
        case "start":
          await startTwoFactor(s, user, { ...req, password: v.password });
          return redirect(PATH);
        case "confirm": {
          const { headers, backupCodes } = await confirmTwoFactor(s, user, { ...req, code: v.code });
          return data({ ok: true as const, intent: v.intent, backupCodes }, { headers });
        }
        case "regenerate": {
          const { backupCodes } = await regenerateBackupCodes(s, user, { ...req, password: v.password });
          return { ok: true as const, intent: v.intent, backupCodes };
        }
        case "disable": {
          const { headers } = await disableTwoFactor(s, user, { ...req, password: v.password });
          return redirectWithToast(
            s.config,
            PATH,
            {
              type: "success",
              title: "Two-factor sign-in is off",
              description: "Signing in now needs only your password. We emailed you about the change.",
            },
            { headers },
          );
        }
      }
    },
  });

export default function TwoFactorPage({ loaderData, actionData }: Route.ComponentProps) {
  const { enabled, pending, backupCodesLeft, adminRequired } = loaderData;
  const answered = actionData && "ok" in actionData && actionData.ok ? actionData : null;
  const refused = actionData && "result" in actionData ? actionData : null;
  const resultFor = (intent: string) => (refused?.result?.initialValue?.intent === intent ? refused.result : undefined);
  const done = adminRequired
    ? { href: "/admin/dashboard", label: "Continue to the Admin Area" }
    : { href: "/dashboard/profile", label: "Done" };

  return (
    <>
      <PageHeader
        title="Two-factor sign-in"
        subtitle="Protect your account with a code from an authenticator app each time you sign in."
      />
      <div className="mx-auto grid w-full max-w-3xl gap-6 px-4 pb-24 sm:px-6">
        <p className="text-sm">
          <Link
            to="/dashboard/profile"
            className="font-medium text-primary underline-offset-4 hover:underline dark:text-accent"
          >
            ← Back to your profile
          </Link>
        </p>
        {adminRequired && !enabled ? (
          <Alert variant="warning">
            <AlertTitle>Two-factor sign-in is required</AlertTitle>
            <AlertDescription>{TWO_FACTOR_MESSAGES.adminRequired}</AlertDescription>
          </Alert>
        ) : null}

        {answered ? (
          <BackupCodesPanel
            codes={answered.backupCodes}
            doneHref={answered.intent === "confirm" ? done.href : PATH}
            doneLabel={answered.intent === "confirm" ? done.label : "I Have Saved My Codes"}
          />
        ) : enabled ? (
          <>
            <Card>
              <CardHeader>
                <CardTitle className="flex flex-wrap items-center gap-3">
                  Two-factor sign-in <Badge variant="available">On</Badge>
                </CardTitle>
                <CardDescription>
                  Signing in asks for a code from your authenticator app after your password.
                  {backupCodesLeft !== null
                    ? ` You have ${backupCodesLeft} unused backup code${backupCodesLeft === 1 ? "" : "s"}.`
                    : ""}
                </CardDescription>
              </CardHeader>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle>New backup codes</CardTitle>
                <CardDescription>Makes ten new codes. The codes you have now stop working.</CardDescription>
              </CardHeader>
              <CardContent>
                <TwoFactorPasswordForm
                  intent="regenerate"
                  schema={twoFactorRegenerateSchema}
                  result={resultFor("regenerate")}
                  submitLabel="Make New Backup Codes"
                  pendingLabel="Making codes…"
                />
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle>Turn off two-factor sign-in</CardTitle>
                <CardDescription>
                  {adminRequired
                    ? "Administrators need two-factor sign-in: without it the admin area stays closed until you set it up again."
                    : "Signing in will need only your password. Your authenticator entry and backup codes stop working."}
                </CardDescription>
              </CardHeader>
              <CardContent>
                <TwoFactorPasswordForm
                  intent="disable"
                  schema={twoFactorDisableSchema}
                  result={resultFor("disable")}
                  submitLabel="Turn Off Two-Factor"
                  pendingLabel="Turning off…"
                  destructive
                />
              </CardContent>
            </Card>
          </>
        ) : pending ? (
          <Card>
            <CardHeader>
              <CardTitle>Step 2 of 3: add PoundCodes to your authenticator app</CardTitle>
              <CardDescription>Two-factor sign-in turns on once the app's code checks out.</CardDescription>
            </CardHeader>
            <CardContent>
              <TwoFactorScanStep qrCode={pending.qrCode} secret={pending.secret} result={resultFor("confirm")} />
            </CardContent>
          </Card>
        ) : (
          <Card>
            <CardHeader>
              <CardTitle>Step 1 of 3: confirm it is you</CardTitle>
              <CardDescription>
                Two-factor sign-in is off. Enter your password to get a QR code for your authenticator app. After that
                you will get backup codes to keep somewhere safe; turning it on signs out your other devices.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <TwoFactorPasswordForm
                intent="start"
                schema={twoFactorStartSchema}
                result={resultFor("start")}
                submitLabel="Continue"
                pendingLabel="Checking…"
              />
            </CardContent>
          </Card>
        )}
      </div>
    </>
  );
}

import { Link } from "react-router";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { ShieldCheck, ShieldOff } from "#app/components/ui/icons.tsx";

export const TWO_FACTOR_SETTINGS_PATH = "/dashboard/profile/two-factor";

/** The profile's Security section: whether two-factor sign-in is on, and the way to set it up or manage it. */
export function SecuritySection({ twoFactorEnabled }: { twoFactorEnabled: boolean }) {
  const Icon = twoFactorEnabled ? ShieldCheck : ShieldOff;
  return (
    <Card aria-labelledby="security-heading">
      <CardHeader>
        <CardTitle id="security-heading">Security</CardTitle>
        <CardDescription>How you sign in to PoundCodes.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-start gap-3">
          <Icon
            aria-hidden="true"
            className={twoFactorEnabled ? "mt-0.5 size-5 text-emerald-600" : "mt-0.5 size-5 text-muted-foreground"}
          />
          <div className="grid gap-1">
            <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
              Two-factor sign-in
              <Badge variant={twoFactorEnabled ? "available" : "outline"}>{twoFactorEnabled ? "On" : "Off"}</Badge>
            </p>
            <p className="text-sm text-muted-foreground">
              {twoFactorEnabled
                ? "Signing in asks for a code from your authenticator app after your password."
                : "Add a code from an authenticator app to your password, so a stolen password alone cannot open your account."}
            </p>
          </div>
        </div>
        <Button asChild variant={twoFactorEnabled ? "outline" : "default"} className="shrink-0">
          <Link to={TWO_FACTOR_SETTINGS_PATH}>{twoFactorEnabled ? "Manage Two-Factor" : "Set Up Two-Factor"}</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

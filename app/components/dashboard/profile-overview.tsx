import { Link } from "react-router";
import { Alert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { DASHBOARD_TEXT } from "./texts.ts";

export type ProfileFields = {
  companyName: string | null;
  contactName: string | null;
  email: string | null;
  phone: string | null;
};

/**
 * The profile overview: the licensee record's fields (or the account's, while there is no record), and the spec's
 * 'Edit Text Details' link to the profile screen; `editNote` replaces the link while that screen is not built.
 */
export function ProfileOverview({
  profile,
  failed,
  editTo,
  editNote,
}: {
  profile: ProfileFields;
  /** The licensee record could not be read: the account's own details are shown. */
  failed: boolean;
  editTo: string;
  editNote: string | null;
}) {
  const rows: [string, string | null][] = [
    ["Company", profile.companyName],
    ["Contact", profile.contactName],
    ["Email", profile.email],
    ["Phone", profile.phone],
  ];
  return (
    <Card role="region" aria-labelledby="profile-overview-heading">
      <CardHeader>
        <CardTitle as="h2" id="profile-overview-heading">
          Profile overview
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-5">
        {failed ? <Alert variant="warning">{DASHBOARD_TEXT.profileFailed}</Alert> : null}
        <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2.5 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="min-w-0 font-medium break-words">
                {value ?? <span className="text-muted-foreground">Not set</span>}
              </dd>
            </div>
          ))}
        </dl>
        <div className="flex flex-wrap items-center gap-3">
          {editNote ? (
            <>
              <Button variant="outline" size="sm" disabled aria-describedby="edit-text-details-note">
                Edit Text Details
              </Button>
              <p id="edit-text-details-note" className="text-xs text-muted-foreground">
                {editNote}
              </p>
            </>
          ) : (
            <Button asChild variant="outline" size="sm">
              <Link to={editTo}>Edit Text Details</Link>
            </Button>
          )}
        </div>
      </CardContent>
    </Card>
  );
}

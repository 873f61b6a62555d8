/**
 * /admin/users/{userId}: one account — licensee record, licences, wallet, tickets, open sessions and sign-in history —
 * and what an administrator does to it: deactivate (with a reason) or reactivate, make or unmake an administrator,
 * create a licensee record. Deactivation ends the person's sessions at once.
 */
import type { ReactNode } from "react";
import { Link, useRevalidator } from "react-router";
import { ActionAnswerNotice, FormDialogButton, RowActionForm } from "#app/components/data-table/index.ts";
import { TextareaField } from "#app/components/forms/textarea-field.tsx";
import { PageHeader } from "#app/components/layout/page-header.tsx";
import { Badge, statusBadgeVariant } from "#app/components/ui/badge.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { ArrowLeft, ShieldCheck, UserX } from "#app/components/ui/icons.tsx";
import { areaMeta } from "#app/lib/seo.ts";
import { formatCents, formatDate, formatDateTime } from "#kernel/format.ts";
import { adminUserActionSchema, deactivateUserSchema, USER_ANSWERS } from "#kernel/schemas/admin-users.ts";
import { areaUser } from "#server/auth/guards.ts";
import { createLicenseeForUser, getUserDetail, setUserActive, setUserRole } from "#server/domain/users/admin.ts";
import { throwAsRouteError } from "#server/web/respond.ts";
import { actorFor, formAction, services } from "#server/web/route-kit.ts";
import type { Route } from "./+types/user";

export const meta: Route.MetaFunction = ({ loaderData: data }) =>
  areaMeta(data?.user.name || data?.user.email || "User", "Admin");

export async function loader({ params, context }: Route.LoaderArgs) {
  const d = await getUserDetail(services(context).db, actorFor(areaUser(context), context), params.userId).catch(
    throwAsRouteError,
  );
  const iso = (v: Date) => v.toISOString();
  return {
    self: areaUser(context).id === d.user.id,
    user: { ...d.user, createdAt: iso(d.user.createdAt) },
    licensee: d.licensee,
    licences: d.licences,
    ledger: d.ledger.map((e) => ({ ...e, date: iso(e.date) })),
    tickets: d.tickets.map((t) => ({ ...t, updatedAt: iso(t.updatedAt) })),
    sessions: d.sessions.map((s) => ({ ...s, createdAt: iso(s.createdAt), expiresAt: iso(s.expiresAt) })),
    signIns: d.signIns.map((s) => ({ ...s, at: iso(s.at) })),
  };
}

export const action = (args: Route.ActionArgs) =>
  formAction(args, {
    schema: adminUserActionSchema,
    refusals: "toast",
    // A deactivated licensee's landing page goes offline: drop the cached public pages.
    run: async (value, { s, actor }) => {
      const userId = args.params.userId;
      const { user } = await getUserDetail(s.db, actor, userId);
      const name = user.name || user.email;
      switch (value.intent) {
        case "deactivate": {
          const r = await setUserActive(s.db, actor, { userId, active: false, reason: value.reason });
          return { ok: true as const, ...USER_ANSWERS.deactivated(name, r.endedSessions) };
        }
        case "reactivate":
          await setUserActive(s.db, actor, { userId, active: true });
          return { ok: true as const, ...USER_ANSWERS.reactivated(name) };
        case "set-role":
          await setUserRole(s.db, actor, { userId, role: value.role });
          return { ok: true as const, ...USER_ANSWERS.role(name, value.role) };
        case "create-licensee":
          await createLicenseeForUser(s.db, actor, { userId });
          return { ok: true as const, ...USER_ANSWERS.licensee(name) };
      }
    },
  });

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle as="h2">{title}</CardTitle>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

const Empty = ({ children }: { children: ReactNode }) => <p className="text-sm text-muted-foreground">{children}</p>;

export default function AdminUser({ loaderData, actionData }: Route.ComponentProps) {
  const { user, licensee, licences, ledger, tickets, sessions, signIns, self } = loaderData;
  const revalidator = useRevalidator();
  const name = user.name || user.email;
  return (
    <>
      <PageHeader title={name} subtitle={user.email}>
        <Link
          to="/admin/users"
          className="inline-flex items-center gap-1.5 text-sm font-medium text-white/90 hover:text-white"
        >
          <ArrowLeft aria-hidden="true" className="size-4" /> All users
        </Link>
      </PageHeader>
      <div className="mx-auto grid w-full max-w-6xl gap-6 px-4 pb-24 sm:px-6 lg:grid-cols-3">
        <div className="grid content-start gap-6 lg:col-span-2">
          <ActionAnswerNotice answer={actionData} />
          <Section title="Account">
            <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
              <div>
                <dt className="text-muted-foreground">Status</dt>
                <dd className="mt-0.5">
                  {user.deactivated ? (
                    <Badge variant="closed">Deactivated</Badge>
                  ) : (
                    <Badge variant="resolved">Active</Badge>
                  )}
                  {user.deactivated && user.banReason ? <span className="mt-1 block">{user.banReason}</span> : null}
                </dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Role</dt>
                <dd className="mt-0.5">
                  {user.role === "admin" ? <Badge variant="gold">Administrator</Badge> : "User"}
                </dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Email</dt>
                <dd className="mt-0.5 break-all">
                  {user.email} {user.emailVerified ? "(verified)" : "(not verified)"}
                </dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Two-factor sign-in</dt>
                <dd className="mt-0.5">{user.twoFactorEnabled ? "On" : "Off"}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Joined</dt>
                <dd className="mt-0.5">{formatDate(user.createdAt)}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Company</dt>
                <dd className="mt-0.5">{user.companyName ?? "—"}</dd>
              </div>
            </dl>
          </Section>
          <Section title="Licenses">
            {licensee ? (
              licences.length ? (
                <ul className="divide-y divide-border text-sm">
                  {licences.map((l) => (
                    <li key={l.id} className="flex flex-wrap items-center justify-between gap-2 py-2.5">
                      <span>
                        <span className="font-medium">{l.offering}</span> in {l.territory}
                      </span>
                      <span className="flex items-center gap-3">
                        <span className="tabular-nums">{formatCents(l.monthlyFeeCents)}/month</span>
                        <Badge variant={statusBadgeVariant(l.status)}>{l.status}</Badge>
                      </span>
                    </li>
                  ))}
                </ul>
              ) : (
                <Empty>No licenses yet.</Empty>
              )
            ) : (
              <Empty>No licensee record: this person has an account but no licenses, wallet or landing page.</Empty>
            )}
          </Section>
          <Section title="Wallet">
            {licensee ? (
              <>
                <p className="text-2xl font-semibold tabular-nums">{formatCents(licensee.walletCents)}</p>
                <p className="text-sm text-muted-foreground">Available for minutes and SMS</p>
                {ledger.length ? (
                  <ul className="mt-4 divide-y divide-border text-sm">
                    {ledger.map((e) => (
                      <li key={e.id} className="flex justify-between gap-3 py-2">
                        <span>
                          <time dateTime={e.date} className="mr-2 text-muted-foreground">
                            {formatDate(e.date)}
                          </time>
                          {e.description}
                        </span>
                        <span className={`tabular-nums ${e.amountCents < 0 ? "text-red-700 dark:text-red-300" : ""}`}>
                          {e.amountCents < 0 ? "−" : "+"}
                          {formatCents(Math.abs(e.amountCents))}
                        </span>
                      </li>
                    ))}
                  </ul>
                ) : (
                  <Empty>No transactions yet.</Empty>
                )}
              </>
            ) : (
              <Empty>No wallet without a licensee record.</Empty>
            )}
          </Section>
          <Section title="Support tickets">
            {tickets.length ? (
              <ul className="divide-y divide-border text-sm">
                {tickets.map((t) => (
                  <li key={t.id} className="flex flex-wrap items-center justify-between gap-2 py-2.5">
                    <span className="font-medium">{t.subject}</span>
                    <span className="flex items-center gap-3 text-muted-foreground">
                      {formatDate(t.updatedAt)}
                      <Badge variant={statusBadgeVariant(t.status)}>{t.status.replace("_", " ")}</Badge>
                    </span>
                  </li>
                ))}
              </ul>
            ) : (
              <Empty>No tickets.</Empty>
            )}
          </Section>
        </div>
        <div className="grid content-start gap-6">
          <Section title="Access">
            <div className="grid gap-3">
              {self ? (
                <p className="text-sm text-muted-foreground">
                  This is your own account: another administrator changes its access.
                </p>
              ) : user.deactivated ? (
                <RowActionForm intent="reactivate" values={{}} context={`for ${name}`} pendingLabel="Reactivating…">
                  Reactivate
                </RowActionForm>
              ) : (
                <FormDialogButton<{ ok: true; title: string; message: string }, { reason: string }>
                  trigger={
                    <>
                      <UserX aria-hidden="true" /> Deactivate
                    </>
                  }
                  triggerVariant="destructive"
                  action={`/admin/users/${user.id}`}
                  schema={deactivateUserSchema}
                  hidden={{ intent: "deactivate" }}
                  title={`Deactivate ${name}?`}
                  description="They are signed out at once and cannot sign in again until reactivated. Their landing page goes offline. Nothing is deleted."
                  submitLabel="Deactivate"
                  pendingLabel="Deactivating…"
                  onOk={() => revalidator.revalidate()}
                >
                  {(fields) => (
                    <TextareaField meta={fields.reason} label="Reason" optional hint="Shown to other administrators." />
                  )}
                </FormDialogButton>
              )}
              {self ? null : user.role === "admin" ? (
                <RowActionForm
                  intent="set-role"
                  values={{ role: "user" }}
                  context={`for ${name}`}
                  pendingLabel="Saving…"
                >
                  Remove administrator
                </RowActionForm>
              ) : (
                <RowActionForm
                  intent="set-role"
                  values={{ role: "admin" }}
                  context={`for ${name}`}
                  pendingLabel="Saving…"
                >
                  <ShieldCheck aria-hidden="true" /> Make administrator
                </RowActionForm>
              )}
              {licensee ? null : (
                <RowActionForm intent="create-licensee" values={{}} context={`for ${name}`} pendingLabel="Creating…">
                  Create licensee record
                </RowActionForm>
              )}
            </div>
          </Section>
          <Section title="Open sessions">
            {sessions.length ? (
              <ul className="grid gap-2 text-sm">
                {sessions.map((s) => (
                  <li key={s.id}>
                    Since {formatDateTime(s.createdAt)}
                    <span className="block text-xs text-muted-foreground">
                      {s.ip ?? "unknown address"} · {s.userAgent ? s.userAgent.slice(0, 60) : "unknown browser"}
                    </span>
                  </li>
                ))}
              </ul>
            ) : (
              <Empty>Not signed in anywhere.</Empty>
            )}
          </Section>
          <Section title="Sign-in history">
            {signIns.length ? (
              <ul className="grid gap-2 text-sm">
                {signIns.map((s) => (
                  <li key={s.at}>
                    {formatDateTime(s.at)}
                    <span className="block text-xs text-muted-foreground">
                      {s.ip ?? "unknown address"}
                      {s.userAgent ? ` · ${s.userAgent.slice(0, 60)}` : ""}
                    </span>
                  </li>
                ))}
              </ul>
            ) : (
              <Empty>No sign-ins recorded.</Empty>
            )}
          </Section>
        </div>
      </div>
    </>
  );
}

import { Form, Link, useNavigation, useSearchParams } from "react-router";
import { FormErrors } from "#app/components/forms/text-field.tsx";
import { PageHeader } from "#app/components/layout/page-header.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent } from "#app/components/ui/card.tsx";
import { CheckCircle2, ShieldCheck } from "#app/components/ui/icons.tsx";
import { pageMeta } from "#app/lib/seo.ts";
import { formatDateTime } from "#kernel/format.ts";
import { confirmHoldSchema, HOLD_CONFIRMED } from "#kernel/schemas/reservation.ts";
import { confirmReservation } from "#server/domain/reservations/reservations.ts";
import { redirectWithToast } from "#server/web/flash.ts";
import { formAction } from "#server/web/route-kit.ts";
import type { Route } from "./+types/confirm-reservation";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Confirm Your Reservation",
    description: "Confirm the territory you reserved to keep it held for you.",
    path: "/reservations/confirm",
    noindex: true,
  });

/** The link in the email only opens this page; confirming is a POST (no GET changes anything). */
export const action = (args: Route.ActionArgs) =>
  formAction(args, {
    schema: confirmHoldSchema,
    run: async (v, { s, actor }) => {
      const r = await confirmReservation(s.db, actor, v.token, {
        publicUrl: s.config.publicUrl,
        linkSecret: s.config.authSecret,
        approval: s.config.licenseApproval,
      });
      // Approved on confirmation (LICENSE_APPROVAL=auto): a new account chooses its password first and lands on the
      // order; anyone else goes straight to the order, whose next step is the agreement.
      if (r.approved) {
        return redirectWithToast(s.config, r.setPasswordPath ?? r.orderPath, {
          type: "success",
          title: HOLD_CONFIRMED.title,
          description: HOLD_CONFIRMED.approved,
        });
      }
      return {
        ok: true as const,
        title: HOLD_CONFIRMED.title,
        message: HOLD_CONFIRMED.message(r.territoryName, r.categoryName, formatDateTime(r.expiresAt)),
        orderPath: r.orderPath,
      };
    },
  });

export default function ConfirmReservation({ actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const submitting = useNavigation().state === "submitting";
  const done = actionData?.ok === true ? actionData : null;
  const refused = actionData?.ok === false ? actionData : null;
  return (
    <>
      <PageHeader title="Confirm your reservation" subtitle="Keep the territory you reserved held for you." />
      <div className="mx-auto w-full max-w-xl px-4 pb-24 sm:px-6">
        <Card>
          <CardContent className="grid gap-5 pt-6">
            {done ? (
              <div role="status" className="grid gap-3">
                <p className="flex items-center gap-2 text-lg font-semibold">
                  <CheckCircle2 aria-hidden="true" className="size-5 text-emerald-600" />
                  {done.title}
                </p>
                <p className="text-muted-foreground">{done.message}</p>
                <div className="flex flex-wrap gap-3">
                  <Button asChild variant="gold">
                    <Link to={done.orderPath}>See my order</Link>
                  </Button>
                  <Button asChild variant="outline">
                    <Link to="/all-numbers">Browse more numbers</Link>
                  </Button>
                </div>
              </div>
            ) : refused || !token ? (
              <div className="grid gap-4">
                <FormErrors
                  errors={[
                    refused?.message ??
                      "This confirmation link is incomplete. Please open the link from your email again.",
                  ]}
                />
                <Button asChild variant="outline" className="justify-self-start">
                  <Link to="/all-numbers">Browse numbers</Link>
                </Button>
              </div>
            ) : (
              <Form method="post" className="grid gap-5">
                <input type="hidden" name="token" value={token} />
                <p className="text-muted-foreground">
                  Your territory is held for 24 hours from the moment you reserved it. Confirm now and we keep it held
                  for you for 5 business days while you sign the license agreement and pay. Nothing is charged yet.
                </p>
                <Button type="submit" variant="gold" disabled={submitting} className="justify-self-start">
                  <ShieldCheck aria-hidden="true" />
                  {submitting ? "Confirming…" : "Confirm Reservation"}
                </Button>
              </Form>
            )}
          </CardContent>
        </Card>
      </div>
    </>
  );
}

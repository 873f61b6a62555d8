import { OfficeDetails, TalkToAnAdvisor } from "#app/components/contact/contact-details.tsx";
import { ContactForm } from "#app/components/contact/contact-form.tsx";
import { formRefusal } from "#app/components/contact/form-feedback.tsx";
import { PageHeader } from "#app/components/layout/page-header.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { pageMeta } from "#app/lib/seo.ts";
import { contactPrefill, contactSchema, isWithinBusinessHours } from "#kernel/schemas/contact.ts";
import { CONTACT_SENT, CONTACT_SERVICES } from "#kernel/schemas/contact-strings.ts";
import { submitContact } from "#server/domain/crm/contacts.ts";
import { redirectWithToast } from "#server/web/flash.ts";
import { cacheable } from "#server/web/page-cache.ts";
import { formAction } from "#server/web/route-kit.ts";
import type { Route } from "./+types/contact";

/** Cached for anonymous visitors, dropped by the writes that change what it shows (server/web/page-cache.ts). */
export const pageCache = cacheable({ query: ["subject", "service"] });

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Contact Us",
    description:
      "Talk to the PoundCodes licensing team about #Codes, vanity numbers and territories. Call (800) 580-1500, Monday to Friday, 9:00 AM to 6:00 PM EST, or send us a message.",
    path: "/contact",
  });

/** The query prefills the subject (?subject=, or the team of ?service=support|crm); the hours show live status. */
export function loader({ request }: Route.LoaderArgs) {
  const prefill = contactPrefill(new URL(request.url).searchParams);
  return { ...prefill, open: isWithinBusinessHours(new Date()) };
}

export const action = (args: Route.ActionArgs) =>
  formAction(args, {
    schema: contactSchema,
    publicForm: "contact",
    // The page shows refusals itself, under the product's 'Submission Failed' title.
    refusals: "toast",
    run: async (value, { s, actor, idempotencyKey }) => {
      await submitContact(s.db, actor, value, { salesEmail: s.config.salesEmail, idempotencyKey });
      return redirectWithToast(s.config, "/contact#contact-form", {
        type: "success",
        title: CONTACT_SENT.title,
        description: CONTACT_SENT.message,
      });
    },
  });

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const { subject, service, open } = loaderData;
  const team = service ? CONTACT_SERVICES[service] : null;
  return (
    <>
      <PageHeader
        title="Contact Us"
        subtitle="Questions about a #Code, a vanity number or a territory? Our licensing team answers quickly and plainly."
      />
      <div className="mx-auto grid w-full max-w-7xl gap-10 px-4 pb-24 sm:px-6 lg:grid-cols-12 lg:gap-12 lg:px-8">
        <section
          id="contact-form"
          aria-labelledby="contact-form-title"
          className="scroll-mt-24 rounded-2xl border border-border bg-card p-6 shadow-card sm:p-8 lg:col-span-7"
        >
          <div className="mb-6 grid gap-2">
            {team ? (
              <Badge variant="gold" data-testid="contact-topic">
                Topic: {team.label}
              </Badge>
            ) : null}
            <h2 id="contact-form-title" className="text-2xl font-semibold tracking-tight">
              Send us a message
            </h2>
            <p className="text-sm leading-relaxed text-muted-foreground">
              {team
                ? team.intro
                : "Tell us what you are looking for. We reply by email within one business day, usually much sooner."}
            </p>
          </div>
          <ContactForm
            result={actionData?.ok === false ? actionData.result : null}
            refusal={formRefusal(actionData)}
            subject={subject}
          />
        </section>
        <div className="grid content-start gap-6 lg:col-span-5">
          <OfficeDetails />
          <TalkToAnAdvisor open={open} />
        </div>
      </div>
    </>
  );
}

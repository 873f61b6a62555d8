/**
 * /admin/contacts/:contactId: one contact in full, with the message it came with, its notes (a form that works
 * without JavaScript), its pipeline status (the same), the edit dialog (posting to the list's action) and delete
 * with a confirmation, after which the list is shown.
 */
import type { ReactNode } from "react";
import { Link, type ShouldRevalidateFunctionArgs, useNavigate } from "react-router";
import { z } from "zod";
import { CONTACTS_ACTION, ContactDialogButton } from "#app/components/contacts-admin/contact-dialog.tsx";
import {
  ContactFlashNotice,
  ContactNotesForm,
  ContactStatusForm,
} from "#app/components/contacts-admin/detail-forms.tsx";
import { ContactStatusBadge } from "#app/components/contacts-admin/status-badge.tsx";
import { ConfirmDeleteButton, DeleteConfirmationHost } from "#app/components/data-table/confirm-delete.tsx";
import { LoadError } from "#app/components/data-table/load-error.tsx";
import { PageHeader } from "#app/components/layout/page-header.tsx";
import { ArrowLeft, Mail, Phone } from "#app/components/ui/icons.tsx";
import { areaMeta } from "#app/lib/seo.ts";
import { refusalFor } from "#kernel/answers.ts";
import { formatDate, formatDateTime } from "#kernel/format.ts";
import {
  CONTACTS_TEXT,
  contactDisplayName,
  contactNotesSchema,
  contactSourceLabel,
  moveContactSchema,
} from "#kernel/schemas/contacts-admin.ts";
import { areaUser } from "#server/auth/guards.ts";
import {
  contactFormChoices,
  getContactForAdmin,
  saveContactNotes,
  setContactStatus,
} from "#server/domain/crm/contacts-admin.ts";
import { redirectWithToast } from "#server/web/flash.ts";
import { throwAsRouteError } from "#server/web/respond.ts";
import { actorFor, formAction, services } from "#server/web/route-kit.ts";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  areaMeta(loaderData ? contactDisplayName(loaderData.contact) : "Contact", "Admin");

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const LIST = "/admin/contacts";
const contactPath = (id: string) => `${LIST}/${id}`;

export async function loader({ params, context }: Route.LoaderArgs) {
  if (!UUID.test(params.contactId)) throw new Response(CONTACTS_TEXT.notFound, { status: 404 });
  const db = services(context).db;
  const actor = actorFor(areaUser(context), context);
  const [contact, choices] = await Promise.all([
    getContactForAdmin(db, actor, params.contactId),
    contactFormChoices(db, actor),
  ]).catch(throwAsRouteError);
  const { createdAt, updatedAt, ...rest } = contact;
  return {
    contact: { ...rest, createdAt: createdAt.toISOString(), updatedAt: updatedAt.toISOString() },
    choices,
  };
}

/** The notes and the status selector; each comes back to this page with a toast (shown on the page too). */
export const action = (args: Route.ActionArgs) =>
  formAction(args, {
    schema: z.discriminatedUnion("intent", [contactNotesSchema, moveContactSchema]),
    refusals: "toast",
    run: async (value, { s, actor }) => {
      if (value.intent === "save-notes") {
        const saved = await saveContactNotes(s.db, actor, value);
        const { title, message } = CONTACTS_TEXT.notesSaved(saved.name);
        return redirectWithToast(s.config, contactPath(value.id), { type: "success", title, description: message });
      }
      const moved = await setContactStatus(s.db, actor, value);
      const { title, message } = CONTACTS_TEXT.moved(moved.name, moved.status);
      return redirectWithToast(s.config, contactPath(value.id), { type: "success", title, description: message });
    },
  });

/** After a delete (posted to the list's action) the contact is gone: leave for the list instead of reloading. */
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formData?.get("intent") === "delete-contact") return false;
  return defaultShouldRevalidate;
}

const FLASH_TITLES = [CONTACTS_TEXT.notesSaved("").title, CONTACTS_TEXT.moved("", "new").title];

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1">
      <dt className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{label}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}

const none = <span className="text-muted-foreground">—</span>;

export default function AdminContact({ loaderData, actionData }: Route.ComponentProps) {
  const { contact, choices } = loaderData;
  const navigate = useNavigate();
  const name = contactDisplayName(contact);
  return (
    <>
      <PageHeader title={name} subtitle={[contact.company, contact.email].filter(Boolean).join(" · ")}>
        <Link to={LIST} className="inline-flex items-center gap-1.5 text-sm font-medium text-navy-200 hover:text-white">
          <ArrowLeft aria-hidden="true" className="size-4" />
          All contacts
        </Link>
      </PageHeader>
      <DeleteConfirmationHost action={CONTACTS_ACTION} onDeleted={() => navigate(LIST)}>
        <div className="mx-auto grid w-full max-w-7xl items-start gap-6 px-4 pb-24 sm:px-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:gap-8 lg:px-8">
          <div className="grid gap-6">
            <ContactFlashNotice titles={FLASH_TITLES} />
            <section
              aria-labelledby="message-heading"
              className="grid gap-3 rounded-xl border border-border bg-card p-5 shadow-card sm:p-7"
            >
              <h2 id="message-heading" className="text-lg font-semibold tracking-tight">
                {contact.subject ? `Message: ${contact.subject}` : "Message"}
              </h2>
              {contact.message ? (
                <blockquote className="border-l-4 border-gold-400 pl-4 leading-relaxed whitespace-pre-line">
                  {contact.message}
                </blockquote>
              ) : (
                <p className="text-sm text-muted-foreground">No message came with this contact.</p>
              )}
              <p className="text-xs text-muted-foreground">
                Received <time dateTime={contact.createdAt}>{formatDateTime(contact.createdAt)}</time> via{" "}
                {contactSourceLabel(contact.source)}.
              </p>
            </section>
            <section
              aria-labelledby="notes-heading"
              className="grid gap-4 rounded-xl border border-border bg-card p-5 shadow-card sm:p-7"
            >
              <h2 id="notes-heading" className="text-lg font-semibold tracking-tight">
                Notes
              </h2>
              <ContactNotesForm
                key={contact.id}
                contactId={contact.id}
                notes={contact.notes}
                refusal={refusalFor(actionData, "save-notes")}
              />
            </section>
          </div>
          <aside
            aria-label="Contact details"
            className="grid gap-5 rounded-xl border border-border bg-card p-5 shadow-card"
          >
            <dl className="grid gap-3 text-sm">
              <Fact label="Status">
                <ContactStatusBadge status={contact.status} />
              </Fact>
              <Fact label="Email">
                <a
                  href={`mailto:${contact.email}`}
                  className="inline-flex items-center gap-1.5 break-all hover:underline"
                >
                  <Mail aria-hidden="true" className="size-3.5 shrink-0" />
                  {contact.email}
                </a>
              </Fact>
              <Fact label="Phone">
                {contact.phone ? (
                  <a href={`tel:${contact.phone}`} className="inline-flex items-center gap-1.5 hover:underline">
                    <Phone aria-hidden="true" className="size-3.5 shrink-0" />
                    {contact.phone}
                  </a>
                ) : (
                  none
                )}
              </Fact>
              <Fact label="Company">{contact.company ?? none}</Fact>
              <Fact label="Source">{contactSourceLabel(contact.source)}</Fact>
              <Fact label="Follow-up">
                {contact.followUpDate ? (
                  <time dateTime={contact.followUpDate}>{formatDate(contact.followUpDate)}</time>
                ) : (
                  none
                )}
              </Fact>
              <Fact label="Territory">{contact.territoryName ?? none}</Fact>
              <Fact label="#Code">{contact.categoryName ?? none}</Fact>
              <Fact label="Last update">
                <time dateTime={contact.updatedAt}>{formatDateTime(contact.updatedAt)}</time>
              </Fact>
            </dl>
            <div className="border-t border-border pt-5">
              <ContactStatusForm
                contactId={contact.id}
                status={contact.status}
                refusal={refusalFor(actionData, "move-contact")}
              />
            </div>
            <div className="flex flex-wrap gap-2 border-t border-border pt-5">
              <ContactDialogButton contact={contact} choices={choices} />
              <ConfirmDeleteButton
                intent="delete-contact"
                id={contact.id}
                itemName={name}
                title={`Delete ${name}?`}
                warning={CONTACTS_TEXT.deleteWarning}
              />
            </div>
          </aside>
        </div>
      </DeleteConfirmationHost>
    </>
  );
}

/** The contact could not be read (or is gone): 'Error fetching contacts'. */
export function ErrorBoundary() {
  return (
    <LoadError title={CONTACTS_TEXT.errorFetching} message={CONTACTS_TEXT.notFound}>
      <p>
        <Link to={LIST} className="underline underline-offset-4">
          All contacts
        </Link>
      </p>
    </LoadError>
  );
}

/**
 * /admin/contacts (spec 2 §2, §4, §5, §8): contacts and leads. Two views of the same contacts: the list (search on
 * name, email and company, the pipeline status filter, sort, pages) and the board (`?view=board`, one column per
 * status, cards moved with a real form). Add and edit dialogs, delete with a confirmation, and 'Export CSV' of what
 * the view shows (/admin/contacts/export.csv). Every write is one domain call, audited there.
 */

import { z } from "zod";
import { ContactBoard } from "#app/components/contacts-admin/board.tsx";
import { CONTACTS_ACTION, ContactDialogButton } from "#app/components/contacts-admin/contact-dialog.tsx";
import { ContactStatusBadge } from "#app/components/contacts-admin/status-badge.tsx";
import { BoardSearch, ContactsViewSwitch, ExportCsvLink } from "#app/components/contacts-admin/toolbar.tsx";
import { ActionAnswerNotice } from "#app/components/data-table/action-answer.tsx";
import { ConfirmDeleteButton, DeleteConfirmationHost } from "#app/components/data-table/confirm-delete.tsx";
import { DataTable, dataColumns, RowLink } from "#app/components/data-table/index.ts";
import { LoadError } from "#app/components/data-table/load-error.tsx";
import { PageHeader } from "#app/components/layout/page-header.tsx";
import type { ContactStatus } from "#kernel/enums.ts";
import { formatDate } from "#kernel/format.ts";
import {
  CONTACT_LIST,
  CONTACT_STATUS_OPTIONS,
  CONTACTS_TEXT,
  contactDisplayName,
  contactFormSchema,
  contactNotesSchema,
  contactSourceLabel,
  deleteContactSchema,
  moveContactSchema,
} from "#kernel/schemas/contacts-admin.ts";
import { areaUser } from "#server/auth/guards.ts";
import {
  contactBoard,
  contactFormChoices,
  deleteContact,
  listContactsForAdmin,
  saveContact,
  saveContactNotes,
  setContactStatus,
} from "#server/domain/crm/contacts-admin.ts";
import { throwAsRouteError } from "#server/web/respond.ts";
import { actorFor, formAction, services } from "#server/web/route-kit.ts";
import type { Route } from "./+types/contacts";

export const meta: Route.MetaFunction = () => [
  { title: `${CONTACTS_TEXT.pageTitle} · Admin · PoundCodes` },
  { name: "robots", content: "noindex" },
];

const contactList = CONTACT_LIST;
const PATH = "/admin/contacts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const query = contactList.parse(params);
  const view = params.get("view") === "board" ? ("board" as const) : ("list" as const);
  const db = services(context).db;
  const actor = actorFor(areaUser(context), context);
  const iso = <T extends { createdAt: Date }>({ createdAt, ...rest }: T) => ({
    ...rest,
    createdAt: createdAt.toISOString(),
  });
  if (view === "board") {
    const [board, choices] = await Promise.all([contactBoard(db, actor, query), contactFormChoices(db, actor)]).catch(
      throwAsRouteError,
    );
    const columns = board.columns.map((c) => ({ ...c, cards: c.cards.map(iso) }));
    return { view, query, choices, board: { columns, total: board.total }, list: null };
  }
  const [page, choices] = await Promise.all([
    listContactsForAdmin(db, actor, query),
    contactFormChoices(db, actor),
  ]).catch(throwAsRouteError);
  const rows = page.rows.map(({ updatedAt, ...r }) => ({ ...iso(r), updatedAt: updatedAt.toISOString() }));
  return { view, query, choices, board: null, list: { rows, total: page.total } };
}

const actionSchema = z.discriminatedUnion("intent", [
  contactFormSchema,
  moveContactSchema,
  contactNotesSchema,
  deleteContactSchema,
]);

/** One domain call per intent; the detail page's edit dialog posts here too. */
export const action = (args: Route.ActionArgs) =>
  formAction(args, {
    schema: actionSchema,
    refusals: "toast",
    run: async (value, { s, actor }) => {
      switch (value.intent) {
        case "save-contact": {
          const saved = await saveContact(s.db, actor, value);
          return { ok: true as const, ...(saved.created ? CONTACTS_TEXT.created : CONTACTS_TEXT.updated)(saved.name) };
        }
        case "move-contact": {
          const moved = await setContactStatus(s.db, actor, value);
          return { ok: true as const, ...CONTACTS_TEXT.moved(moved.name, moved.status) };
        }
        case "save-notes": {
          const saved = await saveContactNotes(s.db, actor, value);
          return { ok: true as const, ...CONTACTS_TEXT.notesSaved(saved.name) };
        }
        case "delete-contact": {
          const gone = await deleteContact(s.db, actor, value);
          return { ok: true as const, ...CONTACTS_TEXT.deleted(gone.name) };
        }
      }
    },
  });

type Row = NonNullable<Route.ComponentProps["loaderData"]["list"]>["rows"][number];
const col = dataColumns<Row>();
const muted = (text: string) => <span className="text-muted-foreground">{text}</span>;
const columns = col.columns([
  col.accessor("name", {
    header: "Name",
    cell: (c) => (
      <RowLink to={`${PATH}/${c.row.original.id}`} className="font-medium break-words">
        {contactDisplayName(c.row.original)}
      </RowLink>
    ),
    meta: { card: "title" },
  }),
  col.accessor("email", {
    header: "Email",
    cell: (c) => <span className="break-all">{c.getValue()}</span>,
  }),
  col.accessor("company", { header: "Company", cell: (c) => c.getValue() ?? muted("—") }),
  col.accessor("status", { header: "Status", cell: (c) => <ContactStatusBadge status={c.getValue()} /> }),
  col.accessor("source", { header: "Source", cell: (c) => contactSourceLabel(c.getValue()) }),
  col.accessor("followUpDate", {
    id: "followUp",
    header: "Follow-up",
    cell: (c) => {
      const day = c.getValue();
      return day ? (
        <time dateTime={day} className="whitespace-nowrap">
          {formatDate(day)}
        </time>
      ) : (
        muted("—")
      );
    },
  }),
  col.accessor("createdAt", {
    id: "created",
    header: "Added",
    cell: (c) => (
      <time dateTime={c.getValue()} className="whitespace-nowrap">
        {formatDate(c.getValue())}
      </time>
    ),
  }),
]);

export default function AdminContacts({ loaderData, actionData }: Route.ComponentProps) {
  const { view, query, choices, list, board } = loaderData;
  const searchOnly = (status?: ContactStatus) =>
    contactList.href(contactList.defaults, { q: query.q, filters: status ? { status } : {} });
  const listHref = `${PATH}${searchOnly()}`;
  const boardHref = `${PATH}?${new URLSearchParams({ view: "board", ...(query.q ? { q: query.q } : {}) })}`;
  // The export takes what the view shows: the list's search, filter and sort; the board's search.
  const exportHref = `${PATH}/export.csv${view === "board" ? searchOnly() : contactList.href(query, { page: 1 })}`;
  return (
    <>
      <PageHeader
        title={CONTACTS_TEXT.pageTitle}
        subtitle="Leads from the contact and inquiry forms and the people you add yourself: follow them through the pipeline."
      />
      <DeleteConfirmationHost action={CONTACTS_ACTION}>
        <div className="mx-auto grid w-full max-w-7xl grid-cols-[minmax(0,1fr)] gap-6 px-4 pb-24 sm:px-6 lg:px-8">
          <ActionAnswerNotice answer={actionData} />
          <div className="flex flex-wrap items-center justify-between gap-3">
            <ContactsViewSwitch view={view} listHref={listHref} boardHref={boardHref} />
            <div className="flex flex-wrap items-center gap-2">
              <ContactDialogButton choices={choices} />
              <ExportCsvLink href={exportHref} />
            </div>
          </div>
          {list ? (
            <DataTable
              list={contactList}
              query={query}
              columns={columns}
              rows={list.rows}
              total={list.total}
              getRowId={(r) => r.id}
              label="Contacts"
              noun={{ one: "contact", other: "contacts" }}
              search={{ label: "Search", placeholder: "Name, email or company" }}
              filters={[{ name: "status", label: "Status", allLabel: "All", options: CONTACT_STATUS_OPTIONS }]}
              rowActions={(r) => (
                <div className="flex flex-wrap gap-2 md:flex-nowrap md:justify-end">
                  <ContactDialogButton contact={r} choices={choices} />
                  <ConfirmDeleteButton
                    intent="delete-contact"
                    id={r.id}
                    itemName={contactDisplayName(r)}
                    title={`Delete ${contactDisplayName(r)}?`}
                    warning={CONTACTS_TEXT.deleteWarning}
                  />
                </div>
              )}
              emptyMessage={CONTACTS_TEXT.empty}
              noMatchMessage={CONTACTS_TEXT.empty}
            />
          ) : board ? (
            <>
              <BoardSearch q={query.q} clearHref={`${PATH}?view=board`} />
              <ContactBoard
                columns={board.columns}
                emptyMessage={CONTACTS_TEXT.empty}
                listHref={(status) => `${PATH}${searchOnly(status)}`}
              />
            </>
          ) : null}
        </div>
      </DeleteConfirmationHost>
    </>
  );
}

/** The contacts could not be read: 'Error fetching contacts'. */
export function ErrorBoundary() {
  return <LoadError title={CONTACTS_TEXT.errorFetching} />;
}

/** /admin/users: every account, searchable, filtered by role, status and whether it has a licensee record. */
import { z } from "zod";
import { DataTable, dataColumns, RowLink } from "#app/components/data-table/index.ts";
import { PageHeader } from "#app/components/layout/page-header.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { formatDate } from "#kernel/format.ts";
import { defineList } from "#kernel/list-query.ts";
import { listUsersPage } from "#server/domain/users/admin.ts";
import { loadList } from "#server/web/list-loader.ts";
import type { Route } from "./+types/users";

export const meta: Route.MetaFunction = () => [
  { title: "Users & Licensees · Admin · PoundCodes" },
  { name: "robots", content: "noindex" },
];

const usersList = defineList({
  sorts: { created: "desc", name: "asc", email: "asc" },
  defaultSort: "created",
  filters: {
    role: z.enum(["admin", "user"]),
    status: z.enum(["active", "deactivated"]),
    licensee: z.enum(["yes", "no"]),
  },
});

export async function loader(args: Route.LoaderArgs) {
  const { query, page } = await loadList(args, usersList, listUsersPage);
  return {
    query,
    total: page.total,
    users: page.rows.map((u) => ({ ...u, createdAt: u.createdAt.toISOString() })),
  };
}

type Row = Route.ComponentProps["loaderData"]["users"][number];
const col = dataColumns<Row>();
const columns = col.columns([
  col.accessor("name", {
    header: "Name",
    cell: (c) => (
      <RowLink to={`/admin/users/${c.row.original.id}`} className="font-medium">
        {c.getValue() || c.row.original.email}
      </RowLink>
    ),
    meta: { card: "title" },
  }),
  col.accessor("email", { header: "Email", meta: { className: "break-all" } }),
  col.accessor("companyName", {
    header: "Company",
    cell: (c) => c.getValue() ?? <span className="text-muted-foreground">—</span>,
  }),
  col.accessor("role", {
    header: "Role",
    cell: (c) => (c.getValue() === "admin" ? <Badge variant="gold">Admin</Badge> : "User"),
  }),
  col.accessor("licenseeId", {
    header: "Licensee",
    cell: (c) => (c.getValue() ? "Yes" : <span className="text-muted-foreground">No</span>),
  }),
  col.accessor("deactivated", {
    header: "Status",
    cell: (c) =>
      c.getValue() ? <Badge variant="closed">Deactivated</Badge> : <Badge variant="resolved">Active</Badge>,
  }),
  col.accessor("createdAt", {
    id: "created",
    header: "Joined",
    cell: (c) => <time dateTime={c.getValue()}>{formatDate(c.getValue())}</time>,
    meta: { className: "whitespace-nowrap" },
  }),
]);

export default function AdminUsers({ loaderData }: Route.ComponentProps) {
  const { query, total, users } = loaderData;
  return (
    <>
      <PageHeader title="Users & Licensees" subtitle="Accounts, their licensee records and their access." />
      <div className="mx-auto grid w-full max-w-7xl gap-6 px-4 pb-24 sm:px-6 lg:px-8">
        <DataTable
          list={usersList}
          query={query}
          columns={columns}
          rows={users}
          total={total}
          getRowId={(u) => u.id}
          label="Users"
          noun={{ one: "user", other: "users" }}
          search={{ label: "Search", placeholder: "Name, email or company" }}
          filters={[
            {
              name: "role",
              label: "Role",
              allLabel: "All roles",
              options: [
                { value: "admin", label: "Admins" },
                { value: "user", label: "Users" },
              ],
            },
            {
              name: "status",
              label: "Status",
              allLabel: "Any status",
              options: [
                { value: "active", label: "Active" },
                { value: "deactivated", label: "Deactivated" },
              ],
            },
            {
              name: "licensee",
              label: "Licensee",
              allLabel: "With or without",
              options: [
                { value: "yes", label: "Licensees" },
                { value: "no", label: "No licensee record" },
              ],
            },
          ]}
          emptyMessage="No users found."
          noMatchMessage="No users found matching your search criteria."
        />
      </div>
    </>
  );
}

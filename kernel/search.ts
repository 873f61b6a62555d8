/** What the administrators' command palette finds (server/domain/admin/search.ts), as the palette shows it. */
export type SearchKind = "licensee" | "territory" | "code" | "number" | "reservation" | "ticket";
export type SearchHit = { kind: SearchKind; id: string; label: string; detail: string; href: string };

export const SEARCH_KIND_LABELS: Record<SearchKind, string> = {
  licensee: "Licensees",
  territory: "Territories",
  code: "#Codes",
  number: "Vanity numbers",
  reservation: "Reservations",
  ticket: "Support tickets",
};

/** The admin dashboard's figures read as English and lead to where the work is: '1 Pending agreement', a link. */
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import AdminDashboard from "./dashboard.tsx";

function render(figures: Record<string, number>): string {
  const props = { loaderData: { name: "Robin", figures }, params: {}, matches: [] } as unknown as Parameters<
    typeof AdminDashboard
  >[0];
  const Stub = createRoutesStub([{ path: "/admin/dashboard", Component: () => <AdminDashboard {...props} /> }]);
  return renderToStaticMarkup(<Stub initialEntries={["/admin/dashboard"]} />);
}

/** Each figure's tile: where it links and what it says, e.g. ["/dashboard/agreements", "1 Pending agreement"]. */
function tiles(html: string): [string, string][] {
  const start = html.indexOf('id="waiting-heading"');
  const waiting = html.slice(start, html.indexOf("</section>", start));
  return [...waiting.matchAll(/<a[^>]*href="([^"]+)"[^>]*>([\s\S]*?)<\/a>/g)].map((m) => [
    m[1]!,
    m[2]!
      .replace(/<[^>]+>/g, " ")
      .replace(/\s+/g, " ")
      .trim(),
  ]);
}

describe("the admin dashboard's figures", () => {
  it("agree in number with their count and each link to its screen", () => {
    const one = { openReservations: 1, pendingAgreements: 1, openTickets: 1, newLeadsThisWeek: 1, pendingPageEdits: 1 };
    expect(tiles(render(one))).toEqual([
      ["/admin/reservations", "1 Open reservation"],
      ["/dashboard/agreements", "1 Pending agreement"],
      ["/admin/support-tickets", "1 Open ticket"],
      ["/admin/contacts", "1 New lead this week"],
      ["/admin/content-approval", "1 Page edit to approve"],
    ]);
    const many = {
      openReservations: 0,
      pendingAgreements: 2,
      openTickets: 12,
      newLeadsThisWeek: 0,
      pendingPageEdits: 3,
    };
    expect(tiles(render(many)).map(([, text]) => text)).toEqual([
      "0 Open reservations",
      "2 Pending agreements",
      "12 Open tickets",
      "0 New leads this week",
      "3 Page edits to approve",
    ]);
  });
});

import { and, eq, gte, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  agreements,
  contacts,
  dynamicPageRevisions,
  dynamicPages,
  licensees,
  reservations,
  supportTickets,
} from "#server/db/schema/index.ts";
import type { TestDb } from "#server/db/test-utils.ts";
import { createSeededDb } from "../catalogue/test-fixtures.ts";
import { adminOverview } from "./overview.ts";

let t: TestDb;
beforeAll(async () => {
  t = await createSeededDb();
});
afterAll(() => t.close());

describe("the admin dashboard's figures", () => {
  it("equal counts taken independently from the seeded rows, and follow new rows", async () => {
    const now = new Date();
    const weekAgo = new Date(now.getTime() - 7 * 24 * 3_600_000);
    const expected = async () => ({
      openReservations: await t.db.$count(reservations, eq(reservations.status, "active")),
      pendingAgreements: await t.db.$count(agreements, eq(agreements.status, "pending")),
      openTickets: await t.db.$count(
        supportTickets,
        inArray(supportTickets.status, ["open", "pending_admin", "pending_user"]),
      ),
      newLeadsThisWeek: await t.db.$count(contacts, and(gte(contacts.createdAt, weekAgo))),
      pendingPageEdits: await t.db.$count(dynamicPageRevisions, eq(dynamicPageRevisions.status, "pending")),
    });
    expect(await adminOverview(t.db, now)).toEqual(await expected());
    await t.db.insert(contacts).values([
      { email: "new-lead@example.com", source: "contact_form" },
      {
        email: "old-lead@example.com",
        source: "contact_form",
        createdAt: new Date(now.getTime() - 8 * 24 * 3_600_000),
      },
    ]);
    const [page] = await t.db.select().from(dynamicPages).limit(1);
    const [licensee] = await t.db.select().from(licensees).limit(1);
    if (!page || !licensee) throw new Error("the demo seed has a landing page and a licensee");
    await t.db.insert(dynamicPageRevisions).values([
      { dynamicPageId: page.id, licenseeId: licensee.id, changes: { pageTitle: "Waiting" } },
      { dynamicPageId: page.id, licenseeId: licensee.id, changes: { pageTitle: "Done" }, status: "approved" },
    ]);
    const after = await adminOverview(t.db, now);
    expect(after).toEqual(await expected());
    expect(after.newLeadsThisWeek).toBeGreaterThanOrEqual(1);
    expect(after.pendingPageEdits).toBe(1);
  });
});

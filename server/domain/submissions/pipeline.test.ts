/**
 * The firm's leads as a pipeline, on the database (PGlite, and PostgreSQL when TEST_DATABASE_URL is set): status and
 * notes on its own leads only, search and the status filter (a lead with no status is new), and the CSV export with
 * formula-like cells neutralised.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formSubmissions } from "#server/db/schema/index.ts";
import { createTestDb, type TestDb } from "#server/db/test-utils.ts";
import { seedLicensee } from "../landing-pages/test-fixtures.ts";
import {
  exportOwnSubmissions,
  listOwnSubmissions,
  SubmissionNotFoundError,
  updateOwnSubmission,
} from "./submissions.ts";

let t: TestDb;
let firm: Awaited<ReturnType<typeof seedLicensee>>;
let other: Awaited<ReturnType<typeof seedLicensee>>;
const ids: Record<string, string> = {};
const actor = (userId: string) => ({ userId, role: "user" as const });

beforeAll(async () => {
  t = await createTestDb();
  firm = await seedLicensee(t.db);
  other = await seedLicensee(t.db);
  const leads = [
    [
      "tanya",
      { name: "Tanya Whitaker", email: "tanya@example.com", phone: "(678) 555-0117", message: "Rear-ended on I-285" },
    ],
    [
      "marcus",
      { name: "Marcus Bell", email: "marcus@example.com", phone: "(770) 555-0133", message: '=HYPERLINK("x")' },
    ],
    ["jordan", { name: "Jordan Ellis", email: "jordan@example.com", phone: "(404) 555-0131", message: "Hurt at work" }],
  ] as const;
  for (const [key, data] of leads) {
    const [row] = await t.db
      .insert(formSubmissions)
      .values({ licenseeId: firm.id, formType: "web_form", submissionData: { ...data } })
      .returning({ id: formSubmissions.id });
    ids[key] = row!.id;
  }
  const [theirs] = await t.db
    .insert(formSubmissions)
    .values({ licenseeId: other.id, formType: "web_form", submissionData: { name: "Not Yours" } })
    .returning({ id: formSubmissions.id });
  ids.theirs = theirs!.id;
});
afterAll(() => t.close());

const list = (q: string, status?: "new" | "contacted" | "won") =>
  listOwnSubmissions(t.db, actor(firm.userId), { page: 1, size: 50, q, status });

describe("the lead pipeline", () => {
  it("moves its own lead along with notes, audited; another firm's lead is not found", async () => {
    const updated = await updateOwnSubmission(t.db, actor(firm.userId), ids.tanya!, {
      status: "contacted",
      notes: "  Called back Tuesday; sending the retainer.  ",
    });
    expect(updated).toMatchObject({ status: "contacted", notes: "Called back Tuesday; sending the retainer." });
    await expect(
      updateOwnSubmission(t.db, actor(firm.userId), ids.theirs!, { status: "won", notes: "" }),
    ).rejects.toBeInstanceOf(SubmissionNotFoundError);
    await expect(
      updateOwnSubmission(t.db, actor(other.userId), ids.tanya!, { status: "won", notes: "" }),
    ).rejects.toBeInstanceOf(SubmissionNotFoundError);
  });

  it("searches names, messages and notes, and filters by status (no status is new)", async () => {
    expect((await list("retainer")).rows.map((r) => r.id)).toEqual([ids.tanya]);
    expect((await list("work")).rows.map((r) => r.id)).toEqual([ids.jordan]);
    expect((await list("", "contacted")).rows.map((r) => r.id)).toEqual([ids.tanya]);
    expect((await list("", "new")).rows.map((r) => r.id).sort()).toEqual([ids.marcus, ids.jordan].sort());
    expect((await list("nobody matches this")).total).toBe(0);
    expect((await list("Not Yours")).total).toBe(0);
  });

  it("exports what the list shows as CSV, with formula-like cells neutralised", async () => {
    const all = await exportOwnSubmissions(t.db, actor(firm.userId), {});
    const lines = all.csv.trim().split(/\r?\n/);
    expect(lines[0]).toBe("Received,Name,Email,Phone,Message,Source,Status,Billing,Billed (USD),Notes");
    expect(lines).toHaveLength(4);
    expect(all.csv).toContain(`"'=HYPERLINK(""x"")"`);
    expect(all.csv).not.toContain("Not Yours");
    const contacted = await exportOwnSubmissions(t.db, actor(firm.userId), { status: "contacted" });
    expect(contacted.csv.trim().split(/\r?\n/)).toHaveLength(2);
    expect(all.filename).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/);
  });
});

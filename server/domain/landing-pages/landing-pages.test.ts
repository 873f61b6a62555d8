import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leadSchema } from "#kernel/schemas/landing-page.ts";
import {
  auditLog,
  dynamicPages,
  emailOutbox,
  formSubmissions,
  licensees,
  territories,
} from "#server/db/schema/index.ts";
import { createTestDb, type TestDb } from "#server/db/test-utils.ts";
import type { Actor } from "../actor.ts";
import { LandingPageNotFoundError, LandingTerritoryNotFoundError } from "./errors.ts";
import { getLandingPage, listLandingPages, richText } from "./landing-pages.ts";
import { submitLead } from "./leads.ts";
import { seedLandingPage } from "./test-fixtures.ts";

const PUBLIC_URL = "https://poundcodes.test";
const visitor: Actor = { userId: null, ip: "198.51.100.40" };

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.close());

let seq = 0;
/** A unique territory name per test ("Landing Alpha 3"), so slugs never collide. */
const territoryName = (base = "Landing Alpha") => `${base} ${++seq}`;
const slugOf = (name: string) => name.toLowerCase().replace(/\s+/g, "-");

describe("getLandingPage", () => {
  it("shows every field, cleaned: lists trimmed and deduplicated, incomplete entries and unsafe links dropped", async () => {
    const name = territoryName();
    const { territory } = await seedLandingPage(t.db, { territoryName: name });
    const view = await getLandingPage(t.db, { poundCode: "4law", territorySlug: slugOf(name) });
    expect(view).toMatchObject({
      path: `/p/4law/${slugOf(name)}`,
      poundCode: "#4LAW",
      territory: { id: territory.id, name },
      pageTitle: "Hurt in an accident? Dial #4LAW",
      businessName: "Whitfield Injury Law",
      descriptionHtml: "<p>Whitfield Injury Law represents injured people.</p><p>We advance all case costs.</p>",
      descriptionText: "Whitfield Injury Law represents injured people. We advance all case costs.",
      areasOfLaw: ["Car Accidents", "Truck Accidents"],
      services: ["Free case evaluation"],
      partners: [{ name: "Dana Whitfield", description: "Founding partner." }],
      highlightsHtml: "<p>Over <strong>1,000</strong> clients.</p>",
      yearsInBusiness: 12,
      logoUrl: "https://cdn.example.com/logo.png",
      testimonialUrl: "https://reviews.example.com/whitfield",
      attorneyDirectoryUrl: null,
      contact: { phone: "(555) 010-2000", email: "intake@whitfield.example", address: "1 Main Street, Springfield" },
      hasContent: true,
    });
    // Offices need a name or an address.
    expect(view.officeLocations.map((o) => o.name || o.address)).toEqual(["Main Office", "2 Side Street"]);
    // Only http(s) links to the five networks (x counts as twitter), in display order.
    expect(view.socialLinks).toEqual([
      { network: "facebook", label: "Facebook", url: "https://www.facebook.com/whitfieldlaw" },
      { network: "twitter", label: "X (Twitter)", url: "https://x.com/whitfieldlaw" },
    ]);
  });

  it("matches the slug with dashes as spaces, by name or portion, and the code written several ways", async () => {
    const name = territoryName("Landing Beta");
    await seedLandingPage(t.db, { territoryName: name, poundCode: "#HELP" });
    for (const code of ["help", "HELP", "#HELP", "hash-help"]) {
      const view = await getLandingPage(t.db, { poundCode: code, territorySlug: slugOf(name).toUpperCase() });
      expect(view.poundCode).toBe("#HELP");
    }
    // Portion code: only when one territory has it.
    const portioned = territoryName("Landing Gamma");
    const { territory } = await seedLandingPage(t.db, { territoryName: portioned, poundCode: "#EASY" });
    await t.db.update(territories).set({ portion: "W" }).where(eq(territories.id, territory.id));
    const byPortion = await getLandingPage(t.db, { poundCode: "easy", territorySlug: "w" });
    expect(byPortion.territory.id).toBe(territory.id);
  });

  it("answers the spec's not-found texts with 404", async () => {
    const name = territoryName();
    await seedLandingPage(t.db, { territoryName: name });
    const noTerritory = await getLandingPage(t.db, { poundCode: "4law", territorySlug: "atlantis" }).catch((e) => e);
    expect(noTerritory).toBeInstanceOf(LandingTerritoryNotFoundError);
    expect(noTerritory).toMatchObject({
      status: 404,
      title: "Oops! Something went wrong.",
      message: "Territory not found.",
    });
    for (const code of ["ssdi", "", "bad code!", "#"]) {
      const noPage = await getLandingPage(t.db, { poundCode: code, territorySlug: slugOf(name) }).catch((e) => e);
      expect(noPage).toBeInstanceOf(LandingPageNotFoundError);
      expect(noPage).toMatchObject({
        status: 404,
        message: "Page content not found for this territory and Poundcode combination.",
      });
    }
  });

  it("does not serve the page of an inactive or banned licensee, nor an orphaned page", async () => {
    const inactive = territoryName();
    await seedLandingPage(t.db, { territoryName: inactive, licensee: { status: "inactive" } });
    await expect(getLandingPage(t.db, { poundCode: "4law", territorySlug: slugOf(inactive) })).rejects.toBeInstanceOf(
      LandingPageNotFoundError,
    );
    const banned = territoryName();
    await seedLandingPage(t.db, { territoryName: banned, licensee: { banned: true } });
    await expect(getLandingPage(t.db, { poundCode: "4law", territorySlug: slugOf(banned) })).rejects.toBeInstanceOf(
      LandingPageNotFoundError,
    );
    // Reactivated: served again.
    const back = territoryName();
    const { licensee } = await seedLandingPage(t.db, { territoryName: back, licensee: { status: "inactive" } });
    await t.db.update(licensees).set({ status: "active" }).where(eq(licensees.id, licensee.id));
    await expect(getLandingPage(t.db, { poundCode: "4law", territorySlug: slugOf(back) })).resolves.toBeTruthy();
  });

  it("still serves a page in a territory hidden from the marketplace", async () => {
    const name = territoryName();
    const { territory } = await seedLandingPage(t.db, { territoryName: name });
    await t.db.update(territories).set({ status: "inactive" }).where(eq(territories.id, territory.id));
    await expect(getLandingPage(t.db, { poundCode: "4law", territorySlug: slugOf(name) })).resolves.toMatchObject({
      territory: { id: territory.id },
    });
  });

  it("answers 404 and stays out of the sitemap until the page has its required content", async () => {
    const name = territoryName();
    const { page } = await seedLandingPage(t.db, {
      territoryName: name,
      page: {
        pageTitle: null,
        businessNameOnPage: null,
        companyDescription: "   ",
        areasOfLaw: [],
        services: [],
        officeLocations: [{ name: "", address: "", city: "", phone: "" }],
        partnersInfo: [{ name: "", description: "x" }],
      },
      licensee: { companyName: "Fallback Legal", phone: "(555) 010-3333" },
    });
    const url = { poundCode: "4law", territorySlug: slugOf(name) };
    await expect(getLandingPage(t.db, url)).rejects.toBeInstanceOf(LandingPageNotFoundError);
    expect((await listLandingPages(t.db)).map((p) => p.path)).not.toContain(`/p/4law/${slugOf(name)}`);

    // A description alone is not enough: the page also needs its areas of law or services.
    await t.db.update(dynamicPages).set({ companyDescription: "We help." }).where(eq(dynamicPages.id, page.id));
    await expect(getLandingPage(t.db, url)).rejects.toBeInstanceOf(LandingPageNotFoundError);

    await t.db
      .update(dynamicPages)
      .set({ services: ["Free consultations"] })
      .where(eq(dynamicPages.id, page.id));
    const view = await getLandingPage(t.db, url);
    expect(view).toMatchObject({
      missing: [],
      pageTitle: null,
      businessName: "Fallback Legal",
      officeLocations: [],
      partners: [],
      socialLinks: [],
      contact: { phone: "(555) 010-3333", email: null, address: null },
    });
    expect((await listLandingPages(t.db)).map((p) => p.path)).toContain(`/p/4law/${slugOf(name)}`);
  });
});

describe("richText", () => {
  it("sanitizes HTML and turns plain text into escaped paragraphs", () => {
    expect(richText('<p onclick="x()">Hi <a href="javascript:alert(1)">there</a></p><iframe src="x"></iframe>')).toBe(
      "<p>Hi <a>there</a></p>",
    );
    expect(richText("Tom & Jerry\nLLP\n\n<3 clients")).toBe("<p>Tom &amp; Jerry<br>LLP</p><p>&lt;3 clients</p>");
    expect(richText("   ")).toBe("");
    expect(richText(null)).toBe("");
  });
});

describe("listLandingPages", () => {
  it("lists the served pages' canonical paths only", async () => {
    const served = territoryName("Landing Listed");
    const hidden = territoryName("Landing Unlisted");
    await seedLandingPage(t.db, { territoryName: served, poundCode: "#SSDI" });
    await seedLandingPage(t.db, { territoryName: hidden, poundCode: "#SSDI", licensee: { status: "inactive" } });
    const paths = (await listLandingPages(t.db)).map((p) => p.path);
    expect(paths).toContain(`/p/ssdi/${slugOf(served)}`);
    expect(paths).not.toContain(`/p/ssdi/${slugOf(hidden)}`);
  });
});

describe("submitLead", () => {
  const lead = leadSchema.parse({
    name: "Tanya Whitaker",
    email: "Tanya.Whitaker@Example.com",
    phone: "(678) 555-0117",
    message: "I was rear-ended last week and the insurer keeps calling.",
  });

  it("records a web form submission for the page's licensee, emails the licensee, and audits, together", async () => {
    const name = territoryName("Landing Lead");
    const { licensee } = await seedLandingPage(t.db, { territoryName: name });
    const r = await submitLead(
      t.db,
      visitor,
      { ...lead, poundCode: "4law", territorySlug: slugOf(name) },
      { publicUrl: PUBLIC_URL },
    );
    expect(r.licenseeId).toBe(licensee.id);
    // The page's canonical address, where the route sends the visitor back to (whatever URL the form posted to).
    expect(r.pagePath).toBe(`/p/4law/${slugOf(name)}`);
    const [row] = await t.db.select().from(formSubmissions).where(eq(formSubmissions.id, r.submissionId));
    expect(row).toMatchObject({
      licenseeId: licensee.id,
      formType: "web_form",
      status: null,
      submissionData: {
        name: "Tanya Whitaker",
        email: "tanya.whitaker@example.com",
        phone: "(678) 555-0117",
        message: "I was rear-ended last week and the insurer keeps calling.",
        territory: name,
        pound_code: "#4LAW",
        source: `#4LAW ${name} landing page`,
      },
    });
    const [mail] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, licensee.email));
    expect(mail).toMatchObject({
      template: "landing_page_lead",
      subject: `New lead from your #4LAW ${name} page: Tanya Whitaker`,
    });
    expect(mail!.textBody).toContain("Phone: (678) 555-0117");
    expect(mail!.textBody).toContain(`${PUBLIC_URL}/dashboard/submissions`);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, r.submissionId));
    expect(audit).toMatchObject([{ action: "form_submission.create", ip: "198.51.100.40" }]);
  });

  it("takes no lead for a page that is not served, and writes nothing when a step fails", async () => {
    const off = territoryName("Landing Off");
    const { licensee } = await seedLandingPage(t.db, { territoryName: off, licensee: { status: "inactive" } });
    await expect(
      submitLead(t.db, visitor, { ...lead, poundCode: "4law", territorySlug: slugOf(off) }, { publicUrl: PUBLIC_URL }),
    ).rejects.toBeInstanceOf(LandingPageNotFoundError);
    expect(await t.db.select().from(formSubmissions).where(eq(formSubmissions.licenseeId, licensee.id))).toHaveLength(
      0,
    );

    const on = territoryName("Landing Rollback");
    const seeded = await seedLandingPage(t.db, { territoryName: on });
    await t.db.execute(
      sql.raw(`create or replace function pc_test_refuse_audit() returns trigger language plpgsql as $$
        begin raise exception 'audit write refused by test'; end $$`),
    );
    await t.db.execute(
      sql.raw(
        "create trigger pc_test_refuse_audit before insert on audit_log for each row execute function pc_test_refuse_audit()",
      ),
    );
    try {
      await expect(
        submitLead(t.db, visitor, { ...lead, poundCode: "4law", territorySlug: slugOf(on) }, { publicUrl: PUBLIC_URL }),
      ).rejects.toThrow();
    } finally {
      await t.db.execute(sql.raw("drop trigger pc_test_refuse_audit on audit_log"));
      await t.db.execute(sql.raw("drop function pc_test_refuse_audit()"));
    }
    expect(
      await t.db.select().from(formSubmissions).where(eq(formSubmissions.licenseeId, seeded.licensee.id)),
    ).toHaveLength(0);
    expect(await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, seeded.licensee.email))).toHaveLength(
      0,
    );
  });
});

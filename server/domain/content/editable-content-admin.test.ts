/**
 * The content editor's domain on both databases: the key rule (normalised, required with the spec's message,
 * unique with a field error, also when two saves race), the page filter and its choices, the spec's order, saving
 * a value (audited with before and after, nothing written when unchanged), HTML sanitized on write, the public
 * readers seeing an edit, and non-administrators refused.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CONTENT_TEXT,
  contentCreateSchema,
  contentRows,
  contentSaveSchema,
  forceContentKey,
  normalizeContentKey,
} from "#kernel/schemas/content-editor.ts";
import { auditLog, editableContent } from "../../db/schema/index.ts";
import { createTestDb, type TestDb } from "../../db/test-utils.ts";
import type { Actor } from "../actor.ts";
import { numberPageContent } from "../catalogue/numbers.ts";
import { DomainError, ForbiddenError, ValidationError } from "../errors.ts";
import {
  ContentItemNotFoundError,
  cleanContentValue,
  createContentItem,
  listContentForAdmin,
  saveContentValue,
} from "./editable-content-admin.ts";
import { readPrivacyPolicy } from "./privacy.ts";
import { dangerousIn, PAYLOADS } from "./xss-corpus.ts";

const ADMIN: Actor = { userId: null, role: "admin", ip: "203.0.113.9" };
const MEMBER: Actor = { userId: null, role: "user", ip: "203.0.113.10" };
const MISSING = "00000000-0000-4000-8000-000000000000";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
  await t.db.insert(editableContent).values([
    { contentKey: "privacy_policy_intro", contentValue: "Intro.", pageSlug: "privacy" },
    { contentKey: "home_hero_title", contentValue: "Hello", pageSlug: "home", description: "Hero headline" },
    { contentKey: "number_detail_intro", contentValue: "Every number …", pageSlug: "number-detail" },
    { contentKey: "home_get_in_touch_intro", contentValue: "Talk to us", pageSlug: "home" },
    { contentKey: "loose_note", contentValue: "No page", pageSlug: null },
  ]);
});
afterAll(() => t.close());

async function refusal(p: Promise<unknown>): Promise<DomainError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(DomainError);
  return err as DomainError;
}

const create = (fields: Record<string, string>) =>
  contentCreateSchema.safeParse({ intent: "create-content", ...fields });

describe("the content key rule", () => {
  it("forces lower-case snake case as typed and trims underscores when stored", () => {
    expect(forceContentKey("Home Hero-Title!")).toBe("home_hero_title");
    expect(forceContentKey("home ")).toBe("home_");
    expect(normalizeContentKey("  Home  Hero ")).toBe("home_hero");
    expect(normalizeContentKey("__Ünïcode key__")).toBe("ncode_key");
    expect(normalizeContentKey("!!!")).toBe("");
  });

  it("requires the key and the value with the spec's message; page and description are optional", () => {
    const cases: Record<string, string>[] = [
      { contentValue: "x" },
      { contentKey: "a_key" },
      { contentKey: "!!!", contentValue: "x" },
    ];
    for (const fields of cases) {
      const r = create(fields);
      expect(r.success).toBe(false);
      expect(r.error?.issues.map((i) => i.message)).toContain(CONTENT_TEXT.required);
    }
    expect(create({ contentKey: "a_key", contentValue: "   " }).error?.issues[0]?.message).toBe(CONTENT_TEXT.required);
    expect(create({ contentKey: "Footer Note", contentValue: "Hi", pageSlug: " Number Detail " }).data).toEqual({
      intent: "create-content",
      contentKey: "footer_note",
      contentValue: "Hi",
      pageSlug: "number-detail",
      description: null,
    });
    expect(create({ contentKey: "k", contentValue: "v", pageSlug: "home/page" }).error?.issues[0]?.message).toBe(
      CONTENT_TEXT.pageSlugInvalid,
    );
  });

  it("edits long values in a 10-row textarea", () => {
    expect(contentRows("x".repeat(200))).toBe(4);
    expect(contentRows("x".repeat(201))).toBe(10);
  });

  it("an emptied value is saved as blank", () => {
    expect(contentSaveSchema.parse({ intent: "save-content", id: MISSING }).contentValue).toBe("");
  });
});

describe("listing", () => {
  it("orders by page then key, items without a page last, and offers every page", async () => {
    const all = await listContentForAdmin(t.db, ADMIN, {});
    expect(all.items.map((i) => i.contentKey)).toEqual([
      "home_get_in_touch_intro",
      "home_hero_title",
      "number_detail_intro",
      "privacy_policy_intro",
      "loose_note",
    ]);
    expect(all.pages).toEqual(["home", "number-detail", "privacy"]);
    expect(all.items.find((i) => i.contentKey === "privacy_policy_intro")?.shownOn?.path).toBe("/privacy");
    expect(all.items.find((i) => i.contentKey === "number_detail_intro")?.shownOn?.path).toBe("/number/hash-4law");
  });

  it("filters by page and searches key, value and description", async () => {
    const home = await listContentForAdmin(t.db, ADMIN, { pageSlug: "home" });
    expect(home.items.map((i) => i.contentKey)).toEqual(["home_get_in_touch_intro", "home_hero_title"]);
    expect(home.pages).toEqual(["home", "number-detail", "privacy"]);
    const found = await listContentForAdmin(t.db, ADMIN, { q: "headline" });
    expect(found.items.map((i) => i.contentKey)).toEqual(["home_hero_title"]);
    expect((await listContentForAdmin(t.db, ADMIN, { q: "_" })).items.length).toBeGreaterThan(0);
    expect((await listContentForAdmin(t.db, ADMIN, { q: "%" })).items).toEqual([]);
    expect((await listContentForAdmin(t.db, ADMIN, { pageSlug: "nowhere" })).items).toEqual([]);
  });
});

describe("adding an item", () => {
  it("creates a normalised key with an audit row", async () => {
    const { id, contentKey } = await createContentItem(t.db, ADMIN, {
      contentKey: "Footer Tagline",
      contentValue: "Memorable numbers",
      pageSlug: "home",
      description: "Footer",
    });
    expect(contentKey).toBe("footer_tagline");
    const [row] = await t.db.select().from(editableContent).where(eq(editableContent.id, id));
    expect(row).toMatchObject({ contentKey: "footer_tagline", contentValue: "Memorable numbers", pageSlug: "home" });
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, "editable_content.create")));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.ip).toBe("203.0.113.9");
  });

  it("refuses a taken key as a field error under the spec's title, writing nothing", async () => {
    const before = await t.db.$count(editableContent);
    const err = await refusal(
      createContentItem(t.db, ADMIN, {
        contentKey: "HOME_HERO_TITLE",
        contentValue: "x",
        pageSlug: null,
        description: null,
      }),
    );
    expect(err).toBeInstanceOf(ValidationError);
    expect(err.title).toBe("Error creating content item");
    expect(err.fieldErrors).toEqual({ contentKey: [CONTENT_TEXT.keyTaken("home_hero_title")] });
    expect(await t.db.$count(editableContent)).toBe(before);
  });

  it("lets one of two simultaneous adds of the same key win; the other gets the same field error", async () => {
    const add = () =>
      createContentItem(t.db, ADMIN, { contentKey: "race_key", contentValue: "v", pageSlug: null, description: null });
    const results = await Promise.allSettled(Array.from({ length: 6 }, add));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results.filter((r) => r.status === "rejected")) {
      expect((r as PromiseRejectedResult).reason).toMatchObject({
        fieldErrors: { contentKey: [CONTENT_TEXT.keyTaken("race_key")] },
      });
    }
    expect(await t.db.$count(editableContent, eq(editableContent.contentKey, "race_key"))).toBe(1);
  });

  it("refuses a key or value that is empty once cleaned", async () => {
    const err = await refusal(
      createContentItem(t.db, ADMIN, {
        contentKey: "emptied",
        contentValue: "<script>x</script>",
        pageSlug: null,
        description: null,
      }),
    );
    expect(err.fieldErrors).toEqual({ contentValue: [CONTENT_TEXT.required] });
  });
});

describe("saving a value", () => {
  it("saves, audits before and after, and the public readers see it at once", async () => {
    const [row] = await t.db
      .select()
      .from(editableContent)
      .where(eq(editableContent.contentKey, "number_detail_intro"));
    const saved = await saveContentValue(t.db, ADMIN, { id: row!.id, contentValue: "Licensed by territory." });
    expect(saved).toEqual({ contentKey: "number_detail_intro", changed: true });
    expect((await numberPageContent(t.db)).intro).toBe("Licensed by territory.");
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, row!.id), eq(auditLog.action, "editable_content.update")));
    expect(audit!.details).toEqual({
      contentKey: "number_detail_intro",
      before: { contentValue: "Every number …" },
      after: { contentValue: "Licensed by territory." },
    });
    const again = await saveContentValue(t.db, ADMIN, { id: row!.id, contentValue: "Licensed by territory." });
    expect(again.changed).toBe(false);
    expect(await t.db.$count(auditLog, eq(auditLog.entityId, row!.id))).toBe(1);
  });

  it("sanitizes HTML on write, keeps plain text as typed, and the privacy page renders it safely", async () => {
    const [row] = await t.db
      .select()
      .from(editableContent)
      .where(eq(editableContent.contentKey, "privacy_policy_intro"));
    await saveContentValue(t.db, ADMIN, {
      id: row!.id,
      contentValue:
        '<p onclick="alert(1)">We <b>care</b>.</p><script>alert(1)</script><a href="javascript:alert(1)">x</a>',
    });
    const [stored] = await t.db.select().from(editableContent).where(eq(editableContent.id, row!.id));
    expect(stored!.contentValue).toBe("<p>We <b>care</b>.</p><a>x</a>");
    const policy = await readPrivacyPolicy(t.db);
    expect(policy.sections.find((s) => s.key === "privacy_policy_intro")?.html).toBe("<p>We <b>care</b>.</p><a>x</a>");
    expect(cleanContentValue("Fees < $95 & up")).toBe("Fees < $95 & up");
  });

  it("keeps nothing executable from the XSS corpus, stored or rendered on the privacy page", async () => {
    const [row] = await t.db
      .select()
      .from(editableContent)
      .where(eq(editableContent.contentKey, "privacy_policy_intro"));
    for (const payload of PAYLOADS) {
      await saveContentValue(t.db, ADMIN, { id: row!.id, contentValue: `<p>Kept <b>text</b></p>${payload}` });
      const [stored] = await t.db.select().from(editableContent).where(eq(editableContent.id, row!.id));
      const html = (await readPrivacyPolicy(t.db)).sections.find((s) => s.key === "privacy_policy_intro")?.html ?? "";
      for (const out of [stored!.contentValue, html]) {
        expect(dangerousIn(out), `${payload} → ${out}`).toEqual([]);
        expect(out).toContain("<b>text</b>");
      }
    }
  });

  it("answers an unknown item with 'Error saving content'", async () => {
    const err = await refusal(saveContentValue(t.db, ADMIN, { id: MISSING, contentValue: "x" }));
    expect(err).toBeInstanceOf(ContentItemNotFoundError);
    expect(err.title).toBe("Error saving content");
    expect(err.status).toBe(404);
  });
});

describe("authorization", () => {
  it("refuses a non-administrator every read and write, writing nothing", async () => {
    const before = await t.db.$count(editableContent);
    const [row] = await t.db.select().from(editableContent).limit(1);
    await expect(listContentForAdmin(t.db, MEMBER, {})).rejects.toBeInstanceOf(ForbiddenError);
    await expect(
      createContentItem(t.db, MEMBER, { contentKey: "sneaky", contentValue: "x", pageSlug: null, description: null }),
    ).rejects.toBeInstanceOf(ForbiddenError);
    await expect(saveContentValue(t.db, MEMBER, { id: row!.id, contentValue: "hacked" })).rejects.toBeInstanceOf(
      ForbiddenError,
    );
    expect(await t.db.$count(editableContent)).toBe(before);
    const [after] = await t.db.select().from(editableContent).where(eq(editableContent.id, row!.id));
    expect(after!.contentValue).toBe(row!.contentValue);
  });
});

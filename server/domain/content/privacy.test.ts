import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRIVACY_KEY_PREFIX } from "#kernel/schemas/privacy.ts";
import type { DbOrTx } from "../../db/client.ts";
import { editableContent } from "../../db/schema/index.ts";
import { createTestDb, type TestDb } from "../../db/test-utils.ts";
import {
  FALLBACK_PRIVACY_DATE,
  FALLBACK_PRIVACY_POLICY,
  PRIVACY_DATE_KEY,
  privacyPolicy,
  privacyValueToHtml,
  readPrivacyPolicy,
} from "./privacy.ts";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.close());

const day = (n: number) => new Date(Date.UTC(2026, 9, n, 12));

/** A database whose every query fails, as when the server is unreachable. */
function brokenDb(): DbOrTx {
  return new Proxy({} as DbOrTx, {
    get() {
      return () => {
        throw new Error("connection refused");
      };
    },
  });
}

describe("the privacy policy read model", () => {
  it("with no rows it is empty (the page shows the empty message)", async () => {
    expect(await readPrivacyPolicy(t.db)).toEqual({ source: "empty", sections: [], lastUpdated: null });
  });

  it("reads only privacy_policy_ rows, in reading order, dated by the newest updated_at", async () => {
    await t.db.insert(editableContent).values([
      { contentKey: "privacy_policy_contact", contentValue: "Call us.", updatedAt: day(3) },
      { contentKey: "privacy_policy_intro", contentValue: "Who we are.", updatedAt: day(1) },
      { contentKey: "privacy_policy_zz_custom_terms", contentValue: "Extra words.", updatedAt: day(2) },
      { contentKey: "privacy_policy_sharing", contentValue: "We do not sell data.", updatedAt: day(2) },
      { contentKey: PRIVACY_DATE_KEY, contentValue: "October 9, 2026", updatedAt: day(9) },
      // Not the policy: another page's text, and a key the LIKE wildcard would match without escaping.
      { contentKey: "home_hero_title", contentValue: "Hello", updatedAt: day(20) },
      { contentKey: "privacyxpolicyxintro", contentValue: "Impostor", updatedAt: day(21) },
    ]);
    const policy = await readPrivacyPolicy(t.db);
    expect(policy.source).toBe("content");
    expect(policy.sections.map((s) => s.key)).toEqual([
      "privacy_policy_intro",
      "privacy_policy_sharing",
      "privacy_policy_contact",
      "privacy_policy_zz_custom_terms",
    ]);
    expect(policy.sections.map((s) => s.title)).toEqual([
      "Introduction",
      "How We Share Information",
      "Contact Us",
      "Zz Custom Terms",
    ]);
    expect(policy.sections.map((s) => s.id)).toEqual(["intro", "sharing", "contact", "zz-custom-terms"]);
    expect(policy.sections[0]!.html).toBe("<p>Who we are.</p>");
    // The newest privacy row (the date row counts, other pages' rows do not).
    expect(policy.lastUpdated).toBe(day(9).toISOString());
  });

  it("an edit moves 'Last updated' forward", async () => {
    const later = new Date(Date.UTC(2026, 10, 15, 8));
    await t.db
      .update(editableContent)
      .set({ contentValue: "We never sell data.", updatedAt: later })
      .where(eq(editableContent.contentKey, "privacy_policy_sharing"));
    const policy = await readPrivacyPolicy(t.db);
    expect(policy.lastUpdated).toBe(later.toISOString());
    expect(policy.sections.find((s) => s.id === "sharing")!.html).toBe("<p>We never sell data.</p>");
  });

  it("sanitizes stored HTML on every read, and escapes plain text", async () => {
    await t.db.insert(editableContent).values({
      contentKey: "privacy_policy_cookies",
      contentValue:
        '<p onclick="steal()">We use <strong>few</strong> cookies.</p><script>alert(1)</script><a href="javascript:alert(1)">x</a>',
    });
    const policy = await readPrivacyPolicy(t.db);
    const cookies = policy.sections.find((s) => s.key === "privacy_policy_cookies")!;
    expect(cookies.title).toBe("Cookies and Analytics");
    expect(cookies.html).toBe("<p>We use <strong>few</strong> cookies.</p><a>x</a>");
    expect(privacyValueToHtml("Fees & charges: 2 < 3\n\nSecond line\nthird")).toBe(
      "<p>Fees &amp; charges: 2 &lt; 3</p><p>Second line<br />third</p>",
    );
  });

  it("a section whose text sanitizes to nothing is left out", async () => {
    await t.db
      .insert(editableContent)
      .values({ contentKey: "privacy_policy_retention", contentValue: "<script>alert(1)</script>" });
    const policy = await readPrivacyPolicy(t.db);
    expect(policy.sections.some((s) => s.key === "privacy_policy_retention")).toBe(false);
  });

  it("falls back to the built-in policy when the read fails, and reports the error", async () => {
    const errors: unknown[] = [];
    const policy = await privacyPolicy(brokenDb(), { onError: (e) => errors.push(e) });
    expect(policy).toBe(FALLBACK_PRIVACY_POLICY);
    expect(policy.source).toBe("fallback");
    expect(policy.lastUpdated).toBe(FALLBACK_PRIVACY_DATE);
    expect(policy.sections.length).toBeGreaterThanOrEqual(5);
    expect(policy.sections[0]!.title).toBe("Introduction");
    expect(policy.sections.every((s) => s.key.startsWith(PRIVACY_KEY_PREFIX) && s.html.startsWith("<p>"))).toBe(true);
    expect(errors).toHaveLength(1);
    await expect(readPrivacyPolicy(brokenDb())).rejects.toThrow("connection refused");
  });

  it("reads the database when it answers", async () => {
    const policy = await privacyPolicy(t.db);
    expect(policy.source).toBe("content");
  });
});

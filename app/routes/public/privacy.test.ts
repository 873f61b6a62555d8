/** The privacy page's loader: stored sections, the empty state, and the built-in text when the read fails. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { editableContent } from "#server/db/schema/index.ts";
import { createTestDb, type TestDb } from "#server/db/test-utils.ts";
import { answerOf, callRoute, routeContext, TEST_ORIGIN, testServices } from "#server/web/test-support.ts";
import { loader } from "./privacy.tsx";

let t: TestDb;
let s: Awaited<ReturnType<typeof testServices>>;
beforeAll(async () => {
  t = await createTestDb();
  s = await testServices(t);
});
afterAll(() => t.close());

type Body = Awaited<ReturnType<typeof loader>>;

async function load(services = s) {
  const res = await answerOf(
    await callRoute(loader, { request: new Request(`${TEST_ORIGIN}/privacy`), context: routeContext(services) }),
  );
  return res as { status: number; body: Body };
}

describe("the privacy page loader", () => {
  it("with no rows: empty, so the page shows the empty message", async () => {
    const { status, body } = await load();
    expect(status).toBe(200);
    expect(body.policy).toEqual({ source: "empty", sections: [], lastUpdated: null });
  });

  it("shows the stored sections, sanitized", async () => {
    const updatedAt = new Date(Date.UTC(2026, 10, 2));
    await t.db.insert(editableContent).values([
      { contentKey: "privacy_policy_intro", contentValue: "<p>Hello<script>x()</script></p>", updatedAt },
      { contentKey: "privacy_policy_contact", contentValue: "Write to us.", updatedAt },
    ]);
    const { body } = await load();
    expect(body.policy.source).toBe("content");
    expect(body.policy.sections.map((x) => [x.title, x.html])).toEqual([
      ["Introduction", "<p>Hello</p>"],
      ["Contact Us", "<p>Write to us.</p>"],
    ]);
    expect(body.policy.lastUpdated).toBe(updatedAt.toISOString());
  });

  it("answers 200 with the built-in text, and logs, when the content cannot be read", async () => {
    const logged: unknown[] = [];
    const failing = {
      ...s,
      db: new Proxy(s.db, {
        get(target, prop, receiver) {
          if (prop === "select") {
            return () => {
              throw new Error("database unavailable");
            };
          }
          return Reflect.get(target, prop, receiver);
        },
      }),
      logger: Object.assign(Object.create(s.logger), { error: (...args: unknown[]) => logged.push(args) }),
    };
    const { status, body } = await load(failing as typeof s);
    expect(status).toBe(200);
    expect(body.policy.source).toBe("fallback");
    expect(body.policy.sections[0]!.title).toBe("Introduction");
    expect(body.policy.lastUpdated).not.toBeNull();
    expect(logged).toHaveLength(1);
  });
});

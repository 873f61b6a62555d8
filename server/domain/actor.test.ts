import { describe, expect, it } from "vitest";
import { type Actor, assertAdmin, isAdmin, SYSTEM_ACTOR } from "./actor.ts";
import { ForbiddenError } from "./errors.ts";

describe("assertAdmin", () => {
  it("lets an administrator through", () => {
    const admin: Actor = { userId: "u1", role: "admin", ip: "203.0.113.9" };
    expect(() => assertAdmin(admin)).not.toThrow();
    expect(isAdmin(admin)).toBe(true);
  });

  it.each([
    ["a member", { userId: "u2", role: "user" } satisfies Actor],
    ["a visitor", { userId: null } satisfies Actor],
    ["the system", SYSTEM_ACTOR],
  ])("refuses %s with a 403 'Not Allowed'", (_who, actor) => {
    expect(isAdmin(actor)).toBe(false);
    let caught: unknown;
    try {
      assertAdmin(actor);
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(ForbiddenError);
    expect(caught).toMatchObject({
      code: "forbidden",
      status: 403,
      title: "Not Allowed",
      message: "You do not have permission to do that.",
    });
  });
});

import { describe, expect, it } from "vitest";
import { isRefusal, type Refusal, refusalFor } from "./answers.ts";

const refusal: Refusal = {
  ok: false,
  code: "invalid_input",
  title: "Please check the form",
  message: "Message is required.",
  result: { initialValue: { intent: "reply", message: "" }, error: { message: ["Message is required."] } },
};

describe("isRefusal", () => {
  it("recognises the route kit's refusal", () => {
    expect(isRefusal(refusal)).toBe(true);
    expect(isRefusal({ ok: false, code: "rate_limited", title: "Too Many Requests", message: "Wait." })).toBe(true);
  });

  it("refuses successes, nothing and other shapes", () => {
    expect(isRefusal({ ok: true, title: "Saved", message: "Category saved." })).toBe(false);
    expect(isRefusal(undefined)).toBe(false);
    expect(isRefusal(null)).toBe(false);
    expect(isRefusal("ok: false")).toBe(false);
    expect(isRefusal({ ok: false })).toBe(false);
    expect(isRefusal({ ok: "false", message: "no" })).toBe(false);
  });
});

describe("refusalFor", () => {
  it("answers the refusal of the form whose intent was posted", () => {
    expect(refusalFor(refusal, "reply")).toBe(refusal);
  });

  it("answers null for another form's refusal, a refusal without the form's state, or a success", () => {
    expect(refusalFor(refusal, "status")).toBeNull();
    expect(refusalFor({ ...refusal, result: undefined }, "reply")).toBeNull();
    expect(refusalFor({ ok: true, title: "Reply posted", message: "" }, "reply")).toBeNull();
    expect(refusalFor(undefined, "reply")).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { type Hold, holdFor, holdSteps } from "./holds.ts";

const visitor: Hold = { territoryId: "t-vt", categoryId: "law", categoryName: "#4LAW", confirmed: false };
const member: Hold = { territoryId: "t-vt", categoryId: "auto", categoryName: "#AUTO", confirmed: true };

describe("holds", () => {
  it("finds the visitor's hold on a territory for the category in view", () => {
    expect(holdFor([visitor, member], "t-vt", "law")).toBe(visitor);
    expect(holdFor([visitor, member], "t-vt", "auto")).toBe(member);
    expect(holdFor([visitor, member], "t-vt", "help")).toBeNull();
    expect(holdFor([visitor, member], "t-oh", "law")).toBeNull();
    // No category in view: the latest hold on the territory.
    expect(holdFor([visitor, member], "t-vt", null)).toBe(member);
  });

  it("tells a visitor to confirm from the email within 24 hours, and who calls next", () => {
    const { summary, steps } = holdSteps(visitor, "Vermont");
    expect(summary).toBe("#4LAW in Vermont is reserved for you.");
    expect(steps[0]).toContain("confirm it");
    expect(steps[0]).toContain("24 hours");
    expect(steps[1]).toContain("licensing team");
  });

  it("tells a verified user the hold lasts 5 business days", () => {
    const { steps } = holdSteps(member, "Vermont");
    expect(steps[0]).toContain("5 business days");
    expect(steps.join(" ")).not.toContain("24 hours");
    expect(steps[1]).toContain("licensing team");
  });
});

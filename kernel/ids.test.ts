import { describe, expect, it } from "vitest";
import { isUuid } from "./ids.ts";

describe("isUuid", () => {
  it("accepts a UUID in either case", () => {
    expect(isUuid("0b3f6c1e-8d2a-4f4e-9c1b-2a7d5e6f8a90")).toBe(true);
    expect(isUuid("0B3F6C1E-8D2A-4F4E-9C1B-2A7D5E6F8A90")).toBe(true);
  });

  it("refuses anything else", () => {
    expect(isUuid("")).toBe(false);
    expect(isUuid("georgia")).toBe(false);
    expect(isUuid("0b3f6c1e8d2a4f4e9c1b2a7d5e6f8a90")).toBe(false);
    expect(isUuid(" 0b3f6c1e-8d2a-4f4e-9c1b-2a7d5e6f8a90")).toBe(false);
    expect(isUuid("0b3f6c1e-8d2a-4f4e-9c1b-2a7d5e6f8a9g")).toBe(false);
  });
});

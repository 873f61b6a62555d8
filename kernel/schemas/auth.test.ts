import { describe, expect, it } from "vitest";
import { passwordWeaknesses, safeRedirect } from "./auth.ts";

describe("safeRedirect", () => {
  it("keeps same-site paths with their query", () => {
    expect(safeRedirect("/dashboard?tab=1")).toBe("/dashboard?tab=1");
    expect(safeRedirect("/admin/emails")).toBe("/admin/emails");
  });

  it("refuses anything that could leave the site", () => {
    for (const bad of [
      "//evil.example",
      "/\\\\evil.example",
      "/\\t/evil.example",
      "/\\n/evil.example",
      "https://evil.example",
      "evil",
      "/%0d%0aX:y\\r\\n",
      "",
      null,
      undefined,
    ]) {
      expect(safeRedirect(bad as string, "/home")).toBe("/home");
    }
    expect(safeRedirect("/\t/evil.example", "/home")).toBe("/home");
    // Dot segments that resolve to a protocol-relative path ("//host") leave the site once the browser reads them.
    for (const bad of [
      "/..//evil.example",
      "/.%2e//evil.example",
      "/%2e%2e//evil.example",
      "/a/../..//evil.example/x?y=1",
    ]) {
      expect(safeRedirect(bad, "/home")).toBe("/home");
    }
    // A same-site path with dot segments is kept, normalized.
    expect(safeRedirect("/admin/../dashboard?tab=1", "/home")).toBe("/dashboard?tab=1");
    expect(safeRedirect("/a\r\nSet-Cookie: x=y", "/home")).toBe("/home");
  });
});

describe("passwordWeaknesses", () => {
  it("reports each reason", () => {
    expect(passwordWeaknesses("abc")).toContain("Password is too short. It must be at least 6 characters long.");
    expect(passwordWeaknesses("aaaaaaa")).toContain("Password must not be a single repeated character.");
    expect(passwordWeaknesses("password")).toContain("Password is too common.");
    expect(passwordWeaknesses("s3cure-pass")).toEqual([]);
  });
});

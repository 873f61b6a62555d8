import { describe, expect, it } from "vitest";
import { httpUrl, landingPagePath, leadSchema, poundCodeFromSegment } from "./landing-page.ts";

describe("landing page URLs", () => {
  it("accept the #Code written several ways", () => {
    for (const s of ["4law", "4LAW", "#4LAW", "hash-4law", " 4Law "]) expect(poundCodeFromSegment(s)).toBe("#4LAW");
    for (const s of ["", "#", "hash-", "4 law", "<script>", "x".repeat(60)]) expect(poundCodeFromSegment(s)).toBeNull();
  });

  it("have one canonical path", () => {
    expect(landingPagePath("#4LAW", "Georgia")).toBe("/p/4law/georgia");
    expect(landingPagePath("#HELP", "Central Florida")).toBe("/p/help/central-florida");
  });

  it("keep only http(s) links", () => {
    expect(httpUrl("https://www.facebook.com/x")).toBe("https://www.facebook.com/x");
    expect(httpUrl(" http://example.com ")).toBe("http://example.com/");
    for (const u of ["javascript:alert(1)", "ftp://x.example", "//x.example", "not a url", 5, null]) {
      expect(httpUrl(u)).toBeNull();
    }
  });
});

describe("lead schema", () => {
  it("requires name, email and phone; the message is optional", () => {
    expect(leadSchema.parse({ name: "A", email: "A@B.co", phone: "(404) 555-0142", message: "" })).toEqual({
      name: "A",
      email: "a@b.co",
      phone: "(404) 555-0142",
    });
    expect(leadSchema.safeParse({ name: "A", email: "a@b.co", phone: "" }).success).toBe(false);
  });
});

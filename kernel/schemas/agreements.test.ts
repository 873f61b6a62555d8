import { describe, expect, it } from "vitest";
import { agreementTone, signAgreementSchema, splitClauses, TERMS_PREVIEW_CHARS, termsPreview } from "./agreements.ts";

describe("agreement strings and rules", () => {
  it("colours active green and anything else amber", () => {
    expect(agreementTone("active")).toBe("green");
    for (const s of ["pending", "expired", "terminated", "unknown"]) expect(agreementTone(s)).toBe("amber");
  });

  it("previews the terms in at most 150 characters", () => {
    expect(TERMS_PREVIEW_CHARS).toBe(150);
    const long = "1. Parties. ".concat("word ".repeat(80));
    const p = termsPreview(long);
    expect(p.length).toBeLessThanOrEqual(151);
    expect(p.endsWith("…")).toBe(true);
    expect(termsPreview("Short terms.")).toBe("Short terms.");
    expect(termsPreview(null)).toBe("");
  });

  it("splits stored terms into numbered clauses", () => {
    expect(splitClauses("1. Parties. A and B.\n\n2. Term. Twelve months.\n\nPlain note.")).toEqual([
      { lead: "1. Parties.", text: "A and B." },
      { lead: "2. Term.", text: "Twelve months." },
      { lead: null, text: "Plain note." },
    ]);
  });

  it("needs a typed name, consent and the shown document's fingerprint", () => {
    const sha = "a".repeat(64);
    expect(
      signAgreementSchema.safeParse({ signerName: "Dana Hartwell", consent: true, documentSha256: sha }).success,
    ).toBe(true);
    const bad = signAgreementSchema.safeParse({ signerName: " ", consent: false, documentSha256: "x" });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.path[0]).sort()).toEqual(["consent", "documentSha256", "signerName"]);
  });
});

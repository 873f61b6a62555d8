import { describe, expect, it } from "vitest";
import { LICENCE_TERMS } from "#kernel/schemas/company.ts";
import { type AgreementTermsInput, buildAgreementTerms } from "./terms.ts";

/** A #4LAW license in Alabama whose setup deposit is $1,510.00: not the $200.00 of the public terms' example. */
const input: AgreementTermsInput = {
  licensee: {
    companyName: "Quinn Law",
    contactName: "Avery Quinn",
    email: "avery@quinnlaw.example",
    addressLine1: "1 Court Square",
    addressLine2: null,
    city: "Montgomery",
    stateProvince: "AL",
    postalCode: "36104",
  },
  territory: {
    name: "Alabama",
    state: "AL",
    areaCodes: ["205", "251"],
    population: 5_024_279,
    minimumMonthlyFeeCents: 9_500,
    minutesMultiplier: 1,
    smsMultiplier: 1,
  },
  offering: { kind: "category", name: "#4LAW", categoryType: "poundcode" },
  licence: {
    monthlyFeeCents: 94_500,
    finalCalculatedFeeCents: null,
    baseLicenseFeeCents: 94_500,
    categoryModifierAmountCents: null,
    keywordModifierAmountCents: null,
    setupFeeCents: 151_000,
    startsAt: new Date("2027-01-04T05:00:00Z"),
    keywordGroup: null,
  },
  vanityNumbers: [],
  draftedAt: new Date("2026-11-16T15:00:00Z"),
};

describe("the setup deposit clause of an agreement", () => {
  it("states this license's own deposit and its refund, not the public terms' $200.00 example", () => {
    expect(LICENCE_TERMS.depositExampleCents).toBe(20_000);
    const clause = buildAgreementTerms(input)
      .split("\n\n")
      .find((c) => c.startsWith("5. Setup Deposit."));
    expect(clause).toBe(
      "5. Setup Deposit. The Licensee pays a Setup Deposit of $1,510.00 on signing. If the Licensee cancels within 5 Business Days of paying it, PoundCodes refunds the $1,510.00 in full. After that the deposit is applied to the setup of the Licensed Number and is not refundable. Business Days are Monday to Friday.",
    );
    expect(buildAgreementTerms(input)).not.toContain("$200.00");
    expect(buildAgreementTerms(input)).not.toContain("for example");
  });
});

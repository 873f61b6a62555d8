/** A vanity number's page reserves that number per territory, like a #Code (ADR 005). */
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { NumberContext, TerritoryView } from "#kernel/catalogue.ts";
import { offeringLabel, reserveTitle, vanityNumberLabel } from "#kernel/schemas/reservation-strings.ts";
import { cardStatus } from "#kernel/territory-status.ts";
import { categoryForReservation, planAction } from "./card-actions.ts";
import { holdFor } from "./holds.ts";
import { reservationDetails } from "./price-story.ts";
import { TerritoryPanel } from "./territory-panel.tsx";
import { applyReservation, reservedCategory, shownTerritories } from "./territory-views.ts";

const VANITY = "5f0c1d2e-3a4b-4c5d-8e6f-7a8b9c0d1e2f";
const LAW = "0b9d3e21-7c4a-4f6e-8d2b-5a1c9e3f7b62";

const vanity: NumberContext = {
  kind: "vanity",
  id: VANITY,
  numberText: "(800) LAW-HELP",
  slug: "800-law-help",
  name: "Law Help Line",
  description: null,
  status: "available",
  territoryId: null,
  associatedPoundCode: "#4LAW",
};

function vermont(over: Partial<TerritoryView> = {}): TerritoryView {
  return {
    id: "t-vt",
    key: "VT",
    name: "Vermont",
    state: "VT",
    portion: null,
    slug: "vermont",
    population: 643_077,
    areaCodes: ["802"],
    listStatus: "available",
    mapStatus: "available",
    pricing: {
      baseMonthlyCents: 49_900,
      setupCents: 75_000,
      perMinuteCents: 5,
      perSmsCents: 2,
      perWebFormLeadCents: 50,
      categoryQuote: {
        categoryId: VANITY,
        categoryName: "1-800-LAW-HELP",
        finalMonthlyCents: 49_900,
        lines: [
          { key: "base", label: "Vanity number monthly fee", cents: 49_900, kind: "monthly" },
          { key: "monthly_total", label: "Monthly total", cents: 49_900, kind: "total" },
        ],
      },
    },
    categories: [
      { categoryId: LAW, name: "#4LAW", slug: "hash-4law", kind: "poundcode", status: "licensed", monthlyCents: 9_500 },
    ],
    ...over,
  };
}

describe("the vanity number names the reservation", () => {
  it("is called by its dialled form, and the dialog says 'Reserve 1-800-LAW-HELP in Vermont'", () => {
    expect(vanityNumberLabel("(800) LAW-HELP")).toBe("1-800-LAW-HELP");
    expect(vanityNumberLabel("(212) LAW-FIRM")).toBe("1-212-LAW-FIRM");
    expect(vanityNumberLabel("Call LAW HELP")).toBe("Call LAW HELP");
    expect(reserveTitle("vanity", "1-800-LAW-HELP", "Vermont")).toBe("Reserve 1-800-LAW-HELP in Vermont");
    expect(reserveTitle("category", "#4LAW", "Vermont")).toBe("Reserve Vermont for #4LAW");
    expect(offeringLabel("vanity")).toBe("Vanity number");
    expect(offeringLabel("category")).toBe("#Code");
  });

  it("reserves the page's vanity number, never a #Code, without asking for a category", () => {
    const target = categoryForReservation(vanity, [{ id: LAW, name: "#4LAW" }], null);
    expect(target).toEqual({ id: VANITY, name: "1-800-LAW-HELP", kind: "vanity" });
    expect(
      planAction({ action: "reserve", territoryName: "Vermont", category: target, hasCategorySection: false }),
    ).toEqual({
      kind: "open",
      dialog: "reserve",
      category: target,
    });
  });

  it("the dialog's details are the number's own monthly fee and deposit", () => {
    expect(reservationDetails(vermont(), null)).toEqual([
      { label: "Monthly", value: "$499.00/mo" },
      { label: "Deposit", value: "$750.00" },
    ]);
  });
});

describe("after reserving a vanity number", () => {
  it("the territory shows in negotiations for that number, leaving the #Code statuses alone", () => {
    const reserved = reservedCategory(VANITY, [], vanity, "1-800-LAW-HELP");
    expect(reserved).toEqual({ id: VANITY, name: "1-800-LAW-HELP", slug: "800-law-help", kind: "vanity" });
    const [t] = applyReservation([vermont()], "t-vt", reserved);
    expect(t!.listStatus).toBe("negotiations");
    expect(t!.categories).toEqual(vermont().categories);
    // The page's vanity status is not replaced by a #Code's.
    expect(shownTerritories([vermont()], [], vanity, null)[0]!.listStatus).toBe("available");
  });

  it("the panel says the territory is held for the visitor, not 'Join Waitlist'", () => {
    const t = vermont({ listStatus: "negotiations", mapStatus: "negotiations" });
    const hold = holdFor(
      [{ territoryId: "t-vt", categoryId: VANITY, categoryName: "1-800-LAW-HELP", confirmed: false }],
      "t-vt",
      VANITY,
    );
    const out = renderToStaticMarkup(
      <MemoryRouter>
        <TerritoryPanel
          territory={t}
          status={cardStatus(t.listStatus)}
          selected
          onAction={() => {}}
          hold={hold}
          expectQuote
          vanity
          titleId="p"
        />
      </MemoryRouter>,
    );
    expect(out).toContain("Held for you");
    expect(out).toContain("1-800-LAW-HELP in Vermont is reserved for you.");
    expect(out).not.toContain("Join Waitlist");
    expect(out).toContain("1-800-LAW-HELP monthly fee");
    expect(out).toContain("(1-800-LAW-HELP in Vermont, exclusive in this territory)");
    expect(out).not.toContain("based on population");
  });
});

import { describe, expect, it } from "vitest";
import type { NumberContext } from "#kernel/catalogue.ts";
import { CATEGORY_SELECTION_NOT_AVAILABLE } from "#kernel/schemas/reservation.ts";
import { ACTION_LABELS, askQuestionHref, categoryForReservation, planAction } from "./card-actions.ts";

const LAW = "0b9d3e21-7c4a-4f6e-8d2b-5a1c9e3f7b62";
const DOC = "7d1e2f30-4a5b-4c6d-8e9f-0a1b2c3d4e5f";

const poundcode: NumberContext = {
  kind: "poundcode",
  categoryId: LAW,
  name: "#4LAW",
  slug: "hash-4law",
  description: null,
};
const all: NumberContext = { kind: "all" };

describe("action labels", () => {
  it("offers 'Select Category & Reserve', 'Join Waitlist' and 'Inquire'", () => {
    expect(ACTION_LABELS.reserve).toBe("Select Category & Reserve");
    expect(ACTION_LABELS.waitlist).toBe("Join Waitlist");
    expect(ACTION_LABELS.inquire).toBe("Inquire");
  });
});

describe("categoryForReservation", () => {
  it("reserves the page's #Code, or the chosen one", () => {
    const cats = [{ id: DOC, name: "#DOCTOR" }];
    expect(categoryForReservation(poundcode, cats, null)).toEqual({ id: LAW, name: "#4LAW" });
    expect(categoryForReservation(all, cats, null)).toBeNull();
    expect(categoryForReservation(all, cats, DOC)).toEqual({ id: DOC, name: "#DOCTOR" });
    expect(categoryForReservation(all, cats, "missing")).toBeNull();
  });
});

describe("planAction", () => {
  const category = { id: LAW, name: "#4LAW" };

  it("opens the reservation or waitlist dialog when the category is known", () => {
    expect(planAction({ action: "reserve", territoryName: "Ohio", category, hasCategorySection: false })).toEqual({
      kind: "open",
      dialog: "reserve",
      category,
    });
    expect(planAction({ action: "waitlist", territoryName: "Ohio", category, hasCategorySection: true })).toEqual({
      kind: "open",
      dialog: "waitlist",
      category,
    });
  });

  it("asks for a category below when none is chosen", () => {
    expect(planAction({ action: "reserve", territoryName: "Ohio", category: null, hasCategorySection: true })).toEqual({
      kind: "choose-category",
      message: "Please choose a category below for Ohio before reserving.",
    });
    expect(
      planAction({ action: "waitlist", territoryName: "Ohio", category: null, hasCategorySection: true }),
    ).toMatchObject({ kind: "choose-category" });
  });

  it("says 'Category selection not available.' without a category section", () => {
    expect(planAction({ action: "reserve", territoryName: "Ohio", category: null, hasCategorySection: false })).toEqual(
      {
        kind: "no-section",
        message: CATEGORY_SELECTION_NOT_AVAILABLE,
      },
    );
    expect(CATEGORY_SELECTION_NOT_AVAILABLE).toBe("Category selection not available.");
  });

  it("does nothing for 'Inquire'", () => {
    expect(planAction({ action: "inquire", territoryName: "Ohio", category, hasCategorySection: true })).toEqual({
      kind: "none",
    });
  });
});

describe("askQuestionHref", () => {
  it("builds the 'Ask a question' contact link", () => {
    expect(askQuestionHref("Northern California")).toBe("/contact?subject=Question%20about%20Northern%20California");
    expect(askQuestionHref("A & B")).toBe("/contact?subject=Question%20about%20A%20%26%20B");
  });
});

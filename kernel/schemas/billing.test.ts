import { describe, expect, it } from "vitest";
import { CANCEL_PATH, SUCCESS_PATH, walletWarning, withoutPaymentQuery } from "./billing.ts";

describe("the wallet's warning", () => {
  it("speaks up at $0.00 and below, in one set of words for every screen", () => {
    expect(walletWarning(1)).toBeNull();
    expect(walletWarning(0)).toMatchObject({ title: "Your wallet is empty" });
    expect(walletWarning(-1)).toMatchObject({ title: "Your wallet is overdrawn" });
  });
});

describe("the billing page's address after checkout", () => {
  it("loses what checkout sent back, and keeps anything else", () => {
    const success = new URL(SUCCESS_PATH.replace("{CHECKOUT_SESSION_ID}", "cs_test_1"), "https://example.test");
    expect(success.search).toBe("?payment=success&session_id=cs_test_1");
    expect(withoutPaymentQuery(success.search)).toBe("");
    expect(withoutPaymentQuery(new URL(CANCEL_PATH, "https://example.test").search)).toBe("");
    expect(withoutPaymentQuery("?payment=success&tab=history")).toBe("?tab=history");
    // Nothing to drop: no navigation.
    expect(withoutPaymentQuery("")).toBeNull();
    expect(withoutPaymentQuery("?tab=history")).toBeNull();
  });
});

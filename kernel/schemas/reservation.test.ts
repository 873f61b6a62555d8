import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { AGREE_TO_TERMS_MESSAGE, reservationSchema, waitlistSchema } from "./reservation.ts";

const TERRITORY = "6f1c2a9e-4b7d-4c1e-9a3f-2d5b8e7c1a40";
const CATEGORY = "0b9d3e21-7c4a-4f6e-8d2b-5a1c9e3f7b62";

function form(entries: Record<string, string>): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(entries)) fd.append(k, v);
  return fd;
}

describe("reservationSchema with Conform (as the route action and the dialog use it)", () => {
  it("parses a submitted form: checkbox 'on' is true, blanks drop out, email is lower-cased", () => {
    const submission = parseWithZod(
      form({
        territoryId: TERRITORY,
        categoryId: CATEGORY,
        name: " Dana Whitfield ",
        email: "Dana@Example.com",
        phone: "(555) 123-4567",
        company: "",
        message: "",
        agreeToTerms: "on",
      }),
      { schema: reservationSchema },
    );
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value).toEqual({
      territoryId: TERRITORY,
      categoryId: CATEGORY,
      name: "Dana Whitfield",
      email: "dana@example.com",
      phone: "(555) 123-4567",
      agreeToTerms: true,
    });
  });

  it("reports an unticked terms box and missing fields", () => {
    const submission = parseWithZod(form({ territoryId: TERRITORY, categoryId: CATEGORY }), {
      schema: reservationSchema,
    });
    expect(submission.status).toBe("error");
    if (submission.status !== "error") return;
    expect(submission.error).toMatchObject({
      name: ["Name is required."],
      email: ["Email is required."],
      phone: ["Phone number is required."],
      agreeToTerms: [AGREE_TO_TERMS_MESSAGE],
    });
  });

  it("leaves a missing category to the domain's 'Select Category' answer", () => {
    const submission = parseWithZod(
      form({ territoryId: TERRITORY, name: "Dana", email: "d@example.com", phone: "5551234567", agreeToTerms: "on" }),
      { schema: reservationSchema },
    );
    expect(submission.status).toBe("success");
  });
});

describe("waitlistSchema with Conform", () => {
  it("parses email and optional name", () => {
    const submission = parseWithZod(
      form({ territoryId: TERRITORY, categoryId: CATEGORY, email: " Sam@Example.com ", name: "" }),
      { schema: waitlistSchema },
    );
    expect(submission.status).toBe("success");
    if (submission.status === "success") {
      expect(submission.value).toEqual({ territoryId: TERRITORY, categoryId: CATEGORY, email: "sam@example.com" });
    }
  });
});

describe("the territory of a form", () => {
  const base = { categoryId: CATEGORY, email: "sam@example.com" };
  it("is a territory id or a URL slug", () => {
    for (const territoryId of [TERRITORY, "georgia", "east-texas", "district-of-columbia", "ny-n"]) {
      expect(waitlistSchema.safeParse({ ...base, territoryId }).success).toBe(true);
    }
  });
  it("is refused with 'Please choose a territory.' when missing or neither", () => {
    for (const territoryId of ["", "East Texas", "georgia;--", "-georgia", "georgia-", "a--b", "x".repeat(121)]) {
      const r = waitlistSchema.safeParse({ ...base, territoryId });
      expect(r.success).toBe(false);
      expect(r.error?.issues.map((i) => i.message)).toEqual(["Please choose a territory."]);
    }
  });
});

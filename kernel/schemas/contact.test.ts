import { describe, expect, it } from "vitest";
import { CONTACT } from "../links.ts";
import { CONTACT_SERVICES, contactPrefill, contactSchema, isWithinBusinessHours, subjectFromQuery } from "./contact.ts";
import { maskEmail } from "./newsletter.ts";

describe("contact schema", () => {
  it("requires name, email and message; phone and company are optional", () => {
    const ok = contactSchema.parse({ name: " Ann ", email: "ANN@Example.com", phone: "", company: "", message: "Hi" });
    expect(ok).toEqual({ name: "Ann", email: "ann@example.com", message: "Hi" });
    const bad = contactSchema.safeParse({ name: "", email: "ann@", message: " " });
    expect(bad.success).toBe(false);
  });
});

describe("the query prefill", () => {
  it("reads subject codes as words and knows the support and crm teams", () => {
    expect(subjectFromQuery("PhilanthropyInquiry")).toBe("Philanthropy Inquiry");
    expect(subjectFromQuery("partner_program-question")).toBe("partner program question");
    expect(subjectFromQuery("a\u0000b")).toBe("a b");
    expect(subjectFromQuery("x".repeat(400))).toHaveLength(150);
    expect(contactPrefill(new URLSearchParams("service=support"))).toEqual({
      subject: "Customer Support",
      service: "support",
    });
  });
});

describe("the way to a licensing advisor", () => {
  it("opens the contact form with the licensing advisor preselected", () => {
    const url = new URL(CONTACT.advisorForm, "https://example.test");
    expect(url.pathname).toBe("/contact");
    expect(url.hash).toBe("#contact-form");
    expect(contactPrefill(url.searchParams)).toEqual({ subject: "Licensing Advisor", service: "licensing" });
    expect(CONTACT_SERVICES.licensing.label).toBe("Licensing advisor");
    // Only the known teams: an inherited property name is not one.
    expect(contactPrefill(new URLSearchParams("service=toString"))).toEqual({ subject: "", service: null });
  });
});

describe("business hours", () => {
  it("are Monday to Friday, 9:00 AM to 6:00 PM Eastern", () => {
    expect(isWithinBusinessHours(new Date("2026-11-23T14:00:00Z"))).toBe(true); // Monday 9:00 AM EST
    expect(isWithinBusinessHours(new Date("2026-11-23T13:59:00Z"))).toBe(false); // 8:59 AM
    expect(isWithinBusinessHours(new Date("2026-11-23T23:00:00Z"))).toBe(false); // 6:00 PM
    expect(isWithinBusinessHours(new Date("2026-11-21T16:00:00Z"))).toBe(false); // Saturday
    expect(isWithinBusinessHours(new Date("2026-07-06T13:30:00Z"))).toBe(true); // Monday 9:30 AM EDT
  });
});

describe("maskEmail", () => {
  it("keeps two letters and the domain", () => {
    expect(maskEmail("dana.whitfield@example.com")).toBe("da•••@example.com");
    expect(maskEmail("d@example.com")).toBe("d•••@example.com");
  });
});

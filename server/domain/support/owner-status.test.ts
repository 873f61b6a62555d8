import { describe, expect, it } from "vitest";
import { replyToOwnerNotice } from "#server/integrations/email/support-templates.ts";
import { emailData } from "./tickets.ts";

describe("a ticket's status in the owner's email", () => {
  it("reads in the owner's words ('Awaiting your reply'), never the desk's ('Pending User')", () => {
    const data = emailData(
      {
        id: "6f1c2a9e-3b4d-4e5f-8a9b-0c1d2e3f4a5b",
        subject: "Calls not routing",
        priority: "high",
        status: "pending_user",
      },
      { name: "Avery Quinn", email: "avery@example.com", company: null },
      "https://example.test",
    );
    expect(data.statusLabel).toBe("Pending User");
    const mail = replyToOwnerNotice({ ...data, reply: "Fixed." });
    expect(mail.text).toContain("(status: Awaiting your reply)");
    expect(mail.text).not.toContain("Pending User");
  });
});

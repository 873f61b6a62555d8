/**
 * 'Chat with a licensing advisor' was only a phone number under a chat label. Every way to an advisor now works: the
 * phone as a tel: link, and the contact form with the licensing advisor preselected.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { GetInTouch } from "#app/components/home/get-in-touch.tsx";
import { CONTACT } from "#kernel/links.ts";
import { TalkToAnAdvisor } from "./contact-details.tsx";

const html = (node: React.ReactNode) => renderToStaticMarkup(<MemoryRouter>{node}</MemoryRouter>);
const advisorForm = CONTACT.advisorForm.replace("&", "&amp;");

describe("the ways to a licensing advisor", () => {
  it("on the home page: call, or write with the form addressed to an advisor; no chat is promised", () => {
    const out = html(<GetInTouch intro="Talk to us." />);
    expect(out).toContain(`href="${CONTACT.phoneHref}"`);
    expect(out).toContain(`href="${advisorForm}"`);
    expect(out).toContain("Message a licensing advisor");
    expect(out).not.toMatch(/chat/i);
  });

  it("on the contact page: the same two, under a heading that says what they are", () => {
    for (const open of [true, false]) {
      const out = html(<TalkToAnAdvisor open={open} />);
      expect(out).toContain("Talk to a licensing advisor");
      expect(out).toContain(`href="${CONTACT.phoneHref}"`);
      expect(out).toContain(`href="${advisorForm}"`);
      expect(out).not.toMatch(/live chat/i);
    }
  });
});

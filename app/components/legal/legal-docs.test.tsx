import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { PRIVACY_EMPTY_MESSAGE } from "#kernel/schemas/privacy.ts";
import { ADJUNCT_MARKETING_AGREEMENT } from "./adjunct-marketing-agreement.ts";
import { DISCLAIMERS } from "./disclaimers.ts";
import { LEGAL_LINKS, LegalPage } from "./legal-page.tsx";
import { PrivacyPage } from "./privacy-page.tsx";
import { TERMS_OF_SERVICE } from "./terms.ts";
import { TERMS_OF_USE } from "./terms-of-use.ts";
import type { LegalDocument, Rich } from "./types.ts";

const DOCS = [TERMS_OF_SERVICE, TERMS_OF_USE, DISCLAIMERS, ADJUNCT_MARKETING_AGREEMENT];

function richText(r: Rich): string {
  return typeof r === "string" ? r : r.map((p) => (typeof p === "string" ? p : p.text)).join("");
}

/** Every word of a document, for the fact checks. */
function fullText(doc: LegalDocument): string {
  const parts = [doc.title, doc.description, ...doc.intro.map(richText)];
  for (const s of doc.sections) {
    parts.push(s.title);
    for (const b of s.blocks) {
      if (b.type === "p" || b.type === "note") parts.push(richText(b.text));
      else if (b.type === "ul" || b.type === "ol") parts.push(...b.items.map(richText));
      else if (b.type === "defs") parts.push(...b.items.map((d) => `${d.term} ${richText(d.text)}`));
      else parts.push(...b.items);
    }
  }
  return parts.join("\n");
}

const render = (node: React.ReactNode) => renderToStaticMarkup(<MemoryRouter>{node}</MemoryRouter>);

describe("legal documents", () => {
  it.each(DOCS.map((doc) => ({ doc, path: doc.path })))("$path is well formed", ({ doc }) => {
    const ids = doc.sections.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z][a-z0-9-]*$/);
    expect(doc.lastUpdated).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(doc.sections.length).toBeGreaterThanOrEqual(5);
    expect(LEGAL_LINKS.map((l) => l.to)).toContain(doc.path);
    expect(fullText(doc)).not.toMatch(/lorem|ipsum|TODO|coming soon|\bundefined\b/i);
    expect(fullText(doc)).not.toMatch(/\bNaN\b/);
  });

  it("state the product's facts", () => {
    const terms = fullText(TERMS_OF_SERVICE);
    expect(terms).toContain("$200.00 deposit");
    expect(terms).toContain("within 5 business days");
    expect(terms).toContain("30 days' notice");
    expect(terms).toContain("For 5 business days after your License begins");
    expect(terms).toContain("per-million-people monthly rate");
    expect(terms).toContain("Only 10 #Codes exist");
    expect(terms).toContain("(800) 580-1500, Monday to Friday, 9:00 AM to 6:00 PM EST");
    const agreement = fullText(ADJUNCT_MARKETING_AGREEMENT);
    expect(agreement).toContain("For 5 Business Days after the Start Date");
    expect(agreement).toContain("per-million-people monthly rate");
    expect(agreement).toContain("30 days' written notice");
    expect(agreement).toContain("30 years of marketing experience");
    const disclaimers = fullText(DISCLAIMERS);
    for (const fact of ["2.5X", "60+ countries", "30 years in marketing", "Only 10 #Codes exist"]) {
      expect(disclaimers).toContain(fact);
    }
    expect(fullText(TERMS_OF_USE)).toContain("30 days' notice");
  });

  it("render with one heading, a dated title band and a contents list linking every section", () => {
    for (const doc of DOCS) {
      const html = render(<LegalPage doc={doc} />);
      expect(html.match(/<h1/g)).toHaveLength(1);
      expect(html).toContain(`>${doc.title.replaceAll("&", "&amp;")}</h1>`);
      expect(html).toContain('Last updated <time dateTime="2026-11-01">November 1, 2026</time>');
      for (const s of doc.sections) {
        expect(html).toContain(`id="${s.id}"`);
        expect(html).toContain(`href="#${s.id}"`);
      }
    }
  });
});

describe("privacy page", () => {
  it("shows the spec's message when there is nothing to show", () => {
    const html = render(<PrivacyPage policy={{ source: "empty", sections: [], lastUpdated: null }} />);
    expect(html).toContain(PRIVACY_EMPTY_MESSAGE);
    expect(html).not.toContain("Last updated");
  });

  it("shows each section as a collapsible <details>, the first open, with the date", () => {
    const html = render(
      <PrivacyPage
        policy={{
          source: "content",
          lastUpdated: "2026-10-09T12:00:00.000Z",
          sections: [
            { key: "privacy_policy_intro", id: "intro", title: "Introduction", html: "<p>Who we are.</p>" },
            { key: "privacy_policy_contact", id: "contact", title: "Contact Us", html: "<p>Call us.</p>" },
          ],
        }}
      />,
    );
    expect(html.match(/<details/g)).toHaveLength(3); // two sections and the phone-width contents list
    expect(html).toMatch(/<details id="intro" open=""/);
    expect(html).toMatch(/<details id="contact" class/);
    expect(html).toContain("<p>Who we are.</p>");
    expect(html).toContain("October 9, 2026");
  });
});

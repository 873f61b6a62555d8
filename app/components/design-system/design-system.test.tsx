import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import {
  AlertsSection,
  BadgesSection,
  ButtonsSection,
  CardsSection,
  ColoursSection,
  FormsSection,
  OverlaysSection,
  SectionNav,
  TableSection,
  TypographySection,
} from "./index.ts";

const SECTIONS = [
  [ColoursSection, "colors", "Colors"],
  [TypographySection, "typography", "Typography"],
  [ButtonsSection, "buttons", "Buttons"],
  [FormsSection, "forms", "Forms"],
  [BadgesSection, "badges", "Badges"],
  [CardsSection, "cards", "Cards"],
  [OverlaysSection, "overlays", "Dialog and toast"],
  [TableSection, "table", "Table"],
  [AlertsSection, "alerts", "Alerts"],
] as const;

describe("design system sections", () => {
  it.each(SECTIONS.map(([Section, id, title]) => ({ Section, id, title })))(
    "$id renders a section labelled by its heading",
    ({ Section, id, title }) => {
      const out = renderToStaticMarkup(<Section />);
      expect(out).toContain(`<section aria-labelledby="${id}"`);
      expect(out).toMatch(new RegExp(`<h2 id="${id}"[^>]*>${title}</h2>`));
    },
  );

  it("links every section from the nav", () => {
    const nav = renderToStaticMarkup(<SectionNav />);
    for (const [, id] of SECTIONS) expect(nav).toContain(`href="#${id}"`);
    // The admin list section needs a router (its sort and page controls are links); the page test covers it.
    expect(nav).toContain('href="#data-table"');
  });

  it("shows the field family's states, wired for assistive technology", () => {
    const out = renderToStaticMarkup(<FormsSection />);
    expect(out).toContain('aria-describedby="showcase-email-error"');
    expect(out).toContain("Please enter a valid email address.");
    expect(out).toContain('aria-describedby="showcase-category-hint"');
    expect(out).toContain("(optional)");
    expect(out).toContain('for="showcase-terms"');
  });
});

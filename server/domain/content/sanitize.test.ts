/** A corpus of XSS payloads: nothing executable survives the sanitizer, and ordinary formatting does. */
import { describe, expect, it } from "vitest";
import { htmlToText, sanitizeHtml } from "./sanitize.ts";
import { DANGEROUS, PAYLOADS } from "./xss-corpus.ts";

describe("sanitizeHtml", () => {
  it.each(PAYLOADS)("leaves nothing executable of %s", (payload) => {
    const clean = sanitizeHtml(payload);
    for (const pattern of DANGEROUS) expect(clean, `${pattern} in ${clean}`).not.toMatch(pattern);
    // Sanitizing is stable: what was stored clean stays the same when rendered.
    expect(sanitizeHtml(clean)).toBe(clean);
  });

  it("keeps ordinary formatting, safe links and images", () => {
    const html =
      '<h2>Title</h2><p>Some <strong>bold</strong> and <em>italic</em> text with a <a href="https://poundcodes.com/about">link</a>.</p><ul><li>One</li></ul><img src="https://cdn.example/a.png" alt="A" />';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it("makes new-tab links safe", () => {
    expect(sanitizeHtml('<a href="https://x.example" target="_blank">x</a>')).toBe(
      '<a href="https://x.example" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });

  it("turns stored HTML into plain text", () => {
    expect(htmlToText("<p>Hello <b>there</b></p><script>alert(1)</script>")).toBe("Hello there");
    expect(htmlToText(null)).toBe("");
  });
});

/**
 * One newsletter issue as an email: the campaign's (already sanitized) HTML inside the branded layout, a plain-text
 * version, the subscriber's own unsubscribe link in the body, and the RFC 2369 / RFC 8058 headers that let a mail
 * client offer one-click unsubscribe (`List-Unsubscribe` with the https link and a mailto, and
 * `List-Unsubscribe-Post: List-Unsubscribe=One-Click`; the link answers that POST without a sign-in).
 */

/** The template name of a newsletter issue (and of its test send) in the mailbox. */
export const NEWSLETTER_ISSUE_TEMPLATE = "newsletter";
export const NEWSLETTER_TEST_TEMPLATE = "newsletter_test";

export type NewsletterIssue = {
  to: string;
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
};

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

const ENTITIES: Record<string, string> = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&#39;": "'",
  "&nbsp;": " ",
};

/**
 * Plain text from sanitized HTML: block ends become paragraph breaks, list items get a dash, a link keeps its
 * address after its words, every other tag goes.
 */
export function newsletterText(html: string): string {
  return html
    .replace(/<a\b[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_, href: string, words: string) => {
      const label = words.replace(/<[^>]*>/g, "").trim();
      return label && label !== href ? `${label} (${href})` : href;
    })
    .replace(/<li\b[^>]*>/gi, "- ")
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<\/(p|h[1-6]|li|ul|ol|blockquote|pre|div)>/gi, "\n\n")
    .replace(/<[^>]*>/g, "")
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (m) => ENTITIES[m] ?? m)
    .replace(/[ \t]+\n/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

const CONTENT_STYLE = "font-size:15px;line-height:1.6;color:#0b1f3a";

/** The branded layout around the campaign's content, with the unsubscribe line in the footer. */
function layout(subject: string, contentHtml: string, unsubscribe: { url: string | null; note: string }): string {
  const link = unsubscribe.url
    ? `<a href="${esc(unsubscribe.url)}" style="color:#0b1f3a;text-decoration:underline">Unsubscribe</a> · `
    : "";
  return `<!doctype html><html><head><meta charset="utf-8"><title>${esc(subject)}</title></head><body style="margin:0;background:#f4f6fa;font-family:Arial,Helvetica,sans-serif;color:#0b1f3a"><table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px"><table role="presentation" width="600" cellpadding="0" cellspacing="0" style="background:#ffffff;border-radius:8px;overflow:hidden;max-width:600px"><tr><td style="background:#0b1f3a;color:#ffffff;padding:20px 28px;font-size:20px;font-weight:700"><span style="color:#c9a227">#</span>PoundCodes <span style="font-weight:400;font-size:14px;color:#c9d3e3">Newsletter</span></td></tr><tr><td style="padding:28px;${CONTENT_STYLE}">${contentHtml}</td></tr><tr><td style="padding:16px 28px;font-size:12px;line-height:1.6;color:#6b7280;border-top:1px solid #e5e7eb">${link}${esc(unsubscribe.note)}<br>PoundCodes · (800) 580-1500 · Monday to Friday, 9:00 AM to 6:00 PM EST</td></tr></table></td></tr></table></body></html>`;
}

/**
 * The issue for one subscriber. `contentHtml` must already be sanitized (the domain does it on save and again
 * here, on render); `unsubscribeUrl` is that subscriber's own link; `unsubscribeMailbox` is the address of the
 * mailto alternative in `List-Unsubscribe`.
 */
export function newsletterIssue(input: {
  to: string;
  subject: string;
  contentHtml: string;
  unsubscribeUrl: string;
  unsubscribeMailbox: string;
}): NewsletterIssue {
  const note = "You receive this because you subscribed to the PoundCodes newsletter.";
  const mailto = `mailto:${input.unsubscribeMailbox}?subject=${encodeURIComponent("Unsubscribe from the newsletter")}`;
  return {
    to: input.to,
    subject: input.subject,
    html: layout(input.subject, input.contentHtml, { url: input.unsubscribeUrl, note }),
    text: [
      newsletterText(input.contentHtml),
      "—",
      `${note} Unsubscribe with one click: ${input.unsubscribeUrl}`,
      "PoundCodes · (800) 580-1500",
    ].join("\n\n"),
    headers: {
      "List-Unsubscribe": `<${input.unsubscribeUrl}>, <${mailto}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}

/** The administrator's test copy: the same issue, marked as a test, without a working unsubscribe link. */
export function newsletterTestIssue(input: { to: string; subject: string; contentHtml: string }) {
  const note = "This is a test send to you. Each subscriber's copy carries their own one-click unsubscribe link here.";
  return {
    template: NEWSLETTER_TEST_TEMPLATE,
    to: input.to,
    subject: `[Test] ${input.subject}`,
    html: layout(input.subject, input.contentHtml, { url: null, note }),
    text: [newsletterText(input.contentHtml), "—", note, "PoundCodes · (800) 580-1500"].join("\n\n"),
  };
}

/**
 * Legal texts are typed data rendered by one component (legal-page.tsx): each document is a list of numbered
 * sections made of paragraphs, lists, definitions, notes and blanks to fill in.
 */

/** A run of text, or a link inside a paragraph. */
export type Inline = string | { text: string; to: string };

/** Plain text, or text with links. */
export type Rich = string | readonly Inline[];

export type LegalBlock =
  | { type: "p"; text: Rich }
  | { type: "ul"; items: readonly Rich[] }
  | { type: "ol"; items: readonly Rich[] }
  /** Terms and their meanings. */
  | { type: "defs"; items: readonly { term: string; text: Rich }[] }
  /** A highlighted paragraph (a key term or a warning). */
  | { type: "note"; text: Rich }
  /** Labelled blanks to fill in when signing (the agreement's schedule and signatures). */
  | { type: "fields"; items: readonly string[] };

export type LegalSection = {
  /** Anchor id, unique in the document. */
  id: string;
  title: string;
  blocks: readonly LegalBlock[];
};

export type LegalDocument = {
  path: string;
  title: string;
  /** Under the title, and the page's meta description. */
  description: string;
  /** ISO date (YYYY-MM-DD) of the last change. */
  lastUpdated: string;
  /** Paragraphs before the first section. */
  intro: readonly Rich[];
  sections: readonly LegalSection[];
};
